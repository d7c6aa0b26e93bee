import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { areas, sites, userTypes } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { type Grants, grantsOf } from '../../platform/auth/grants';

/**
 * Every grant decision of the reports, in one place (rule 96): which sites and user types the caller may read,
 * as SQL conditions on a report's aliases, and the check of the ids a report is asked for, from the grants
 * service (platform/auth/grants.ts).
 */
export interface ReportScope {
  entityId: number;
  /** null: every site / every user type. */
  siteIds: number[] | null;
  typeIds: number[] | null;
  /** Condition on a site-id expression (`s.id`). */
  sites(col: SQL): SQL;
  /** Condition on a user-type-id expression (`u.user_type_id`). People without a type are visible only to callers with every type. */
  types(col: SQL): SQL;
  /** People (`u.id`, `u.all_sites`) the caller reaches by their own sites (rule 96, as the people list). */
  people(userId: SQL, allSites: SQL): SQL;
  grants: Grants;
}

const inList = (col: SQL, ids: number[]) => (ids.length ? sql`${col} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})` : sql`false`);

export async function reportScope(tx: Db, actor: MemberActor): Promise<ReportScope> {
  const grants = await grantsOf(tx, actor);
  const { siteIds, userTypeIds: typeIds } = grants;
  return {
    entityId: actor.entityId,
    siteIds,
    typeIds,
    sites: (col) => (siteIds ? inList(col, siteIds) : sql`true`),
    types: (col) => (typeIds ? inList(col, typeIds) : sql`true`),
    people: (userId, allSites) => grants.personSiteCondition(userId, allSites) ?? sql`true`,
    grants,
  };
}

/**
 * The site, area and user type a report is asked for: each must be the organisation's and within the caller's
 * grants, else 404 (another organisation's ids are never confirmed to exist). Answers the SQL condition.
 */
export async function scopeFilters(tx: Db, scope: ReportScope, q: { site_id?: number; area_id?: number; user_type_id?: number }, cols: { site: SQL; area: SQL; type: SQL }) {
  const conds: SQL[] = [];
  if (q.site_id) {
    const [row] = await tx.select({ id: sites.id }).from(sites).where(and(eq(sites.id, q.site_id), eq(sites.entityId, scope.entityId)));
    if (!row || (scope.siteIds && !scope.siteIds.includes(row.id))) throw notFound('reports.site_unknown');
    conds.push(sql`${cols.site} = ${q.site_id}`);
  }
  if (q.area_id) {
    const [row] = await tx.select({ id: areas.id, siteId: areas.siteId }).from(areas).where(and(eq(areas.id, q.area_id), eq(areas.entityId, scope.entityId)));
    if (!row || (scope.siteIds && !scope.siteIds.includes(row.siteId))) throw notFound('reports.area_unknown');
    conds.push(sql`${cols.area} = ${q.area_id}`);
  }
  if (q.user_type_id) {
    const [row] = await tx.select({ id: userTypes.id }).from(userTypes).where(and(eq(userTypes.id, q.user_type_id), eq(userTypes.entityId, scope.entityId)));
    if (!row || (scope.typeIds && !scope.typeIds.includes(row.id))) throw notFound('reports.user_type_unknown');
    conds.push(sql`${cols.type} = ${q.user_type_id}`);
  }
  return conds.length ? sql.join(conds, sql` and `) : sql`true`;
}

/** Ids of a logbook filter (many sites, areas, types) that must all be reachable, else 404. */
export async function assertReachable(tx: Db, scope: ReportScope, f: { site_id?: number[]; area_id?: number[]; user_type_id?: number[] }) {
  if (f.site_id?.length) {
    const rows = await tx.select({ id: sites.id }).from(sites).where(and(eq(sites.entityId, scope.entityId), inArray(sites.id, f.site_id)));
    if (rows.length !== new Set(f.site_id).size || rows.some((r) => scope.siteIds && !scope.siteIds.includes(r.id))) throw notFound('reports.site_unknown');
  }
  if (f.area_id?.length) {
    const rows = await tx.select({ id: areas.id, siteId: areas.siteId }).from(areas).where(and(eq(areas.entityId, scope.entityId), inArray(areas.id, f.area_id)));
    if (rows.length !== new Set(f.area_id).size || rows.some((r) => scope.siteIds && !scope.siteIds.includes(r.siteId))) throw notFound('reports.area_unknown');
  }
  if (f.user_type_id?.length) {
    const rows = await tx.select({ id: userTypes.id }).from(userTypes).where(and(eq(userTypes.entityId, scope.entityId), inArray(userTypes.id, f.user_type_id)));
    if (rows.length !== new Set(f.user_type_id).size || rows.some((r) => scope.typeIds && !scope.typeIds.includes(r.id))) throw notFound('reports.user_type_unknown');
  }
}

/** The UTC instants that certainly contain local days `start`..`end` in any time zone (for index ranges). */
export const coarseBounds = (start: string, end: string) => ({
  lo: new Date(Date.parse(`${start}T00:00:00Z`) - 15 * 3600_000),
  hi: new Date(Date.parse(`${end}T00:00:00Z`) + 39 * 3600_000),
});

/** `at` falls on local days start..end of time zone `tz` (SQL expressions). */
export const localDayRange = (at: SQL, tz: SQL, start: string, end: string) =>
  sql`${at} >= (${start}::date::timestamp at time zone ${tz}) and ${at} < ((${end}::date + 1)::timestamp at time zone ${tz})`;
