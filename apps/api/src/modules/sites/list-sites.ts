import type { ListQuery } from '@gatehouse/contract';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { sites } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { presentSite } from './present';
import { reachableSiteIds, siteFilter } from './site-access';

// Written out in full: drizzle leaves columns unqualified in a one-table select, which a subquery would capture.
const areasCount = sql<number>`(select count(*)::int from "areas" a where a."site_id" = "sites"."id")`;
const devicesCount = sql<number>`((select count(*)::int from "devices" d where d."site_id" = "sites"."id")
  + (select count(*)::int from "kiosks" k where k."site_id" = "sites"."id" and k."status" = 'active'))`;

const SORTABLE: Record<string, SQL | AnyPgColumn> = {
  name: sites.name,
  location_name: sites.locationName,
  created_at: sites.createdAt,
  id: sites.id,
  areas_count: areasCount,
  devices_count: devicesCount,
};

/** Sites the actor may see, with their counts of areas and devices (rule 229); paged when a query is given. */
export async function listSites(tx: Db, actor: MemberActor, query?: ListQuery) {
  const ids = await reachableSiteIds(tx, actor);
  const conds: (SQL | undefined)[] = [eq(sites.entityId, actor.entityId), siteFilter(sites.id, ids)];
  const f = query?.filterBy ?? {};
  const search = typeof f.search === 'string' ? f.search : typeof f.name === 'string' ? f.name : undefined;
  if (search) conds.push(or(ilike(sites.name, `%${search.replace(/[%_\\]/g, '\\$&')}%`), ilike(sites.locationName, `%${search.replace(/[%_\\]/g, '\\$&')}%`)));
  if (f.geofencing !== undefined && f.geofencing !== '') conds.push(eq(sites.geofencing, f.geofencing === true || f.geofencing === 1 || f.geofencing === '1'));
  if (typeof f.timezone === 'string' && f.timezone) conds.push(eq(sites.timezone, f.timezone));
  const where = and(...conds);
  const sortKey = query?.sortField ?? 'name';
  const sortCol = Object.hasOwn(SORTABLE, sortKey) ? SORTABLE[sortKey]! : sites.name;
  const order = query?.orderBy === 'desc' ? desc(sortCol) : asc(sortCol);
  let q = tx
    .select({ site: sites, areas: areasCount, devices: devicesCount })
    .from(sites)
    .where(where)
    .orderBy(order, asc(sites.id))
    .$dynamic();
  if (query) q = q.limit(query.limit).offset((query.page - 1) * query.limit);
  const rows = await q;
  const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(sites).where(where);
  return { data: rows.map((r) => presentSite(r.site, { areas: r.areas, devices: r.devices })), count };
}
