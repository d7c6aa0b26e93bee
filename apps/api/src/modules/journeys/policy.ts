import { and, eq, inArray } from 'drizzle-orm';
import { attendanceModes, compliances, journeySites, journeys, sections, sites, userTypes } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import { grantsOf } from '../../platform/auth/grants';
import type { Db } from '../../platform/db/client';
import { badRequest, forbidden, notFound } from '../../platform/errors';

/** The sites granted to the actor (rule 96, platform/auth/grants.ts): 'all', or their ids. */
export async function grantedSites(tx: Db, actor: MemberActor): Promise<'all' | Set<number>> {
  if (actor.allSites) return 'all';
  return new Set((await grantsOf(tx, actor)).siteIds);
}

export const hasSite = (granted: 'all' | Set<number>, siteId: number) => granted === 'all' || granted.has(siteId);

/**
 * Rule 97: only admins of a journey's sites may use it (a journey without sites is open to every admin). An admin
 * of some of its sites sees it, but cannot add or remove the sites they have no access to (rules 103, 202).
 */
export const canUseJourney = (granted: 'all' | Set<number>, siteIds: number[]) => !siteIds.length || siteIds.some((id) => hasSite(granted, id));

export async function journeySiteIds(tx: Db, entityId: number, journeyIds: number[]) {
  const map = new Map<number, number[]>();
  if (!journeyIds.length) return map;
  const rows = await tx
    .select({ journeyId: journeySites.journeyId, siteId: journeySites.siteId })
    .from(journeySites)
    .where(and(eq(journeySites.entityId, entityId), inArray(journeySites.journeyId, journeyIds)));
  for (const r of rows) map.set(r.journeyId, [...(map.get(r.journeyId) ?? []), r.siteId]);
  return map;
}

/** Loads a journey of the actor's organisation that the actor may use: 404 for unknown, 403 (rule 97) otherwise. */
export async function usableJourney(tx: Db, actor: MemberActor, id: number) {
  const [row] = await tx.select().from(journeys).where(and(eq(journeys.id, id), eq(journeys.entityId, actor.entityId)));
  if (!row) throw notFound();
  const siteIds = (await journeySiteIds(tx, actor.entityId, [id])).get(id) ?? [];
  if (!canUseJourney(await grantedSites(tx, actor), siteIds)) throw forbidden('journeys.site_access');
  return { journey: row, siteIds };
}

type Table = typeof sites | typeof userTypes | typeof attendanceModes | typeof compliances | typeof sections;

/** Every id must be a row of the organisation; otherwise 400 on that field and nothing changes. */
export async function assertOwned(tx: Db, entityId: number, table: Table, ids: (number | null | undefined)[], field: string, key: string) {
  const wanted = [...new Set(ids.filter((v): v is number => typeof v === 'number'))];
  if (!wanted.length) return;
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.entityId, entityId), inArray(table.id, wanted)));
  if (rows.length !== wanted.length) throw badRequest({ [field]: [key] });
}

/** Registration methods of the given user types of the organisation (rule 156), read from `user_types.registration_method`. */
export async function registrationMethods(tx: Db, entityId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: userTypes.id, method: userTypes.registrationMethod })
    .from(userTypes)
    .where(and(eq(userTypes.entityId, entityId), inArray(userTypes.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.method]));
}

/** Rule 192: the registration method that a journey may offer only once. */
export const NOT_REQUIRED = (method: string | null | undefined) => method === 'not_required';
