import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { RegistrationMethod } from '@gatehouse/contract';
import { areas, entities, journeyFlows, journeys, preRegistrationHits, preRegistrationLinks, sites, userTypes } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { asSystem } from '../../platform/db/tenant';
import { AppError, badRequest, notFound } from '../../platform/errors';

/** Public calls per organisation per minute, shared by every API process (the per-address limit is the route's). */
export const ORG_LIMIT_PER_MINUTE = 600;

/** Counts one public call against the organisation; 429 past the limit. */
export async function hitOrganisation(db: Db, entityId: number) {
  const window = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const [row] = await asSystem(db, async (tx) => {
    await tx.delete(preRegistrationHits).where(and(eq(preRegistrationHits.entityId, entityId), lt(preRegistrationHits.windowStart, new Date(window.getTime() - 5 * 60_000))));
    return tx
      .insert(preRegistrationHits)
      .values({ entityId, windowStart: window, hits: 1 })
      .onConflictDoUpdate({ target: [preRegistrationHits.entityId, preRegistrationHits.windowStart], set: { hits: sql`${preRegistrationHits.hits} + 1` } })
      .returning({ hits: preRegistrationHits.hits });
  });
  if (row.hits > ORG_LIMIT_PER_MINUTE) throw new AppError(429, 'errors.too_many');
}

export type ResolvedLink = Awaited<ReturnType<typeof loadLink>>;

async function loadLink(db: Db, code: string) {
  const [row] = await asSystem(db, (tx) =>
    tx
      .select({
        link: preRegistrationLinks,
        flow: { id: journeyFlows.id, journeyId: journeyFlows.journeyId, userTypeId: journeyFlows.userTypeId, name: journeyFlows.name },
        journeyName: journeys.name,
        entity: { id: entities.id, name: entities.name, logo: entities.logo, package: entities.package },
        area: { id: areas.id, name: areas.name, siteId: areas.siteId },
        site: { id: sites.id, name: sites.name, timezone: sites.timezone },
      })
      .from(preRegistrationLinks)
      .innerJoin(journeyFlows, and(eq(journeyFlows.id, preRegistrationLinks.journeyFlowId), eq(journeyFlows.entityId, preRegistrationLinks.entityId)))
      .innerJoin(journeys, eq(journeys.id, journeyFlows.journeyId))
      .innerJoin(entities, eq(entities.id, preRegistrationLinks.entityId))
      .leftJoin(areas, and(eq(areas.id, preRegistrationLinks.areaId), eq(areas.entityId, preRegistrationLinks.entityId)))
      .leftJoin(sites, eq(sites.id, areas.siteId))
      .where(and(eq(preRegistrationLinks.code, code), eq(preRegistrationLinks.active, true))),
  );
  return row ?? null;
}

/**
 * The organisation, flow, area and settings behind a pre-registration link code. An unknown or inactive code is
 * 404, counted against the caller's address by the route's limit; a known one also counts against its
 * organisation.
 */
export async function resolveLink(db: Db, code: string) {
  const row = await loadLink(db, code);
  if (!row) throw notFound('prereg.not_available');
  if (row.entity.package !== 'Cloud') throw notFound('prereg.not_available');
  await hitOrganisation(db, row.entity.id);
  return row;
}

/** The user types the link offers with their registration methods (rule 156), names from user_types. */
export async function offeredUserTypes(db: Db, link: NonNullable<ResolvedLink>) {
  const offered = link.link.userTypes;
  if (!offered.length) return [];
  const rows = await asSystem(db, (tx) =>
    tx
      .select({ id: userTypes.id, name: userTypes.name })
      .from(userTypes)
      .where(and(eq(userTypes.entityId, link.entity.id), inArray(userTypes.id, offered.map((u) => u.id)))),
  );
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return offered.filter((u) => names.has(u.id)).map((u) => ({ id: u.id, entity_id: link.entity.id, name: names.get(u.id)!, pre_registration_method: u.registration_method as RegistrationMethod }));
}

/** Rule 156 and rule 151: only these methods may pre-register through a public link. */
export async function offeredUserType(db: Db, link: NonNullable<ResolvedLink>, userTypeId: number, field = 'user_type_id') {
  const all = await offeredUserTypes(db, link);
  const found = all.find((u) => u.id === userTypeId);
  if (!found || !['allowed', 'approval_required', 'pre_registered_only'].includes(found.pre_registration_method)) {
    throw badRequest({ [field]: ['prereg.not_available'] }, 'prereg.not_available');
  }
  return found;
}
