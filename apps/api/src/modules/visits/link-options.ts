import { and, asc, eq, inArray } from 'drizzle-orm';
import { areas, journeySites, journeys, sites } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { isPublicMethod, journeyFlowTypes } from './link';

/**
 * What a new link of the journey may name: the areas of the sites the journey is permitted on (every site when it
 * names none, rule 97), and the flows whose user type may pre-register (rule 156). Another organisation's journey
 * is 404.
 */
export async function linkOptions(tx: Db, entityId: number, journeyId: number) {
  const [journey] = await tx.select({ id: journeys.id }).from(journeys).where(and(eq(journeys.id, journeyId), eq(journeys.entityId, entityId)));
  if (!journey) throw notFound();
  const permitted = (await tx.select({ siteId: journeySites.siteId }).from(journeySites).where(and(eq(journeySites.entityId, entityId), eq(journeySites.journeyId, journeyId)))).map((p) => p.siteId);
  const areaRows = await tx
    .select({ id: areas.id, name: areas.name, site_id: sites.id, site_name: sites.name })
    .from(areas)
    .innerJoin(sites, and(eq(sites.id, areas.siteId), eq(sites.entityId, entityId)))
    .where(and(eq(areas.entityId, entityId), permitted.length ? inArray(areas.siteId, permitted) : undefined))
    .orderBy(asc(sites.name), asc(areas.name));
  const flows = (await journeyFlowTypes(tx, entityId, journeyId, null))
    .filter((f) => isPublicMethod(f.type.registrationMethod))
    .map((f) => ({ id: f.flow.id, user_type_id: f.type.id, user_type_name: f.type.name }));
  return { areas: areaRows, flows };
}
