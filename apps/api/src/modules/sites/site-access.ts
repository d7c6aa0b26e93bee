import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sites } from '../../db/schema/index';
import { grantsOf } from '../../platform/auth/grants';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';

/** The sites the actor may see (rule 96): null when every site (platform/auth/grants.ts). */
export async function reachableSiteIds(tx: Db, actor: MemberActor): Promise<number[] | null> {
  if (actor.allSites) return null;
  return (await grantsOf(tx, actor)).siteIds;
}

/** A where-condition limiting a site-id column to the sites the actor may see. */
export function siteFilter(column: AnyPgColumn, ids: number[] | null): SQL | undefined {
  if (ids === null) return undefined;
  return ids.length ? inArray(column, ids) : sql`false`;
}

/** The site row when it is in the organisation and reachable by the actor, otherwise 404. */
export async function reachableSite(tx: Db, actor: MemberActor, siteId: number) {
  const [site] = await tx
    .select()
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.entityId, actor.entityId)));
  if (!site) throw notFound('areas.site_unknown');
  const ids = await reachableSiteIds(tx, actor);
  if (ids && !ids.includes(site.id)) throw notFound('areas.site_unknown');
  return site;
}
