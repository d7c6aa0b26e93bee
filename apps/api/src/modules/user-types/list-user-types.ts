import type { ListQuery } from '@gatehouse/contract';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { areas, journeyFlows, userTypes, users } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { grantedUserTypeIds } from './policy';
import { presentUserType } from './present';

export interface TypeFilter {
  parentId?: number | null;
  methods?: readonly string[];
  siteIds?: number[];
  journeyId?: number;
  areaId?: number;
  search?: string;
}

/** The journey flows' user types for some sites, one journey or one area (journeys and areas are read only). */
async function typesUsedBy(tx: Db, entityId: number, f: TypeFilter): Promise<number[] | null> {
  if (!f.siteIds && f.journeyId === undefined && f.areaId === undefined) return null;
  const conds: SQL[] = [eq(journeyFlows.entityId, entityId)];
  if (f.journeyId !== undefined) conds.push(eq(journeyFlows.journeyId, f.journeyId));
  if (f.siteIds || f.areaId !== undefined) {
    const areaConds: SQL[] = [eq(areas.entityId, entityId)];
    if (f.siteIds) areaConds.push(f.siteIds.length ? inArray(areas.siteId, f.siteIds) : sql`false`);
    if (f.areaId !== undefined) areaConds.push(eq(areas.id, f.areaId));
    const journeyIds = (await tx.select({ j: areas.journeyId }).from(areas).where(and(...areaConds))).map((r) => r.j).filter((j): j is number => j !== null);
    conds.push(journeyIds.length ? inArray(journeyFlows.journeyId, journeyIds) : sql`false`);
  }
  const rows = await tx.selectDistinct({ id: journeyFlows.userTypeId }).from(journeyFlows).where(and(...conds));
  return rows.map((r) => r.id).filter((id): id is number => id !== null);
}

/** User types the actor may see (rule 96), filtered, with the number of active people of each type. */
export async function listUserTypes(tx: Db, actor: MemberActor, f: TypeFilter = {}, page?: ListQuery) {
  const conds: SQL[] = [eq(userTypes.entityId, actor.entityId)];
  const granted = await grantedUserTypeIds(tx, actor);
  if (granted) conds.push(granted.size ? inArray(userTypes.id, [...granted]) : sql`false`);
  if (f.parentId === null) conds.push(isNull(userTypes.parentId));
  else if (f.parentId !== undefined) conds.push(eq(userTypes.parentId, f.parentId));
  if (f.methods) conds.push(inArray(userTypes.registrationMethod, [...f.methods]));
  if (f.search) conds.push(sql`${userTypes.name} ilike ${'%' + f.search.replace(/[%_\\]/g, '\\$&') + '%'}`);
  const used = await typesUsedBy(tx, actor.entityId, f);
  if (used) conds.push(used.length ? inArray(userTypes.id, used) : sql`false`);
  const where = and(...conds);
  // Qualified by hand: inside a one-table select drizzle writes columns unqualified, and an unqualified `id` here
  // would be the person's own id (every type then showed the same count).
  const count = sql<number>`(select count(*)::int from ${users} p where p.entity_id = ${actor.entityId} and p.user_type_id = ${userTypes}.id and p.status = 'active')`;
  const dir = page?.orderBy === 'desc' ? desc : asc;
  const order = page?.sortField === 'users_count' ? dir(count) : page?.sortField === 'created_at' ? dir(userTypes.createdAt) : page?.sortField === 'name' ? dir(userTypes.name) : asc(userTypes.sortOrder);
  let q = tx.select({ row: userTypes, count }).from(userTypes).where(where).orderBy(order, asc(userTypes.name), asc(userTypes.id)).$dynamic();
  if (page) q = q.limit(page.limit).offset((page.page - 1) * page.limit);
  const rows = await q;
  const total = page ? (await tx.select({ n: sql<number>`count(*)::int` }).from(userTypes).where(where))[0].n : rows.length;
  return { data: rows.map((r) => presentUserType(r.row, Number(r.count))), count: total };
}
