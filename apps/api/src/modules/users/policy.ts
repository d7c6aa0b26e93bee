import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import { type Grants, grantsOf } from '../../platform/auth/grants';
import type { Db } from '../../platform/db/client';

export interface Access {
  types: Set<number> | null;
  sites: Set<number> | null;
  grants: Grants;
}

/** The actor's grants (rule 96, platform/auth/grants.ts): null means every site / every user type. */
export async function accessOf(tx: Db, actor: MemberActor): Promise<Access> {
  const grants = await grantsOf(tx, actor);
  const set = (ids: number[] | null) => (ids === null ? null : new Set(ids));
  return { types: set(grants.userTypeIds), sites: set(grants.siteIds), grants };
}

/**
 * The people an actor may see and act on (rule 96): their user type is granted, and when the actor is limited
 * to some sites, a person tied to particular sites shares at least one of them. People of every site are visible.
 */
export function visibleTo(access: Access): SQL | undefined {
  return and(access.grants.userTypeCondition(users.userTypeId), access.grants.personSiteCondition(users.id, users.allSites));
}

/**
 * Splits the requested people into those the actor may act on and those refused with a reason (rule 100):
 * another organisation's or unknown ids are reported as not found, people outside the actor's grants as such.
 */
export async function partitionByAccess(tx: Db, actor: MemberActor, ids: number[], t: (k: string) => string) {
  const unique = [...new Set(ids)];
  const access = await accessOf(tx, actor);
  const existing = await tx.select({ id: users.id }).from(users).where(and(eq(users.entityId, actor.entityId), inArray(users.id, unique)));
  const visible = new Set(
    (await tx.select({ id: users.id }).from(users).where(and(eq(users.entityId, actor.entityId), inArray(users.id, unique), visibleTo(access)))).map((r) => r.id),
  );
  const known = new Set(existing.map((r) => r.id));
  const allowed = unique.filter((id) => visible.has(id));
  const skipped = unique.filter((id) => !visible.has(id)).map((id) => ({ id, reason: t(known.has(id) ? 'people.out_of_access' : 'errors.not_found') }));
  return { allowed, skipped, access };
}
