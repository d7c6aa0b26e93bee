import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { rowsOf } from '../db/client';
import type { MemberActor } from './actor';

/**
 * What a member may reach (rules 96, 100, 101): the sites, user types and attendance modes granted to them, as
 * checks and as SQL conditions. One service for every list, report, sign-in and mass action (issue 20 part 2):
 * no other file reads the grant tables (user_sites, user_user_types, attendance_mode_grants). A limited member
 * reaches only people of a granted user type (a person without one is outside every grant) and only places of a
 * granted site; no attendance-mode grant means every mode, and a person without a mode is within them (rule 101:
 * `modeGranted` below is its one statement, which `canMode` mirrors for what was read).
 */
export interface GrantConditions {
  /** A site-id column limited to the granted sites (undefined: no limit). */
  siteCondition(column: AnyPgColumn | SQL): SQL | undefined;
  /** An area-id column limited to the areas of the granted sites. */
  areaCondition(column: AnyPgColumn | SQL): SQL | undefined;
  /** A user-type-id column limited to the granted user types. */
  userTypeCondition(column: AnyPgColumn | SQL): SQL | undefined;
  /** An attendance-mode-id column (null: the person follows none) within the granted modes (rule 101). */
  modeCondition(column: AnyPgColumn | SQL): SQL | undefined;
  /**
   * People (their id and `all_sites` columns) the member reaches by site: a person of every site, tied to no
   * site, or tied to a granted one (rule 96; the people list, its lookups and the reports).
   */
  personSiteCondition(userId: AnyPgColumn | SQL, allSites: AnyPgColumn | SQL): SQL | undefined;
}

export interface Grants extends GrantConditions {
  /** null: every site. */
  siteIds: number[] | null;
  /** null: every user type. */
  userTypeIds: number[] | null;
  /** null: every attendance mode. */
  modeIds: number[] | null;
  canSite(siteId: number | null | undefined): boolean;
  canUserType(userTypeId: number | null | undefined): boolean;
  canMode(modeId: number | null | undefined): boolean;
}

const list = (ids: number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);
const within = (column: AnyPgColumn | SQL, ids: number[] | null): SQL | undefined => (ids === null ? undefined : ids.length ? sql`${column} in (${list(ids)})` : sql`false`);

/** The grant tables' rows of member `member` in organisation `entity` (SQL expressions: values or placeholders). */
const grantedSites = (entity: SQL, member: SQL) => sql`select g.site_id from user_sites g where g.entity_id = ${entity} and g.user_id = ${member}`;
const grantedTypes = (entity: SQL, member: SQL) => sql`select g.user_type_id from user_user_types g where g.entity_id = ${entity} and g.user_id = ${member}`;
const grantedModes = (entity: SQL, member: SQL) => sql`select g.attendance_mode_id from attendance_mode_grants g where g.entity_id = ${entity} and g.user_id = ${member}`;

/** Rule 101, its one statement: no attendance-mode grant is every mode; a person without a mode is within them. */
const modeGranted = (entity: SQL, member: SQL, mode: AnyPgColumn | SQL) =>
  sql`(${mode} is null or not exists (${grantedModes(entity, member)}) or ${mode} in (${grantedModes(entity, member)}))`;

/** A person tied to sites (`siteIds`: a list or a subquery) reaches them; people of every site, and those tied to none, too. */
const personAt = (userId: AnyPgColumn | SQL, allSites: AnyPgColumn | SQL, siteIds: SQL, orUntied: boolean) =>
  sql`(${allSites}${orUntied ? sql` or not exists (select 1 from user_sites s where s.user_id = ${userId})` : sql``} or exists (select 1 from user_sites s where s.user_id = ${userId} and s.site_id in (${siteIds})))`;

/**
 * A filter on the people's own sites (not a grant): people of every site, or tied to one of `siteIds` (the people
 * list's site filter, a report's site).
 */
export const personTiedTo = (userId: AnyPgColumn | SQL, allSites: AnyPgColumn | SQL, siteIds: number[] | SQL) =>
  personAt(userId, allSites, !Array.isArray(siteIds) ? siteIds : siteIds.length ? list(siteIds) : sql`null`, false);

/**
 * The member's grants as SQL conditions, with no read beforehand: each condition reads the grant tables itself
 * (lists whose statement should stay one).
 */
export function grantConditions(actor: MemberActor): GrantConditions {
  const [e, m] = [sql`${actor.entityId}`, sql`${actor.userId}`];
  return {
    siteCondition: (column) => (actor.allSites ? undefined : sql`${column} in (${grantedSites(e, m)})`),
    areaCondition: (column) =>
      actor.allSites ? undefined : sql`${column} in (select a.id from areas a where a.entity_id = ${e} and a.site_id in (${grantedSites(e, m)}))`,
    userTypeCondition: (column) => (actor.allUserTypes ? undefined : sql`${column} in (${grantedTypes(e, m)})`),
    modeCondition: (column) => modeGranted(e, m, column),
    personSiteCondition: (userId, allSites) => (actor.allSites ? undefined : personAt(userId, allSites, grantedSites(e, m), true)),
  };
}

