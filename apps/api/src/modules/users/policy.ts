import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { userSites, users } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { grantedUserTypeIds } from '../user-types';

export interface Access {
  types: Set<number> | null;
  sites: Set<number> | null;
}

/** The actor's grants (rule 96): null means every site / every user type. */
export async function accessOf(tx: Db, actor: MemberActor): Promise<Access> {
  const types = await grantedUserTypeIds(tx, actor);
  let sites: Set<number> | null = null;
  if (!actor.allSites) {
    const rows = await tx.select({ id: userSites.siteId }).from(userSites).where(and(eq(userSites.entityId, actor.entityId), eq(userSites.userId, actor.userId)));
    sites = new Set(rows.map((r) => r.id));
  }
  return { types, sites };
}

/**
 * The people an actor may see and act on (rule 96): their user type is granted, and when the actor is limited
 * to some sites, a person tied to particular sites shares at least one of them. People of every site are visible.
 */
export function visibleTo(access: Access): SQL | undefined {
  const conds: SQL[] = [];
  if (access.types) conds.push(access.types.size ? inArray(users.userTypeId, [...access.types]) : sql`false`);
  if (access.sites) {
    const ids = [...access.sites];
    conds.push(
      sql`(${users.allSites} or not exists (select 1 from ${userSites} s where s.user_id = ${users.id})${
        ids.length ? sql` or exists (select 1 from ${userSites} s where s.user_id = ${users.id} and s.site_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}))` : sql``
      })`,
    );
  }
  return conds.length ? and(...conds) : undefined;
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
