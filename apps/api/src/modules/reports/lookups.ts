import { HISTORY_SORT_FIELDS } from '@gatehouse/contract';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client';
import type { ReportScope } from './scope';

/**
 * What the visit history grid needs (`get_history_data_grid`): its columns, and the sites, areas, user types and
 * kiosks its filters offer, within the caller's grants.
 */
export async function historyGrid(tx: Db, scope: ReportScope) {
  const e = scope.entityId;
  const sites = rowsOf<{ id: number; name: string; timezone: string }>(
    await tx.execute(sql`select id, name, timezone from sites where entity_id = ${e} and ${scope.sites(sql`id`)} order by name`),
  );
  const areas = rowsOf<{ id: number; name: string; site_id: number }>(
    await tx.execute(sql`select id, name, site_id from areas where entity_id = ${e} and ${scope.sites(sql`site_id`)} order by name`),
  );
  const types = rowsOf<{ id: number; name: string }>(await tx.execute(sql`select id, name from user_types where entity_id = ${e} and ${scope.types(sql`id`)} order by name`));
  const kiosks = rowsOf<{ id: number; name: string }>(
    await tx.execute(sql`select id, name from kiosks where entity_id = ${e} and (${scope.siteIds ? scope.sites(sql`site_id`) : sql`true`}) order by name`),
  );
  const sortable = new Set<string>(HISTORY_SORT_FIELDS);
  const columns = ['full_name', 'user_type', 'site', 'area', 'signed_in_at', 'signed_out_at', 'minutes', 'sign_in_method', 'status', 'host'].map((id) => ({
    id,
    sortable: sortable.has(id) ? (1 as const) : (0 as const),
  }));
  const num = <T extends { id: number }>(rows: T[]) => rows.map((r) => ({ ...r, id: Number(r.id) }));
  return { columns, sites: num(sites), areas: num(areas).map((a) => ({ ...a, site_id: Number(a.site_id) })), user_types: num(types), kiosks: num(kiosks) };
}

/** People pickers of the reports (`users/entities`): names matching the search, within the caller's grants. */
export async function reportPeople(tx: Db, scope: ReportScope, q: { search?: string; limit: number; page: number }) {
  const term = q.search ? `%${q.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const where = sql`u.entity_id = ${scope.entityId} and ${scope.types(sql`u.user_type_id`)}
    ${term ? sql`and ((u.first_name || ' ' || u.last_name) ilike ${term} or u.email ilike ${term})` : sql``}
    and ${scope.people(sql`u.id`, sql`u.all_sites`)}`;
  const rows = rowsOf<{ id: number; first_name: string; last_name: string; email: string | null; type_id: number | null; type_name: string | null; total: number }>(
    await tx.execute(sql`select u.id, u.first_name, u.last_name, u.email, ut.id as type_id, ut.name as type_name, count(*) over ()::int as total
      from users u left join user_types ut on ut.id = u.user_type_id where ${where}
      order by u.first_name, u.last_name, u.id limit ${q.limit} offset ${(q.page - 1) * q.limit}`),
  );
  return {
    data: rows.map((r) => ({ id: Number(r.id), full_name: `${r.first_name} ${r.last_name}`.trim(), email: r.email, user_type: r.type_id === null ? null : { id: Number(r.type_id), name: r.type_name ?? '' } })),
    count: rows[0] ? Number(rows[0].total) : 0,
  };
}

/** Kiosk logs: the remote commands sent to kiosks and their statuses (rule 244), newest first. */
export async function kioskLogs(tx: Db, scope: ReportScope, f: { kiosk_id?: number; status?: string; command?: string; start_date?: string; end_date?: string }, page: { limit: number; page: number }) {
  const c = [sql`r.entity_id = ${scope.entityId}`, scope.siteIds ? scope.sites(sql`k.site_id`) : sql`true`];
  if (f.kiosk_id) c.push(sql`r.kiosk_id = ${f.kiosk_id}`);
  if (f.status) c.push(sql`r.status = ${f.status}`);
  if (f.command) c.push(sql`r.command = ${f.command}`);
  if (f.start_date) c.push(sql`r.created_at >= ${new Date(`${f.start_date}T00:00:00Z`)}`);
  if (f.end_date) c.push(sql`r.created_at < ${new Date(Date.parse(`${f.end_date}T00:00:00Z`) + 86_400_000)}`);
  const rows = rowsOf<{ id: number; kiosk_id: number; kiosk_name: string; command: string; status: string; reason: string | null; user_name: string; created_at: string | Date; updated_at: string | Date; total: number }>(
    await tx.execute(sql`select r.id, r.kiosk_id, k.name as kiosk_name, r.command, r.status, r.reason, r.user_name, r.created_at, r.updated_at, count(*) over ()::int as total
      from kiosk_requests r join kiosks k on k.id = r.kiosk_id where ${sql.join(c, sql` and `)}
      order by r.created_at desc, r.id desc limit ${page.limit} offset ${(page.page - 1) * page.limit}`),
  );
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      kiosk: { id: Number(r.kiosk_id), name: r.kiosk_name },
      command: r.command,
      status: r.status,
      reason: r.reason,
      user_name: r.user_name,
      created_at: new Date(r.created_at).toISOString(),
      updated_at: new Date(r.updated_at).toISOString(),
    })),
    count: rows[0] ? Number(rows[0].total) : 0,
  };
}
