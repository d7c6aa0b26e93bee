import { type HistoryRow, type LogbookFilter, LOGBOOK_HIGH_TEMPERATURE_C } from '@gatehouse/contract';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client';
import { COUNT_CAP } from '../dashboard/index';
import { assertReachable, localDayRange, type ReportScope } from './scope';

const SORTS: Record<string, SQL[]> = {
  signed_in_at: [sql`v.signed_in_at`],
  signed_out_at: [sql`v.signed_out_at`],
  full_name: [sql`u.last_name`, sql`u.first_name`],
  area: [sql`a.name`],
  site: [sql`s.name`],
  user_type: [sql`ut.name`],
  minutes: [sql`(v.signed_out_at - v.signed_in_at)`],
};

const ids = (col: SQL, list: (number | string)[]) => sql`${col} in (${sql.join(list.map((i) => sql`${i}`), sql`, `)})`;

/**
 * The where-clause of visit history: the logbook's filters (rule 164) on visits, dates as the site's local days,
 * any period, within the caller's grants (rule 96).
 */
export function historyWhere(scope: ReportScope, f: LogbookFilter): SQL {
  const c: SQL[] = [sql`v.entity_id = ${scope.entityId}`, sql`v.signed_in_at is not null`, scope.sites(sql`s.id`), scope.types(sql`u.user_type_id`)];
  if (f.start_date) c.push(sql`v.signed_in_at >= ${new Date(Date.parse(`${f.start_date}T00:00:00Z`) - 15 * 3600_000)}`);
  if (f.end_date) c.push(sql`v.signed_in_at < ${new Date(Date.parse(`${f.end_date}T00:00:00Z`) + 39 * 3600_000)}`);
  if (f.start_date || f.end_date) c.push(localDayRange(sql`v.signed_in_at`, sql`s.timezone`, f.start_date ?? '1970-01-01', f.end_date ?? '9999-12-30'));
  if (f.site_id) c.push(ids(sql`s.id`, f.site_id));
  if (f.area_id) c.push(ids(sql`v.area_id`, f.area_id));
  if (f.user_type_id) c.push(ids(sql`u.user_type_id`, f.user_type_id));
  if (f.kiosk_id) c.push(ids(sql`v.kiosk_id`, f.kiosk_id));
  if (f.input_method) c.push(sql`exists (select 1 from scans i where i.visit_id = v.id and i.direction = 'in' and ${ids(sql`i.method`, f.input_method)})`);
  if (f.status && ['signed_in', 'signed_out', 'auto_closed'].includes(f.status)) c.push(sql`v.status = ${f.status}`);
  if (f.temperature === 'high') c.push(sql`v.temperature >= ${LOGBOOK_HIGH_TEMPERATURE_C}`);
  else if (f.temperature === 'normal') c.push(sql`v.temperature < ${LOGBOOK_HIGH_TEMPERATURE_C}`);
  else if (f.temperature === 'not_taken') c.push(sql`v.temperature is null`);
  if (f.search) {
    const term = `%${f.search.replace(/[\\%_]/g, '\\$&')}%`;
    c.push(sql`(u.first_name ilike ${term} or u.last_name ilike ${term} or u.email ilike ${term} or (u.first_name || ' ' || u.last_name) ilike ${term})`);
  }
  return sql.join(c, sql` and `);
}

export const HISTORY_FROM = sql`visits v
  join users u on u.id = v.user_id
  join sites s on s.id = v.site_id
  left join areas a on a.id = v.area_id
  left join user_types ut on ut.id = u.user_type_id
  left join users h on h.id = v.host_user_id`;

export const HISTORY_COLUMNS = sql`v.id, v.user_id, u.first_name, u.last_name, u.user_type_id, ut.name as user_type_name, s.id as site_id, s.name as site_name,
  a.id as area_id, a.name as area_name, v.status, v.signed_in_at, v.signed_out_at, v.sign_in_method, v.late_sign_in, v.early_sign_out,
  (v.signed_in_at at time zone s.timezone)::date::text as local_date, h.first_name as host_first, h.last_name as host_last`;

export interface HistoryDbRow {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  user_type_id: number | null;
  user_type_name: string | null;
  site_id: number;
  site_name: string;
  area_id: number | null;
  area_name: string | null;
  status: string;
  signed_in_at: string | Date | null;
  signed_out_at: string | Date | null;
  sign_in_method: string | null;
  late_sign_in: boolean;
  early_sign_out: boolean;
  local_date: string | null;
  host_first: string | null;
  host_last: string | null;
}

const iso = (d: string | Date | null) => (d ? new Date(d).toISOString() : null);
const ref = (id: number | null, name: string | null) => (id === null || name === null ? null : { id: Number(id), name });

export function presentHistoryRow(r: HistoryDbRow): HistoryRow {
  const minutes = r.signed_in_at && r.signed_out_at ? Math.round((new Date(r.signed_out_at).getTime() - new Date(r.signed_in_at).getTime()) / 60_000) : null;
  return {
    id: Number(r.id),
    user_id: Number(r.user_id),
    full_name: `${r.first_name} ${r.last_name}`.trim(),
    user_type: ref(r.user_type_id, r.user_type_name),
    site: ref(r.site_id, r.site_name),
    area: ref(r.area_id, r.area_name),
    status: r.status,
    signed_in_at: iso(r.signed_in_at),
    signed_out_at: iso(r.signed_out_at),
    local_date: r.local_date,
    minutes,
    sign_in_method: r.sign_in_method,
    late: r.late_sign_in ? 1 : 0,
    early: r.early_sign_out ? 1 : 0,
    host: r.host_first ? `${r.host_first} ${r.host_last ?? ''}`.trim() : null,
  };
}

export async function listHistory(
  tx: Db,
  scope: ReportScope,
  opts: { filter: LogbookFilter; sortField?: string; order?: 'asc' | 'desc'; limit: number; page: number },
) {
  await assertReachable(tx, scope, opts.filter);
  const where = historyWhere(scope, opts.filter);
  const dir = opts.order === 'asc' ? sql`asc` : sql`desc`;
  const sort = SORTS[opts.sortField ?? 'signed_in_at'] ?? SORTS.signed_in_at;
  const order = sql.join([...sort.map((c) => sql`${c} ${dir} nulls last`), sql`v.id ${dir}`], sql`, `);
  const res = await tx.execute(sql`select ${HISTORY_COLUMNS} from ${HISTORY_FROM} where ${where} order by ${order}
    limit ${opts.limit} offset ${(opts.page - 1) * opts.limit}`);
  const counted = await tx.execute(sql`select count(*)::int as n from (select 1 from ${HISTORY_FROM} where ${where} limit ${COUNT_CAP + 1}) c`);
  const n = Number(rowsOf<{ n: number }>(counted)[0].n);
  return { data: rowsOf<HistoryDbRow>(res).map(presentHistoryRow), count: Math.min(n, COUNT_CAP), count_capped: n > COUNT_CAP ? (1 as const) : (0 as const) };
}
