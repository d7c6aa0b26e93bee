import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { rowsOf } from '../db/client';
import type { MemberActor } from './actor';

/**
 * What a member may reach (rules 96, 100, 101): the sites, user types and attendance modes granted to them, as
 * checks and as SQL conditions. One service, read in one statement, for every list, report, sign-in and mass
 * action (issue 20 part 2). A limited member reaches only people of a granted user type (a person without one is
 * outside every grant) and only places of a granted site; no attendance-mode grant means every mode (rule 101).
 */
export interface Grants {
  /** null: every site. */
  siteIds: number[] | null;
  /** null: every user type. */
  userTypeIds: number[] | null;
  /** null: every attendance mode. */
  modeIds: number[] | null;
  canSite(siteId: number | null | undefined): boolean;
  canUserType(userTypeId: number | null | undefined): boolean;
  canMode(modeId: number | null | undefined): boolean;
  /** A site-id column limited to the granted sites (undefined: no limit). */
  siteCondition(column: AnyPgColumn): SQL | undefined;
  /** An area-id column limited to the areas of the granted sites. */
  areaCondition(column: AnyPgColumn): SQL | undefined;
  /** A user-type-id column limited to the granted user types. */
  userTypeCondition(column: AnyPgColumn): SQL | undefined;
}

const within = (column: AnyPgColumn, ids: number[] | null): SQL | undefined => (ids === null ? undefined : ids.length ? inArray(column, ids) : sql`false`);

export function grantsFrom(entityId: number, g: { siteIds: number[] | null; userTypeIds: number[] | null; modeIds: number[] | null }): Grants {
  const sites = g.siteIds && new Set(g.siteIds);
  const types = g.userTypeIds && new Set(g.userTypeIds);
  const modes = g.modeIds && new Set(g.modeIds);
  return {
    ...g,
    canSite: (id) => !sites || (id != null && sites.has(id)),
    canUserType: (id) => !types || (id != null && types.has(id)),
    canMode: (id) => !modes || id == null || modes.has(id),
    siteCondition: (column) => within(column, g.siteIds),
    areaCondition: (column) =>
      g.siteIds === null
        ? undefined
        : g.siteIds.length
          ? sql`${column} in (select a.id from areas a where a.entity_id = ${entityId} and a.site_id in (${sql.join(g.siteIds.map((id) => sql`${id}`), sql`, `)}))`
          : sql`false`,
    userTypeCondition: (column) => within(column, g.userTypeIds),
  };
}

/** The member's grants, read in the tenant transaction `tx` in one statement. */
export async function grantsOf(tx: Db, actor: MemberActor): Promise<Grants> {
  const [row] = rowsOf<{ sites: number[] | null; types: number[] | null; modes: number[] | null }>(
    await tx.execute(sql`select
      (select coalesce(array_agg(site_id), '{}') from user_sites where entity_id = ${actor.entityId} and user_id = ${actor.userId}) as sites,
      (select coalesce(array_agg(user_type_id), '{}') from user_user_types where entity_id = ${actor.entityId} and user_id = ${actor.userId}) as types,
      (select array_agg(attendance_mode_id) from attendance_mode_grants where entity_id = ${actor.entityId} and user_id = ${actor.userId}) as modes`),
  );
  return grantsFrom(actor.entityId, {
    siteIds: actor.allSites ? null : (row?.sites ?? []).map(Number),
    userTypeIds: actor.allUserTypes ? null : (row?.types ?? []).map(Number),
    modeIds: row?.modes?.length ? row.modes.map(Number) : null,
  });
}
