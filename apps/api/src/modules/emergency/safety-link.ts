import type { Language } from '@gatehouse/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { emergencyLinks, emergencySessions, entities, users } from '../../db/schema/index';
import { hashToken } from '../../platform/auth/tokens';
import { asSystem, withTenant } from '../../platform/db/tenant';
import { AppError, notFound } from '../../platform/errors';
import type { Services } from '../../platform/services';
import { markPerson } from './mark-person';

const EVERYTHING = { sites: null, types: null };

/**
 * The single-use "I'm safe / I need help" link, resolved in this one place: a narrow system lookup by the token's
 * hash gives the organisation, then everything runs in its tenant transaction. Unknown tokens are 404.
 */
export async function resolveSafetyLink(services: Services, token: string) {
  const [found] = await asSystem(services.database.db, (tx) =>
    tx.select({ id: emergencyLinks.id, entityId: emergencyLinks.entityId }).from(emergencyLinks).where(eq(emergencyLinks.tokenHash, hashToken(token))),
  );
  if (!found) throw notFound('emergency.link_invalid');
  const [row] = await withTenant(services.database.db, found.entityId, (tx) =>
    tx
      .select({ link: emergencyLinks, session: emergencySessions, person: { firstName: users.firstName, lastName: users.lastName, lang: users.lang }, organisation: entities.name })
      .from(emergencyLinks)
      .innerJoin(emergencySessions, eq(emergencySessions.id, emergencyLinks.sessionId))
      .innerJoin(users, eq(users.id, emergencyLinks.userId))
      .innerJoin(entities, eq(entities.id, emergencyLinks.entityId))
      .where(and(eq(emergencyLinks.id, found.id), eq(emergencyLinks.entityId, found.entityId))),
  );
  if (!row) throw notFound('emergency.link_invalid');
  return row;
}
export type SafetyLink = Awaited<ReturnType<typeof resolveSafetyLink>>;

export const linkState = (l: SafetyLink) => (l.link.usedAt ? 'used' : l.session.status === 'ended' ? 'ended' : 'open');

export function presentLink(l: SafetyLink) {
  return {
    first_name: l.person.firstName,
    session_name: l.session.name,
    organisation: l.organisation,
    state: linkState(l),
    answer: l.link.answer,
    lang: l.person.lang as Language,
  } as const;
}

/** The person answers once: the link is used up and the answer marks them (a mark by themselves, source `link`). */
export async function answerSafetyLink(services: Services, l: SafetyLink, answer: 'safe' | 'needs_help') {
  if (l.link.usedAt) throw new AppError(410, 'emergency.link_used');
  if (l.session.status === 'ended') throw new AppError(410, 'emergency.link_ended');
  const entityId = l.link.entityId;
  return withTenant(services.database.db, entityId, async (tx) => {
    const used = await tx
      .update(emergencyLinks)
      .set({ usedAt: sql`now()`, answer })
      .where(and(eq(emergencyLinks.id, l.link.id), eq(emergencyLinks.entityId, entityId), isNull(emergencyLinks.usedAt)))
      .returning({ id: emergencyLinks.id });
    if (!used.length) throw new AppError(410, 'emergency.link_used');
    const name = `${l.person.firstName} ${l.person.lastName}`.trim();
    return markPerson(tx, { entityId, session: l.session, scope: EVERYTHING, body: { user_id: l.link.userId, status: answer }, by: { userId: null, name, source: 'link' } });
  });
}
