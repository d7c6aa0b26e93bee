import { and, eq, sql } from 'drizzle-orm';
import { emergencyEvents, emergencySessionSites, emergencySessions } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { AppError, conflict } from '../../platform/errors';
import { blockingSites, type EmergencyScope, reachableSession } from './scope';

/**
 * Ends a session (rule 255: started, then ended). Rule 258: refused while it includes sites the member cannot
 * reach where people are still signed in. Only an explicit end ends a session: no failure does.
 */
export async function endSession(tx: Db, actor: MemberActor, scope: EmergencyScope, id: number) {
  const session = await reachableSession(tx, actor, scope, id);
  if (session.status === 'ended') throw conflict('emergency.already_ended');
  const blocked = await blockingSites(tx, actor, scope, id);
  if (blocked.length) {
    throw new AppError(403, 'emergency.end_not_allowed', { vars: { sites: blocked.join(', ') }, code: 'end_not_allowed', data: { sites: blocked } });
  }
  const name = `${actor.firstName} ${actor.lastName}`.trim();
  const [ended] = await tx
    .update(emergencySessions)
    .set({ status: 'ended', endedAt: sql`now()`, endedBy: actor.userId, endedByName: name, updatedAt: sql`now()` })
    .where(and(eq(emergencySessions.id, id), eq(emergencySessions.entityId, actor.entityId), eq(emergencySessions.status, 'started')))
    .returning();
  if (!ended) throw conflict('emergency.already_ended');
  await tx
    .update(emergencySessionSites)
    .set({ active: false })
    .where(and(eq(emergencySessionSites.entityId, actor.entityId), eq(emergencySessionSites.sessionId, id)));
  await tx.insert(emergencyEvents).values({ entityId: actor.entityId, sessionId: id, kind: 'ended', actorUserId: actor.userId, actorName: name, source: 'warden' });
  return ended;
}
