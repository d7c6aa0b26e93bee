import { and, eq, inArray, sql } from 'drizzle-orm';
import { entities, invitations, roles, userLabels, userTypes, users } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import { composeMail, type Mailer } from '../../platform/mail';
import { closeOpenVisits } from '../visits';
import { canUseType } from '../user-types';
import { partitionByAccess } from './policy';
import { applied, type MemberChange, protectedOf, refusalOf } from './protection';
import { labelIds } from './save-user';

export interface MassResult {
  done: number[];
  skipped: { id: number; reason: string }[];
}
type T = (k: string) => string;

/** Rule 173: archiving signs a signed-in person out (their open visits auto-closed); reactivating restores them. */
export async function setStatus(tx: Db, actor: MemberActor, ids: number[], status: 'active' | 'archived', t: T): Promise<MassResult> {
  const { allowed, skipped } = await partitionByAccess(tx, actor, ids, t);
  const done = await protectedPeople(tx, actor, allowed, status === 'archived' ? 'archive' : 'reactivate', skipped, t);
  if (!done.length) return { done, skipped };
  await tx
    .update(users)
    .set({ status, archivedAt: status === 'archived' ? sql`now()` : null, updatedAt: sql`now()` })
    .where(and(eq(users.entityId, actor.entityId), inArray(users.id, done)));
  if (status === 'archived') await closeOpenVisits(tx, { entityId: actor.entityId, userIds: done, method: 'archive' });
  return { done, skipped };
}

/**
 * The people of `ids` the protection policy lets the actor `change` (issue 16 part 1); the others are added to
 * `skipped` with the policy's reason. The last administrator stays protected across the whole list.
 */
async function protectedPeople(tx: Db, actor: MemberActor, ids: number[], change: MemberChange, skipped: MassResult['skipped'], t: T) {
  if (!ids.length) return [];
  const people = await tx.select({ id: users.id, roleId: users.roleId }).from(users).where(and(eq(users.entityId, actor.entityId), inArray(users.id, ids)));
  const p = await protectedOf(tx, actor.entityId);
  const done: number[] = [];
  for (const person of people) {
    const reason = refusalOf(actor, person, change, p);
    if (reason) skipped.push({ id: person.id, reason: t(reason) });
    else {
      applied(person, change, p);
      done.push(person.id);
    }
  }
  return done;
}

/** Moves people to another user type ("User Moved"); the target must be a type the actor may use. */
export async function moveUserType(tx: Db, actor: MemberActor, ids: number[], userTypeId: number, t: T): Promise<MassResult> {
  const { allowed, skipped, access } = await partitionByAccess(tx, actor, ids, t);
  const [type] = await tx.select({ id: userTypes.id }).from(userTypes).where(and(eq(userTypes.entityId, actor.entityId), eq(userTypes.id, userTypeId)));
  if (!type) throw badRequest({ user_type_id: ['people.user_type_unknown'] });
  if (!canUseType(access.types, type.id)) throw badRequest({ user_type_id: ['people.out_of_access'] }, 'people.out_of_access');
  if (allowed.length) await tx.update(users).set({ userTypeId, updatedAt: sql`now()` }).where(and(eq(users.entityId, actor.entityId), inArray(users.id, allowed)));
  return { done: allowed, skipped };
}

/** Adds labels (created when new) to people. */
export async function applyLabels(tx: Db, actor: MemberActor, ids: number[], names: string[], t: T): Promise<MassResult> {
  const { allowed, skipped } = await partitionByAccess(tx, actor, ids, t);
  const labels = await labelIds(tx, actor.entityId, names);
  const rows = allowed.flatMap((userId) => labels.map((labelId) => ({ entityId: actor.entityId, userId, labelId })));
  if (rows.length) await tx.insert(userLabels).values(rows).onConflictDoNothing();
  return { done: allowed, skipped };
}

/**
 * Passport invitation or revocation (rule 178, decided by `type`). Inviting records a pending invitation the
 * passport's accept/reject calls answer and mails the person; revoking withdraws pending invitations and unlinks
 * the passport (the person keeps their record but loses console access).
 */
export async function inviteOrRevoke(tx: Db, actor: MemberActor, mail: Mailer, ids: number[], type: 'invite' | 'revoke', roleId: number | undefined, t: T, roleFor?: Map<number, number>): Promise<MassResult> {
  const { allowed, skipped } = await partitionByAccess(tx, actor, ids, t);
  const done: number[] = [];
  if (type === 'revoke') {
    const revoked = await protectedPeople(tx, actor, allowed, 'revoke', skipped, t);
    if (revoked.length) {
      await tx.update(invitations).set({ status: 'revoked', answeredAt: sql`now()` }).where(and(eq(invitations.entityId, actor.entityId), inArray(invitations.userId, revoked), eq(invitations.status, 'pending')));
      await tx.update(users).set({ accountId: null, roleId: null, updatedAt: sql`now()` }).where(and(eq(users.entityId, actor.entityId), inArray(users.id, revoked)));
    }
    return { done: revoked, skipped };
  }
  let role = roleId;
  if (role !== undefined && !(await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.entityId, actor.entityId), eq(roles.id, role)))).length) throw badRequest({ role_id: ['people.role_unknown'] });
  role ??= (await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.entityId, actor.entityId), eq(roles.key, 'employee'))))[0]?.id;
  const [entity] = await tx.select({ name: entities.name }).from(entities).where(eq(entities.id, actor.entityId));
  const people = allowed.length ? await tx.select().from(users).where(and(eq(users.entityId, actor.entityId), inArray(users.id, allowed))) : [];
  for (const p of people) {
    // A person who already has a passport here is a member: an invitation would change their role on acceptance.
    if (p.accountId || !p.email) {
      skipped.push({ id: p.id, reason: t(p.accountId ? 'people.already_member' : 'people.no_email') });
      continue;
    }
    await tx.update(invitations).set({ status: 'revoked', answeredAt: sql`now()` }).where(and(eq(invitations.entityId, actor.entityId), eq(invitations.userId, p.id), eq(invitations.status, 'pending')));
    await tx.insert(invitations).values({ entityId: actor.entityId, email: p.email.toLowerCase(), userId: p.id, roleId: roleFor?.get(p.id) ?? role ?? null, invitedBy: actor.userId });
    const vars = { name: p.firstName, entity: entity?.name ?? '' };
    await mail.queue({ to: p.email, ...composeMail(p.lang, { subject: 'people.invite_subject', body: 'people.invite_body' }, vars) }, { tx });
    done.push(p.id);
  }
  return { done, skipped };
}
