import { and, eq, isNotNull } from 'drizzle-orm';
import { entities, roles, users } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { forbidden } from '../../platform/errors';

/**
 * What can be done to a person that touches their use of the dashboard (issue 16 part 1). Every path that does
 * one of these (the user form, the walk-in details form, delete, archive and reactivate, merge, passport revoke,
 * the import) asks `refusalOf` and nothing else.
 */
export type MemberChange = 'archive' | 'reactivate' | 'delete' | 'merge' | 'email' | 'role' | 'grants' | 'revoke' | 'import';

/** Changes after which the person no longer holds the dashboard role they had. */
const REMOVES: ReadonlySet<MemberChange> = new Set(['archive', 'delete', 'merge', 'revoke', 'role']);
/** Changes nobody makes to themselves (a lock-out, or a way to raise one's own rights). */
const NOT_TO_ONESELF: Partial<Record<MemberChange, string>> = {
  archive: 'people.self_delete',
  delete: 'people.self_delete',
  merge: 'people.self_delete',
  revoke: 'people.self_delete',
  role: 'people.own_role',
  grants: 'people.own_role',
};

/** The organisation's owner, its administrator role and the active administrators who can log in. */
export interface Protected {
  ownerId: number | null;
  adminRoleId: number | null;
  admins: Set<number>;
}

/** Who makes the change: a member, or the member who ran an import (the job acts for them). */
export type ChangeActor = Pick<MemberActor, 'userId' | 'roleKey'>;

export interface PersonRef {
  id: number;
  roleId: number | null;
}

export async function protectedOf(tx: Db, entityId: number): Promise<Protected> {
  const [entity] = await tx.select({ ownerId: entities.ownerId }).from(entities).where(eq(entities.id, entityId));
  const [admin] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.entityId, entityId), eq(roles.key, 'admin')));
  const admins = admin
    ? await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.entityId, entityId), eq(users.roleId, admin.id), eq(users.status, 'active'), isNotNull(users.accountId)))
    : [];
  return { ownerId: entity?.ownerId ?? null, adminRoleId: admin?.id ?? null, admins: new Set(admins.map((a) => a.id)) };
}

/**
 * The one policy (design section 5.6): nobody archives, deletes, merges away, demotes or revokes the owner or the
 * last administrator, nor themselves; only an administrator archives, reactivates, deletes, merges, imports over,
 * or changes the e-mail, role or grants of a person who holds a dashboard role, or gives anyone a role.
 * Answers the refusal's message key, or null when the change is allowed. `newRoleId`: the role a role change gives.
 */
export function refusalOf(actor: ChangeActor, person: PersonRef, change: MemberChange, p: Protected, newRoleId?: number | null): string | null {
  const removes = REMOVES.has(change) && !(change === 'role' && newRoleId != null && newRoleId === p.adminRoleId);
  if (person.id === p.ownerId && removes) return 'people.owner_protected';
  if (person.id === actor.userId && NOT_TO_ONESELF[change]) return NOT_TO_ONESELF[change]!;
  const consoleUser = person.roleId !== null || (change === 'role' && newRoleId != null);
  if (consoleUser && actor.roleKey !== 'admin') return 'people.console_user_admin_only';
  if (removes && p.admins.has(person.id) && p.admins.size <= 1) return 'people.last_admin';
  return null;
}

/** Throws the 403 of `refusalOf`; a change that is made updates `p` (the next check in the same request sees it). */
export function assertMay(actor: ChangeActor, person: PersonRef, change: MemberChange, p: Protected, newRoleId?: number | null) {
  const reason = refusalOf(actor, person, change, p, newRoleId);
  if (reason) throw forbidden(reason);
  applied(person, change, p, newRoleId);
}

/** Records a change that was allowed, so that the last administrator stays protected within one mass action. */
export function applied(person: PersonRef, change: MemberChange, p: Protected, newRoleId?: number | null) {
  if (REMOVES.has(change) && !(change === 'role' && newRoleId === p.adminRoleId)) p.admins.delete(person.id);
}

/**
 * Merging touches both people: the kept one takes the other's details (and their role, when they had none), the
 * other disappears. Either holding a dashboard role makes it an administrator's decision.
 */
export function mergeRefusal(actor: ChangeActor, keep: PersonRef, drop: PersonRef, p: Protected): string | null {
  return refusalOf(actor, drop, 'merge', p) ?? (keep.roleId !== null && actor.roleKey !== 'admin' ? 'people.console_user_admin_only' : null);
}
