import { type Language, localized, PUBLIC_REGISTRATION_METHODS, type RegistrationMethod } from '@gatehouse/contract';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { areas, entities, journeyFlows, journeys, preRegistrationHits, preRegistrationLinks, sites, userTypes } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { asSystem, withTenant } from '../../platform/db/tenant';
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

async function loadLink(db: Db, code: string) {
  const [row] = await asSystem(db, (tx) =>
    tx
      .select({
        link: preRegistrationLinks,
        journey: journeys,
        entity: { id: entities.id, name: entities.name, logo: entities.logo, package: entities.package },
        area: { id: areas.id, name: areas.name, siteId: areas.siteId },
        site: { id: sites.id, name: sites.name, timezone: sites.timezone },
      })
      .from(preRegistrationLinks)
      .innerJoin(journeys, and(eq(journeys.id, preRegistrationLinks.journeyId), eq(journeys.entityId, preRegistrationLinks.entityId)))
      .innerJoin(entities, eq(entities.id, preRegistrationLinks.entityId))
      .leftJoin(areas, and(eq(areas.id, preRegistrationLinks.areaId), eq(areas.entityId, preRegistrationLinks.entityId)))
      .leftJoin(sites, eq(sites.id, areas.siteId))
      .where(and(eq(preRegistrationLinks.code, code), eq(preRegistrationLinks.active, true))),
  );
  return row ?? null;
}
export type Link = NonNullable<Awaited<ReturnType<typeof loadLink>>>;

/**
 * The organisation, journey and place behind a pre-registration link code. An unknown, inactive or expired code
 * is 404 "Registration is not available via this link.", counted against the caller's address by the route's
 * limit; a known one also counts against its organisation.
 */
export async function resolveLink(db: Db, code: string, now = new Date()): Promise<Link> {
  const row = await loadLink(db, code);
  if (!row || row.entity.package !== 'Cloud') throw notFound('prereg.not_available');
  if (row.link.expiresAt && row.link.expiresAt.getTime() <= now.getTime()) throw notFound('prereg.not_available');
  await hitOrganisation(db, row.entity.id);
  return row;
}

export type FlowType = { flow: typeof journeyFlows.$inferSelect; type: typeof userTypes.$inferSelect };

/** A journey's flows with their user types (rule 197), or only one of them. */
export async function journeyFlowTypes(tx: Db, entityId: number, journeyId: number, onlyFlowId: number | null): Promise<FlowType[]> {
  return tx
    .select({ flow: journeyFlows, type: userTypes })
    .from(journeyFlows)
    .innerJoin(userTypes, and(eq(userTypes.id, journeyFlows.userTypeId), eq(userTypes.entityId, entityId)))
    .where(and(eq(journeyFlows.entityId, entityId), eq(journeyFlows.journeyId, journeyId), onlyFlowId ? eq(journeyFlows.id, onlyFlowId) : undefined))
    .orderBy(asc(journeyFlows.id));
}

/** The flows a link offers with their user types: the journey's flows, or the link's one flow. */
export const linkFlows = (tx: Db, link: Link) => journeyFlowTypes(tx, link.entity.id, link.journey.id, link.link.journeyFlowId);

/** Rules 151 and 156: only these registration methods may pre-register through a public link. */
export const isPublicMethod = (method: string) => (PUBLIC_REGISTRATION_METHODS as readonly string[]).includes(method);

/** The user types a visitor may choose on the link, with their registration methods from the user types (rule 156). */
export async function offeredUserTypes(db: Db, link: Link, lang: Language) {
  const flows = await withTenant(db, link.entity.id, (tx) => linkFlows(tx, link));
  return flows
    .filter((f) => isPublicMethod(f.type.registrationMethod))
    .map((f) => ({ id: f.type.id, entity_id: link.entity.id, name: localized(f.type.name, f.type.nameI18n, lang), pre_registration_method: f.type.registrationMethod as RegistrationMethod, journey_flow_id: f.flow.id }));
}

/** The flow a visitor of this user type follows on the link; 400 "not available" when the link does not offer it. */
export async function offeredFlow(tx: Db, link: Link, userTypeId: number, field = 'user_type_id'): Promise<FlowType> {
  const found = (await linkFlows(tx, link)).find((f) => f.type.id === userTypeId);
  if (!found || !isPublicMethod(found.type.registrationMethod)) throw badRequest({ [field]: ['prereg.not_available'] }, 'prereg.not_available');
  return found;
}

/** The same from outside a transaction. */
export const offeredFlowOf = (db: Db, link: Link, userTypeId: number, field?: string) => withTenant(db, link.entity.id, (tx) => offeredFlow(tx, link, userTypeId, field));
