import { EXPORT_ROWS_MAX, LOGBOOK_HIGH_TEMPERATURE_C, type LogbookFilter, type LogbookRow } from '@gatehouse/contract';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, like, lt, not, or, sql, type SQL } from 'drizzle-orm';
import { areas, scans, sites, users, userTypes, visits } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import { grantConditions } from '../../platform/auth/grants';
import type { Db } from '../../platform/db/client';
import { presentScan, scanQuery, type ScanRow } from '../signin';
import { listExpected } from './list-expected';

/** The logbook counts at most this many rows: past it the grid shows "10,000+" (count_capped = 1). */
export const COUNT_CAP = 10_000;

const addDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

/** The where-clause of a logbook filter (rule 164), the caller's site and user-type grants included (rule 96). */
export function logbookWhere(actor: MemberActor, f: LogbookFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (f.start_date) conds.push(gte(scans.at, new Date(`${f.start_date}T00:00:00Z`)));
  if (f.end_date) conds.push(lt(scans.at, addDay(f.end_date)));
  if (f.area_id) conds.push(inArray(scans.areaId, f.area_id));
  if (f.site_id) conds.push(inArray(scans.areaId, sql`(select ${areas.id} from ${areas} where ${areas.entityId} = ${actor.entityId} and ${inArray(areas.siteId, f.site_id)})`));
  if (f.kiosk_id) conds.push(inArray(scans.kioskId, f.kiosk_id));
  if (f.input_method) conds.push(inArray(scans.method, f.input_method));
  if (f.user_type_id) conds.push(inArray(users.userTypeId, f.user_type_id));
  const scanType = (t: string) =>
    t === 'sign_in' ? eq(scans.direction, 'in') : t === 'sign_out' ? and(eq(scans.direction, 'out'), not(like(scans.method, 'auto%'))) : and(eq(scans.direction, 'out'), like(scans.method, 'auto%'));
  if (f.scan_type) conds.push(or(...f.scan_type.map(scanType)));
  if (f.status === 'sign_in' || f.status === 'sign_out' || f.status === 'auto_sign_out') conds.push(scanType(f.status));
  else if (f.status) conds.push(eq(visits.status, f.status as 'signed_in'));
  // Rule 167: 'default' filters nothing.
  if (f.temperature === 'high') conds.push(gte(scans.temperature, LOGBOOK_HIGH_TEMPERATURE_C));
  else if (f.temperature === 'normal') conds.push(lt(scans.temperature, LOGBOOK_HIGH_TEMPERATURE_C));
  else if (f.temperature === 'not_taken') conds.push(isNull(scans.temperature));
  if (f.search) {
    const term = `%${f.search.replace(/[\\%_]/g, '\\$&')}%`;
    conds.push(or(ilike(users.firstName, term), ilike(users.lastName, term), ilike(users.email, term), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term)));
  }
  const grants = grantConditions(actor);
  conds.push(grants.areaCondition(scans.areaId), grants.userTypeCondition(users.userTypeId));
  return and(...conds);
}

const SORTS = {
  at: [scans.at],
  full_name: [users.lastName, users.firstName],
  area: [areas.name],
  site: [sites.name],
  user_type: [userTypes.name],
  input_method: [scans.method],
  type: [scans.direction, scans.method],
} as const;

/** A scan as a logbook row: with its visit's journey stage, date, time and admin notes. */
export function presentLogbookRow(r: ScanRow): LogbookRow {
  return {
    ...presentScan(r),
    journey_stage: (r.journeyStage as string | null) ?? null,
    visit_date: (r.visitDate as string | null) ?? null,
    visit_time: (r.visitTime as string | null) ?? null,
    admin_notes: (r.adminNotes as string | null) ?? null,
  };
}

export async function listLogbook(
  tx: Db,
  actor: MemberActor,
  opts: { filter: LogbookFilter; sortField?: keyof typeof SORTS; order?: 'asc' | 'desc'; limit: number; page: number; exporting?: boolean },
) {
  if (opts.filter.status === 'expected' || opts.filter.status === 'awaiting_approval') return listExpected(tx, actor, opts);
  const where = logbookWhere(actor, opts.filter);
  const dir = opts.order === 'asc' ? asc : desc;
  const order = [...SORTS[opts.sortField ?? 'at'].map((c) => dir(c)), dir(scans.id)];
  const limit = opts.exporting ? EXPORT_ROWS_MAX : opts.limit;
  const offset = opts.exporting ? 0 : (opts.page - 1) * opts.limit;
  const needsUsers = !!(opts.filter.user_type_id || opts.filter.search || !actor.allUserTypes);
  const needsVisits = !!opts.filter.status && !['sign_in', 'sign_out', 'auto_sign_out'].includes(opts.filter.status);
  let rows;
  if (['at', 'input_method', 'type', undefined].includes(opts.sortField)) {
    // Two steps: the page's scan ids from the scans index alone, then those scans with their joins.
    let page = tx.select({ id: scans.id }).from(scans).$dynamic();
    if (needsUsers) page = page.innerJoin(users, eq(users.id, scans.userId));
    if (needsVisits) page = page.leftJoin(visits, eq(visits.id, scans.visitId));
    const ids = (await page.where(and(eq(scans.entityId, actor.entityId), where)).orderBy(...order).limit(limit).offset(offset)).map((r) => r.id);
    const found = ids.length ? await scanQuery(tx, actor.entityId, inArray(scans.id, ids)) : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    rows = ids.map((id) => byId.get(id)!).filter(Boolean);
  } else {
    rows = await scanQuery(tx, actor.entityId, where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  }
  // Count what matches, up to the cap (a full count over millions of scans is not worth a slow first page).
  let inner = tx.select({ one: sql`1` }).from(scans).$dynamic();
  if (needsUsers) inner = inner.innerJoin(users, eq(users.id, scans.userId));
  if (needsVisits) inner = inner.leftJoin(visits, eq(visits.id, scans.visitId));
  const capped = inner.where(and(eq(scans.entityId, actor.entityId), where)).limit(COUNT_CAP + 1).as('capped');
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(capped);
  return { data: rows.map(presentLogbookRow), count: Math.min(Number(n), COUNT_CAP), count_capped: Number(n) > COUNT_CAP ? (1 as const) : (0 as const) };
}
