import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@gatehouse/contract';
import { compliances, journeyFlows, journeySites, journeys, sites, userTypes } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { canUseJourney, grantedSites, journeySiteIds } from './policy';
import { presentFlow, presentJourney } from './present';

/** Journeys of the organisation the actor may use (rule 97), presented with their sites and flow counts. */
export async function loadJourneys(tx: Db, actor: MemberActor, where?: SQL, order?: { field?: string; dir?: 'asc' | 'desc' }) {
  const rows = await tx
    .select()
    .from(journeys)
    .where(and(eq(journeys.entityId, actor.entityId), where))
    .orderBy((order?.dir === 'desc' ? desc : asc)(order?.field === 'created_at' ? journeys.createdAt : order?.field === 'id' ? journeys.id : journeys.name), asc(journeys.id));
  const ids = rows.map((r) => r.id);
  const siteMap = await journeySiteIds(tx, actor.entityId, ids);
  const granted = await grantedSites(tx, actor);
  const usable = rows.filter((r) => canUseJourney(granted, siteMap.get(r.id) ?? []));
  const allSiteIds = [...new Set([...siteMap.values()].flat())];
  const siteRows = allSiteIds.length ? await tx.select({ id: sites.id, name: sites.name }).from(sites).where(and(eq(sites.entityId, actor.entityId), inArray(sites.id, allSiteIds))) : [];
  const siteNames = new Map(siteRows.map((s) => [s.id, s.name]));
  const counts = ids.length
    ? await tx
        .select({ journeyId: journeyFlows.journeyId, n: sql<number>`count(*)::int` })
        .from(journeyFlows)
        .where(and(eq(journeyFlows.entityId, actor.entityId), inArray(journeyFlows.journeyId, ids)))
        .groupBy(journeyFlows.journeyId)
    : [];
  const countMap = new Map(counts.map((c) => [c.journeyId, c.n]));
  return usable.map((j) =>
    presentJourney(
      j,
      (siteMap.get(j.id) ?? []).map((id) => ({ id, name: siteNames.get(id) ?? '' })),
      countMap.get(j.id) ?? 0,
    ),
  );
}

export async function loadJourneyList(tx: Db, actor: MemberActor, query: ListQuery, extra?: SQL) {
  const f = query.filterBy;
  const search = typeof f.search === 'string' ? f.search : typeof f.name === 'string' ? f.name : undefined;
  const siteId = Number(f.site_id ?? 0);
  const conds: (SQL | undefined)[] = [extra];
  if (search) conds.push(ilike(journeys.name, `%${search.replace(/[%_\\]/g, '\\$&')}%`));
  if (siteId) conds.push(inArray(journeys.id, tx.select({ id: journeySites.journeyId }).from(journeySites).where(and(eq(journeySites.entityId, actor.entityId), eq(journeySites.siteId, siteId)))));
  const all = await loadJourneys(tx, actor, and(...conds), { field: query.sortField, dir: query.orderBy });
  const start = (query.page - 1) * query.limit;
  return { data: all.slice(start, start + query.limit), count: all.length };
}

/** Flows presented with their journey, user type and entry condition names. */
export async function loadFlows(tx: Db, entityId: number, where?: SQL) {
  const rows = await tx
    .select({ flow: journeyFlows, journey: journeys.name, userType: userTypes.name, compliance: compliances.name })
    .from(journeyFlows)
    .innerJoin(journeys, eq(journeys.id, journeyFlows.journeyId))
    .leftJoin(userTypes, eq(userTypes.id, journeyFlows.userTypeId))
    .leftJoin(compliances, eq(compliances.id, journeyFlows.complianceId))
    .where(and(eq(journeyFlows.entityId, entityId), where))
    .orderBy(asc(journeys.name), asc(journeyFlows.id));
  return rows.map((r) => presentFlow(r.flow, { journey: r.journey, userType: r.userType, compliance: r.compliance }));
}
