import { and, eq, sql } from 'drizzle-orm';
import { invitations, users } from '../../db/schema/index';
import type { Actor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { asSystem, withTenant } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import { audit } from '../../platform/audit';

/**
 * Accepting links the passport to the invited person (or creates them) with the invited role; rejecting only
 * records the answer. Either way the invitation must be pending and addressed to the caller's e-mail.
 */
export async function answerInvitation(db: Db, actor: Actor, invitationId: number, answer: 'accepted' | 'rejected') {
  const [inv] = await asSystem(db, (tx) =>
    tx.select().from(invitations).where(and(eq(invitations.id, invitationId), sql`lower(${invitations.email}) = ${actor.email}`, eq(invitations.status, 'pending'))),
  );
  if (!inv) throw new AppError(404, 'auth.invitation_invalid');
  await withTenant(db, inv.entityId, async (tx) => {
    await tx.update(invitations).set({ status: answer, answeredAt: sql`now()` }).where(eq(invitations.id, inv.id));
    if (answer === 'accepted') {
      const [person] = inv.userId
        ? await tx.select().from(users).where(and(eq(users.id, inv.userId), eq(users.entityId, inv.entityId)))
        : await tx.select().from(users).where(and(eq(users.entityId, inv.entityId), sql`lower(${users.email}) = ${actor.email}`));
      if (person) {
        await tx.update(users).set({ accountId: actor.accountId, roleId: inv.roleId ?? person.roleId, status: 'active', updatedAt: sql`now()` }).where(eq(users.id, person.id));
      } else {
        await tx.insert(users).values({ entityId: inv.entityId, accountId: actor.accountId, roleId: inv.roleId, firstName: actor.firstName, lastName: actor.lastName, email: actor.email, lang: actor.lang });
      }
    }
    await audit(tx, inv.entityId, { accountId: actor.accountId, userId: null }, answer === 'accepted' ? 'accept' : 'reject', 'invitation', inv.id);
  });
  return inv.entityId;
}
