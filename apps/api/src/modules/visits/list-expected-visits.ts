import { type ListQuery, zExpectedVisitsFilter } from '@gatehouse/contract';
import { type SQL, and, asc, desc, eq, gte, ilike, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { areas, sites, userTypes, users, visits } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import { grantConditions } from '../../platform/auth/grants';
import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import { presentExpectedVisit } from './present';

const hosts = alias(users, 'hosts');
const SORTABLE = { expected_at: visits.expectedAt, visit_date: visits.visitDate, full_name: users.lastName, approval_state: visits.approvalState, created_at: visits.createdAt } as const;

/** Rule 96: an actor sees the visits of the sites and user types granted to them (all when granted all). */
export function grantedVisits(actor: MemberActor) {
  const grants = grantConditions(actor);
  return and(grants.siteCondition(visits.siteId), grants.userTypeCondition(visits.userTypeId));
}

/** Expected-visit rows with the names of their place, type and host (the list and the host's approval page). */
export async function expectedVisitRows(tx: Db, where: SQL | undefined, page: { order: SQL[]; limit: number; offset: number }) {
  const rows = await tx
    .select({
      v: visits,
      u: { firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone, companyName: users.companyName },
      site: sites.name,
      area: areas.name,
      type: userTypes.name,
      hostFirst: hosts.firstName,
      hostLast: hosts.lastName,
    })
    .from(visits)
    .innerJoin(users, and(eq(users.id, visits.userId), eq(users.entityId, visits.entityId)))
    .leftJoin(sites, and(eq(sites.id, visits.siteId), eq(sites.entityId, visits.entityId)))
    .leftJoin(areas, and(eq(areas.id, visits.areaId), eq(areas.entityId, visits.entityId)))
    .leftJoin(userTypes, and(eq(userTypes.id, visits.userTypeId), eq(userTypes.entityId, visits.entityId)))
    .leftJoin(hosts, and(eq(hosts.id, visits.hostUserId), eq(hosts.entityId, visits.entityId)))
    .where(where)
    .orderBy(...page.order)
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({
    ...presentExpectedVisit(r.v, r.u),
    site_name: r.site,
    area_name: r.area,
    user_type_name: r.type,
    host_name: r.hostFirst ? `${r.hostFirst} ${r.hostLast}` : null,
  }));
}

/**
 * The expected visits list of the console (rules 155, 164): not deleted, filtered by search (name, e-mail, phone,
 * company), approval state, site and a date range; sorted by `sortField` (expected time by default); paged.
 */
export async function listExpectedVisits(tx: Db, actor: MemberActor, q: ListQuery) {
  const parsed = zExpectedVisitsFilter.safeParse(q.filterBy);
  if (!parsed.success) throw badRequest({ filterBy: ['validation.filter_json'] });
  const f = parsed.data;
  const like = f.search ? `%${f.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(visits.entityId, actor.entityId),
    ne(visits.status, 'deleted'),
    sql`${visits.visitDate} is not null`,
    grantedVisits(actor),
    f.approval_state ? eq(visits.approvalState, f.approval_state) : undefined,
    f.site_id ? eq(visits.siteId, f.site_id) : undefined,
    f.start_date ? gte(visits.visitDate, f.start_date) : undefined,
    f.end_date ? lte(visits.visitDate, f.end_date) : undefined,
    like
      ? or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like), ilike(users.email, like), ilike(users.phone, like), ilike(users.companyName, like), ilike(visits.companyName, like))
      : undefined,
  );
  const sortCol = SORTABLE[(q.sortField ?? 'expected_at') as keyof typeof SORTABLE] ?? visits.expectedAt;
  const data = await expectedVisitRows(tx, where, { order: [q.orderBy === 'desc' ? desc(sortCol) : asc(sortCol), asc(visits.id)], limit: q.limit, offset: (q.page - 1) * q.limit });
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(visits)
    .innerJoin(users, and(eq(users.id, visits.userId), eq(users.entityId, visits.entityId)))
    .where(where);
  return { data, count: Number(count) };
}
