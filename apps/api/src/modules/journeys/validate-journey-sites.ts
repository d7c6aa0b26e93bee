import { and, eq, inArray } from 'drizzle-orm';
import { areas, sites } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { grantedSites, hasSite } from './policy';

export interface BlockedSite {
  id: number;
  name: string;
  reason: 'assigned_to_areas' | 'no_access';
  areas: string[];
}

/**
 * Rule 202 (and 103): a site may be removed from a journey only when none of its areas use the journey and the
 * actor has access to it. Answers the sites that block the change.
 */
export async function blockedSiteRemovals(tx: Db, actor: MemberActor, journeyId: number, currentSiteIds: number[], nextSiteIds: number[]): Promise<BlockedSite[]> {
  const removed = currentSiteIds.filter((id) => !nextSiteIds.includes(id));
  if (!removed.length) return [];
  const granted = await grantedSites(tx, actor);
  const siteRows = await tx.select({ id: sites.id, name: sites.name }).from(sites).where(and(eq(sites.entityId, actor.entityId), inArray(sites.id, removed)));
  const areaRows = await tx
    .select({ siteId: areas.siteId, name: areas.name })
    .from(areas)
    .where(and(eq(areas.entityId, actor.entityId), eq(areas.journeyId, journeyId), inArray(areas.siteId, removed)));
  const blocked: BlockedSite[] = [];
  for (const s of siteRows) {
    if (!hasSite(granted, s.id)) blocked.push({ id: s.id, name: s.name, reason: 'no_access', areas: [] });
    else {
      const used = areaRows.filter((a) => a.siteId === s.id).map((a) => a.name);
      if (used.length) blocked.push({ id: s.id, name: s.name, reason: 'assigned_to_areas', areas: used });
    }
  }
  return blocked;
}

export const blockedMessage = (b: BlockedSite, t: (k: string, v?: Record<string, string | number>) => string) =>
  b.reason === 'no_access' ? t('journeys.site_no_access', { site: b.name }) : t('journeys.site_assigned', { site: b.name, areas: b.areas.join(', ') });
