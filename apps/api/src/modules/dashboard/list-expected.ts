import { EXPORT_ROWS_MAX, type LogbookFilter, type LogbookRow } from '@gatehouse/contract';
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { areas, sites, users, userTypes, visits } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import { grantConditions } from '../../platform/auth/grants';
import type { Db } from '../../platform/db/client';
import { hosts, personAndPlaceColumns, visitDetailColumns } from '../signin';

/** Expected visits have no scan: a filter on what only a scan has (kiosk, input method, scan type, reading) matches none. */
const scanOnly = (f: LogbookFilter) => !!(f.kiosk_id?.length || f.input_method?.length || f.scan_type?.length || f.temperature === 'high' || f.temperature === 'normal');

const SORTS = {
  at: [visits.expectedAt],
  full_name: [users.lastName, users.firstName],
  area: [areas.name],
  site: [sites.name],
  user_type: [userTypes.name],
  input_method: [visits.expectedAt],
  type: [visits.expectedAt],
} as const;

/**
 * The logbook filtered on `status: 'expected'` (rule 153), or on `'awaiting_approval'` (those still awaiting approval,
 * issue 15 part 4): the expected visits, which have no scan yet, as
 * logbook rows of type 'expected' (the row's id is the visit's), at their expected time. Dates are the visits'
 * own dates in their site's calendar; the caller's site and user-type grants apply (rule 96).
 */
export async function listExpected(
  tx: Db,
  actor: MemberActor,
  opts: { filter: LogbookFilter; sortField?: keyof typeof SORTS; order?: 'asc' | 'desc'; limit: number; page: number; exporting?: boolean },
): Promise<{ data: LogbookRow[]; count: number; count_capped: 0 | 1 }> {
  const f = opts.filter;
  if (scanOnly(f)) return { data: [], count: 0, count_capped: 0 };
  const awaiting = f.status === 'awaiting_approval';
  const conds: (SQL | undefined)[] = [eq(visits.entityId, actor.entityId), eq(visits.status, 'expected'), awaiting ? eq(visits.approvalState, 'pending') : undefined];
  if (f.start_date) conds.push(gte(visits.visitDate, f.start_date));
  if (f.end_date) conds.push(lte(visits.visitDate, f.end_date));
  if (f.area_id) conds.push(inArray(visits.areaId, f.area_id));
  if (f.site_id) conds.push(inArray(visits.siteId, f.site_id));
  if (f.user_type_id) conds.push(inArray(users.userTypeId, f.user_type_id));
  if (f.search) {
    const term = `%${f.search.replace(/[\\%_]/g, '\\$&')}%`;
    conds.push(or(ilike(users.firstName, term), ilike(users.lastName, term), ilike(users.email, term), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term)));
  }
  const grants = grantConditions(actor);
  // An expected visit is reached by its own site and user type, as in the visits list (rules 96, 100).
  conds.push(grants.siteCondition(visits.siteId), grants.userTypeCondition(visits.userTypeId));
  const where = and(...conds);
  const dir = opts.order === 'asc' ? asc : desc;
  const limit = opts.exporting ? EXPORT_ROWS_MAX : opts.limit;
  const offset = opts.exporting ? 0 : (opts.page - 1) * opts.limit;
  const rows = await tx
    .select({
      id: visits.id,
      userId: visits.userId,
      ...personAndPlaceColumns,
      expectedAt: visits.expectedAt,
      createdAt: visits.createdAt,
      ...visitDetailColumns,
    })
    .from(visits)
    .innerJoin(users, eq(users.id, visits.userId))
    .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .leftJoin(areas, eq(areas.id, visits.areaId))
    .leftJoin(sites, eq(sites.id, visits.siteId))
    .leftJoin(hosts, eq(hosts.id, visits.hostUserId))
    .where(where)
    .orderBy(...SORTS[opts.sortField ?? 'at'].map((c) => dir(c)), dir(visits.id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(visits)
    .innerJoin(users, eq(users.id, visits.userId))
    .where(where);
  const ref = (id: number | null, name: string | null) => (id == null ? null : { id, name: name ?? '' });
  const data = rows.map(
    (r): LogbookRow => ({
      id: r.id,
      visit_id: r.id,
      user_id: r.userId,
      full_name: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      user_type: ref(r.userTypeId, r.userTypeName),
      site: ref(r.siteId, r.siteName),
      area: ref(r.areaId, r.areaName),
      kiosk: null,
      direction: 'in',
      type: 'expected',
      input_method: '',
      at: (r.expectedAt ?? r.createdAt).toISOString(),
      late: 0,
      early: 0,
      reason: null,
      attendance_code: null,
      temperature: null,
      mask: null,
      notes: null,
      visit_status: awaiting ? 'awaiting_approval' : 'expected',
      host: r.hostId == null ? null : { id: r.hostId, name: `${r.hostFirst} ${r.hostLast}`.trim() },
      journey_stage: r.journeyStage,
      visit_date: r.visitDate,
      visit_time: r.visitTime,
      admin_notes: r.adminNotes,
    }),
  );
  return { data, count: Number(n), count_capped: 0 };
}
