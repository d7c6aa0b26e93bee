import type { ListQuery } from '@gatehouse/contract';
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { areas, sites } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { reachableSiteIds, siteFilter } from '../sites';
import { presentArea } from './present';
import { requirementIds } from './requirements';

export interface AreaFilter {
  siteIds?: number[];
  ids?: number[];
  loginMode?: string;
  search?: string;
}

/** Areas in the sites the actor may see, with their site's name and compliances; paged when a query is given. */
export async function listAreas(tx: Db, actor: MemberActor, filter: AreaFilter = {}, query?: ListQuery) {
  const reachable = await reachableSiteIds(tx, actor);
  const conds: (SQL | undefined)[] = [eq(areas.entityId, actor.entityId), siteFilter(areas.siteId, reachable)];
  if (filter.siteIds) conds.push(filter.siteIds.length ? inArray(areas.siteId, filter.siteIds) : sql`false`);
  if (filter.ids) conds.push(filter.ids.length ? inArray(areas.id, filter.ids) : sql`false`);
  if (filter.loginMode) conds.push(eq(areas.loginMode, filter.loginMode as never));
  if (filter.search) conds.push(ilike(areas.name, `%${filter.search.replace(/[%_\\]/g, '\\$&')}%`));
  const where = and(...conds);
  const sortable: Record<string, AnyPgColumn> = { name: areas.name, site_name: sites.name, created_at: areas.createdAt, id: areas.id };
  const sortKey = query?.sortField ?? 'name';
  const col = Object.hasOwn(sortable, sortKey) ? sortable[sortKey]! : areas.name;
  let q = tx
    .select({ area: areas, siteName: sites.name })
    .from(areas)
    .innerJoin(sites, eq(sites.id, areas.siteId))
    .where(where)
    .orderBy(query?.orderBy === 'desc' ? desc(col) : asc(col), asc(areas.id))
    .$dynamic();
  if (query) q = q.limit(query.limit).offset((query.page - 1) * query.limit);
  const rows = await q;
  const links = await requirementIds(tx, actor.entityId, rows.map((r) => r.area.id));
  const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(areas).where(where);
  const data = rows.map((r) => presentArea(r.area, { siteName: r.siteName, ...links(r.area.id) }));
  return { data, count };
}

/** A filterBy value (number, numeric string or list) as a list of ids. */
export function idList(v: unknown): number[] | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const parts = Array.isArray(v) ? v : String(v).split(',');
  return parts.map((p) => Number(p)).filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647);
}
