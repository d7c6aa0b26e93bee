import type { PrintJob } from '@gatehouse/contract';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client';
import type { ReportScope } from '../reports/index';

export interface PrintRow {
  id: number;
  printer: string;
  status: string;
  request_status: string | null;
  request_at: string | Date | null;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  user_type_id: number | null;
  role_id: number | null;
  kiosk_id: number | null;
  kiosk_name: string | null;
  scan_id: number | null;
  reprint_of: number | null;
  created_at: string | Date;
  expires_at: string | Date;
  executed_at: string | Date | null;
}

/**
 * A job's status as the print list shows it (rule 291): a reprint follows the kiosk request that carries it
 * (succeeded: printed; failed; canceled); a job not printed by its expiry is expired.
 */
export function jobStatus(r: Pick<PrintRow, 'status' | 'request_status' | 'expires_at'>, now = new Date()): PrintJob['status'] {
  if (r.status === 'canceled' || r.status === 'printed' || r.status === 'failed') return r.status;
  if (r.request_status === 'succeeded') return 'printed';
  if (r.request_status === 'failed' || r.request_status === 'closed') return 'failed';
  if (r.request_status === 'canceled') return 'canceled';
  if (new Date(r.expires_at) <= now) return 'expired';
  return r.status === 'sent' ? 'sent' : 'queued';
}

const iso = (d: string | Date | null) => (d ? new Date(d).toISOString() : null);

export function presentPrintJob(r: PrintRow, now = new Date()): PrintJob {
  const status = jobStatus(r, now);
  return {
    id: Number(r.id),
    printer: r.printer,
    status,
    person: r.user_id === null ? null : { id: Number(r.user_id), name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() },
    kiosk: r.kiosk_id === null ? null : { id: Number(r.kiosk_id), name: r.kiosk_name ?? r.printer },
    reprint_of: r.reprint_of === null ? null : Number(r.reprint_of),
    created_at: iso(r.created_at)!,
    expires_at: iso(r.expires_at)!,
    executed_at: iso(r.executed_at) ?? (status === 'printed' ? iso(r.request_at) : null),
    can_cancel: status === 'queued' || status === 'sent' ? 1 : 0,
    // Rule 102: never for default users (no user type, or a console member).
    can_reprint: r.kiosk_id !== null && r.scan_id !== null && r.user_type_id !== null && r.role_id === null && status !== 'queued' && status !== 'sent' ? 1 : 0,
  };
}

export const PRINT_COLUMNS = sql`j.id, j.printer, j.status, kr.status as request_status, kr.updated_at as request_at, j.user_id, u.first_name, u.last_name,
    u.user_type_id, u.role_id, j.kiosk_id, k.name as kiosk_name, j.scan_id, j.reprint_of, j.created_at, j.expires_at, j.executed_at`;
export const PRINT_FROM = sql`print_jobs j left join users u on u.id = j.user_id left join kiosks k on k.id = j.kiosk_id
  left join kiosk_requests kr on kr.id = j.kiosk_request_id`;

/** The print list, newest first, for the kiosks of the caller's sites and the people of their user types (rule 96). */
export async function listPrintJobs(tx: Db, scope: ReportScope, f: { status?: string; kiosk_id?: number }, page: { limit: number; page: number }) {
  const c = [sql`j.entity_id = ${scope.entityId}`, scope.siteIds ? sql`(${scope.sites(sql`k.site_id`)})` : sql`true`, scope.typeIds ? scope.types(sql`u.user_type_id`) : sql`true`];
  if (f.kiosk_id) c.push(sql`j.kiosk_id = ${f.kiosk_id}`);
  const where = sql.join(c, sql` and `);
  const rows = rowsOf<PrintRow>(
    await tx.execute(sql`select ${PRINT_COLUMNS} from ${PRINT_FROM} where ${where}
      order by j.created_at desc, j.id desc limit ${f.status ? 5000 : page.limit} offset ${f.status ? 0 : (page.page - 1) * page.limit}`),
  );
  const counted = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from print_jobs j left join users u on u.id = j.user_id left join kiosks k on k.id = j.kiosk_id where ${where}`),
  );
  let data = rows.map((r) => presentPrintJob(r));
  let count = Number(counted[0].n);
  if (f.status) {
    // The shown status is partly derived (expiry, the kiosk request): filter on it, then page.
    data = data.filter((j) => j.status === f.status);
    count = data.length;
    data = data.slice((page.page - 1) * page.limit, page.page * page.limit);
  }
  return { data, count };
}
