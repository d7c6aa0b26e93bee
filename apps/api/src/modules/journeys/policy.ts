import { and, eq, inArray, sql } from 'drizzle-orm';
import { attendanceModes, compliances, journeySites, journeys, sites, userSites, userTypes } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { badRequest, forbidden, notFound } from '../../platform/errors';

/** The sites granted to the actor (rule 96): 'all', or the ids of user_sites. */
export async function grantedSites(tx: Db, actor: MemberActor): Promise<'all' | Set<number>> {
  if (actor.allSites) return 'all';
  const rows = await tx.select({ id: userSites.siteId }).from(userSites).where(and(eq(userSites.entityId, actor.entityId), eq(userSites.userId, actor.userId)));
  return new Set(rows.map((r) => r.id));
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

type Table = typeof sites | typeof userTypes | typeof attendanceModes | typeof compliances;

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

/** Registration methods of user types, read from the people area's `user_types.registration_method` column when it exists (rule 192). */
export async function registrationMethods(tx: Db, entityId: number, ids: number[]): Promise<Map<number, string | null>> {
  const out = new Map<number, string | null>();
  if (!ids.length) return out;
  const cols = await tx.execute(sql`select 1 from information_schema.columns where table_name = 'user_types' and column_name = 'registration_method'`);
  if (!rowsOf(cols).length) return out;
  const r = await tx.execute(
    sql`select id, registration_method from user_types where entity_id = ${entityId} and id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  const rows = rowsOf(r) as { id: number; registration_method: string | null }[];
  for (const row of rows) out.set(Number(row.id), row.registration_method);
  return out;
}
export const NOT_REQUIRED = (method: string | null | undefined) => !!method && /not[\s_-]*required/i.test(method);
const rowsOf = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as unknown[];
