import { MASS_PEOPLE_MAX } from '@gatehouse/contract';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { areas, sites, users, userTypes, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { found } from '../../platform/errors';

/**
 * A site with its areas, and the active people of the organisation with their open visit in the site: at most
 * MASS_PEOPLE_MAX of them (`capped` says when there were more: one more row is read to know it).
 */
export async function loadSitePeople(tx: Db, entityId: number, q: { site_id: number; user_type_id?: number; search?: string; user_ids?: number[] }) {
  const site = found((await tx.select({ id: sites.id, name: sites.name }).from(sites).where(and(eq(sites.id, q.site_id), eq(sites.entityId, entityId))))[0]);
  const siteAreas = await tx.select({ id: areas.id, name: areas.name }).from(areas).where(and(eq(areas.entityId, entityId), eq(areas.siteId, site.id))).orderBy(asc(areas.name));
  const conds = [eq(users.entityId, entityId), eq(users.status, 'active')];
  if (q.user_type_id) conds.push(eq(users.userTypeId, q.user_type_id));
  if (q.user_ids) conds.push(inArray(users.id, q.user_ids.length ? q.user_ids : [-1]));
  if (q.search) {
    const term = `%${q.search.replace(/[\\%_]/g, '\\$&')}%`;
    conds.push(or(ilike(users.firstName, term), ilike(users.lastName, term), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term))!);
  }
  const found_ = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, userTypeId: users.userTypeId, userTypeName: userTypes.name })
    .from(users)
    .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(and(...conds))
    .orderBy(asc(users.lastName), asc(users.firstName))
    .limit(MASS_PEOPLE_MAX + 1);
  const capped = found_.length > MASS_PEOPLE_MAX;
  const people = found_.slice(0, MASS_PEOPLE_MAX);
  const open = people.length
    ? await tx
        .select({ userId: visits.userId, areaId: visits.areaId, hostUserId: visits.hostUserId, journeyFlowId: visits.journeyFlowId })
        .from(visits)
        .where(and(eq(visits.entityId, entityId), eq(visits.siteId, site.id), eq(visits.status, 'signed_in'), inArray(visits.userId, people.map((p) => p.id))))
    : [];
  const openBy = new Map(open.map((v) => [v.userId, v]));
  return { site, areas: siteAreas, capped, people: people.map((p) => ({ ...p, open: openBy.get(p.id) ?? null })) };
}
