import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { areas, sites } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import { countSignedIn } from '../visits';
import { reachableSiteIds } from './site-access';

/**
 * Removes a site with its areas, doors and kiosk placements. Refused when the actor lacks access to it or a
 * journey is assigned to its areas (rule 234), or while people are signed in there.
 */
export async function removeSite(tx: Db, actor: MemberActor, siteId: number) {
  const [site] = await tx
    .select()
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.entityId, actor.entityId)));
  if (!site) throw notFound();
  const ids = await reachableSiteIds(tx, actor);
  if (ids && !ids.includes(site.id)) throw forbidden('sites.no_access');
  const [withJourney] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(areas)
    .where(and(eq(areas.entityId, actor.entityId), eq(areas.siteId, site.id), isNotNull(areas.journeyId)));
  if (withJourney.n > 0) throw conflict('sites.journey_assigned');
  const signedIn = await countSignedIn(tx, actor.entityId, { siteId: site.id });
  if (signedIn.total > 0) throw new AppError(409, 'sites.people_signed_in', { vars: { count: signedIn.total } });
  await tx.delete(sites).where(and(eq(sites.id, site.id), eq(sites.entityId, actor.entityId)));
  return site;
}