const dialect = new PgDialect();
/**
 * The same grants as text for a prepared statement whose parameters name the organisation and the member
 * (`$1`, `$2`): whether the expression's site, user type or attendance mode is granted (the sign-in's load).
 */
export function grantTests(entity: string, member: string) {
  const [e, m] = [sql.raw(entity), sql.raw(member)];
  const text = (q: SQL) => dialect.sqlToQuery(q).sql;
  return {
    site: (expr: string) => text(sql`${sql.raw(expr)} in (${grantedSites(e, m)})`),
    userType: (expr: string) => text(sql`${sql.raw(expr)} in (${grantedTypes(e, m)})`),
    mode: (expr: string) => text(modeGranted(e, m, sql.raw(expr))),
  };
}

export function grantsFrom(entityId: number, g: { siteIds: number[] | null; userTypeIds: number[] | null; modeIds: number[] | null }): Grants {
  const sites = g.siteIds && new Set(g.siteIds);
  const types = g.userTypeIds && new Set(g.userTypeIds);
  const modes = g.modeIds && new Set(g.modeIds);
  return {
    ...g,
    canSite: (id) => !sites || (id != null && sites.has(id)),
    canUserType: (id) => !types || (id != null && types.has(id)),
    // Rule 101 as modeGranted says it, on what was read.
    canMode: (id) => !modes || id == null || modes.has(id),
    siteCondition: (column) => within(column, g.siteIds),
    areaCondition: (column) =>
      g.siteIds === null ? undefined : g.siteIds.length ? sql`${column} in (select a.id from areas a where a.entity_id = ${entityId} and a.site_id in (${list(g.siteIds)}))` : sql`false`,
    userTypeCondition: (column) => within(column, g.userTypeIds),
    modeCondition: (column) => (g.modeIds === null ? undefined : g.modeIds.length ? sql`(${column} is null or ${within(column, g.modeIds)})` : undefined),
    personSiteCondition: (userId, allSites) => (g.siteIds === null ? undefined : personAt(userId, allSites, g.siteIds.length ? list(g.siteIds) : sql`null`, true)),
  };
}

/**
 * The select list that reads a member's grant rows (`member`: their users.id, a value or a column): `sites`,
 * `types` (arrays, empty when none) and `modes` (null when none: every mode).
 */
export const grantColumns = (entity: SQL, member: SQL) => sql`
  (select coalesce(array_agg(x.site_id), '{}') from (${grantedSites(entity, member)}) x) as sites,
  (select coalesce(array_agg(x.user_type_id), '{}') from (${grantedTypes(entity, member)}) x) as types,
  (select array_agg(x.attendance_mode_id) from (${grantedModes(entity, member)}) x) as modes`;

export interface GrantRow {
  sites: number[] | null;
  types: number[] | null;
  modes: number[] | null;
}

/** Grants from a row read with `grantColumns` and the member's `all_sites` and `all_user_types` flags. */
export const grantsOfRow = (entityId: number, member: { allSites: boolean; allUserTypes: boolean }, row: GrantRow | undefined) =>
  grantsFrom(entityId, {
    siteIds: member.allSites ? null : (row?.sites ?? []).map(Number),
    userTypeIds: member.allUserTypes ? null : (row?.types ?? []).map(Number),
    modeIds: row?.modes?.length ? row.modes.map(Number) : null,
  });

/** Whose grants: a member (the caller, or a person whose grants are shown). */
export type Member = Pick<MemberActor, 'entityId' | 'userId' | 'allSites' | 'allUserTypes'>;

/** The member's grants, read in the tenant transaction `tx` in one statement. */
export async function grantsOf(tx: Db, actor: Member): Promise<Grants> {
  const [row] = rowsOf<GrantRow>(await tx.execute(sql`select ${grantColumns(sql`${actor.entityId}`, sql`${actor.userId}`)}`));
  return grantsOfRow(actor.entityId, actor, row);
}

/**
 * The sites and user types saved for people (their own grants, as their form, invitation and role notice show
 * them; not what a caller may reach), by person, in one statement.
 */
export async function savedGrantsOf(tx: Db, entityId: number, userIds: number[]): Promise<Map<number, { siteIds: number[]; userTypeIds: number[] }>> {
  const out = new Map(userIds.map((id) => [id, { siteIds: [] as number[], userTypeIds: [] as number[] }]));
  if (!userIds.length) return out;
  const rows = rowsOf<{ user_id: number; kind: 'site' | 'type'; id: number }>(
    await tx.execute(sql`select user_id, 'site' as kind, site_id as id from user_sites where entity_id = ${entityId} and user_id in (${list(userIds)})
      union all select user_id, 'type', user_type_id from user_user_types where entity_id = ${entityId} and user_id in (${list(userIds)})
      order by 3`),
  );
  for (const r of rows) {
    const g = out.get(Number(r.user_id));
    if (g) (r.kind === 'site' ? g.siteIds : g.userTypeIds).push(Number(r.id));
  }
  return out;
}
