import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { emergencyPeople, emergencySessionSites, emergencySessions, sites } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { grantsOf } from '../../platform/auth/grants';

/**
 * Every grant decision of the emergency module, in one place (rule 96; rules 98-99, 258): which sites and user
 * types a member reaches, which sessions they may see, and which people of a session. Built on the project's grant
 * service (platform/auth/grants.ts).
 */
export interface EmergencyScope {
  /** null: every site. */
  sites: number[] | null;
  /** null: every user type. */
  types: number[] | null;
}

export async function scopeOf(tx: Db, actor: MemberActor): Promise<EmergencyScope> {
  const grants = await grantsOf(tx, actor);
  return { sites: grants.siteIds, types: grants.userTypeIds };
}

/** The people of a session the member may see: on a reachable site and of a granted user type. */
export function peopleVisible(scope: EmergencyScope): SQL | undefined {
  const conds: SQL[] = [];
  if (scope.sites) conds.push(scope.sites.length ? inArray(emergencyPeople.siteId, scope.sites) : sql`false`);
  if (scope.types) conds.push(scope.types.length ? sql`(${emergencyPeople.userTypeId} is null or ${inArray(emergencyPeople.userTypeId, scope.types)})` : sql`${emergencyPeople.userTypeId} is null`);
  return conds.length ? and(...conds) : undefined;
}

/** Sessions with at least one reachable site (the others are unknown to the member: 404, or left out of lists). */
export function sessionVisible(scope: EmergencyScope): SQL | undefined {
  if (!scope.sites) return undefined;
  if (!scope.sites.length) return sql`false`;
  return sql`exists (select 1 from ${emergencySessionSites} ss where ss.session_id = ${emergencySessions.id} and ${inArray(sql`ss.site_id`, scope.sites)})`;
}

/** The session when it is the organisation's and the member reaches one of its sites (rule 99), otherwise 404. */
export async function reachableSession(tx: Db, actor: MemberActor, scope: EmergencyScope, id: number) {
  const [row] = await tx
    .select()
    .from(emergencySessions)
    .where(and(eq(emergencySessions.id, id), eq(emergencySessions.entityId, actor.entityId), sessionVisible(scope)));
  if (!row) throw notFound('emergency.unknown');
  return row;
}

/**
 * Rule 258: the sites of the session the member cannot reach where people are still signed in. Ending is refused
 * while there is any.
 */
export async function blockingSites(tx: Db, actor: MemberActor, scope: EmergencyScope, sessionId: number): Promise<string[]> {
  if (!scope.sites) return [];
  const rows = await tx.execute<{ name: string }>(sql`
    select s.name from ${emergencySessionSites} ss join ${sites} s on s.id = ss.site_id
    where ss.entity_id = ${actor.entityId} and ss.session_id = ${sessionId}
      ${scope.sites.length ? sql`and not ${inArray(sql`ss.site_id`, scope.sites)}` : sql``}
      and exists (select 1 from visits v where v.entity_id = ${actor.entityId} and v.status = 'signed_in' and v.site_id = ss.site_id)
    order by s.name`);
  return (rows as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
}

/** The sites named by a start: all of the organisation and reachable by the member, otherwise 400 on site_ids. */
export async function startableSites(tx: Db, actor: MemberActor, scope: EmergencyScope, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(and(eq(sites.entityId, actor.entityId), inArray(sites.id, unique)));
  const ok = rows.filter((s) => !scope.sites || scope.sites.includes(s.id));
  return { ok, missing: unique.length - ok.length };
}
