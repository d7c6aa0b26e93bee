import type { ActionEmergencyBody } from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { emergencyEvents, emergencyPeople, emergencySessionSites, emergencySessions, musterPoints } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { conflict, fieldError } from '../../platform/errors';
import { loadPeople } from './load-people';
import type { EmergencyScope } from './scope';

/** A mark may come from a phone whose clock runs a little ahead. */
const CLOCK_SKEW_MS = 60_000;

export interface MarkBy {
  userId: number | null;
  name: string;
  source: 'warden' | 'link';
}

/**
 * Sets a person's status in a session (rule 259), written before it is acknowledged. Two marks of the same person
 * keep the later one by the time they were made (a phone offline sends its marks late); the timeline keeps both.
 * The same idempotency key twice counts once (`replayed`). A mark made after the session ended is refused; one made
 * before (a phone that was offline) is still recorded, so the report is complete.
 */
export async function markPerson(tx: Db, opts: { entityId: number; session: typeof emergencySessions.$inferSelect; scope: EmergencyScope; body: ActionEmergencyBody; by: MarkBy; now?: Date }) {
  const { entityId, session, body, scope } = opts;
  const now = opts.now ?? new Date();
  const at = body.at ? new Date(body.at) : now;
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw fieldError('at', 'emergency.at_future');
  if (at.getTime() < new Date(session.startedAt).getTime() - CLOCK_SKEW_MS) throw fieldError('at', 'emergency.at_before_start');
  if (session.status === 'ended' && session.endedAt && at.getTime() > new Date(session.endedAt).getTime()) throw conflict('emergency.mark_after_end');

  const current = await loadPeople(tx, entityId, scope, { sessionIds: [session.id], userIds: [body.user_id], limit: 1 });
  if (!current.data.length) throw fieldError('user_id', 'emergency.person_not_in_session');
  if (body.muster_point_id) {
    const [point] = await tx
      .select({ id: musterPoints.id })
      .from(musterPoints)
      .innerJoin(emergencySessionSites, and(eq(emergencySessionSites.siteId, musterPoints.siteId), eq(emergencySessionSites.sessionId, session.id)))
      .where(and(eq(musterPoints.entityId, entityId), eq(musterPoints.id, body.muster_point_id)));
    if (!point) throw fieldError('muster_point_id', 'emergency.muster_unknown');
  }
  const musterPointId = body.status === 'safe' ? (body.muster_point_id ?? null) : null;
  const inserted = await tx
    .insert(emergencyEvents)
    .values({
      entityId,
      sessionId: session.id,
      userId: body.user_id,
      kind: 'mark',
      status: body.status,
      musterPointId,
      actorUserId: opts.by.userId,
      actorName: opts.by.name,
      source: opts.by.source,
      at,
      idempotencyKey: body.idempotency_key ?? null,
    })
    .onConflictDoNothing({ target: [emergencyEvents.entityId, emergencyEvents.idempotencyKey], where: sql`${emergencyEvents.idempotencyKey} is not null` })
    .returning({ id: emergencyEvents.id });
  if (!inserted.length) return { person: current.data[0], replayed: true };

  await tx
    .update(emergencyPeople)
    .set({ status: body.status, statusAt: at, statusBy: opts.by.userId, statusByName: opts.by.name, statusSource: opts.by.source, musterPointId, updatedAt: sql`now()` })
    .where(
      and(
        eq(emergencyPeople.sessionId, session.id),
        eq(emergencyPeople.userId, body.user_id),
        sql`(${emergencyPeople.statusAt} is null or ${emergencyPeople.statusAt} <= ${at.toISOString()})`,
      ),
    );
  await tx
    .update(emergencySessions)
    .set({
      allAccountedAt: sql`case when exists (select 1 from emergency_people p where p.session_id = ${session.id} and p.presence = 'on_site' and p.status = 'unaccounted')
        then null else coalesce(${emergencySessions.allAccountedAt}, now()) end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(emergencySessions.id, session.id), eq(emergencySessions.entityId, entityId)));
  const after = await loadPeople(tx, entityId, scope, { sessionIds: [session.id], userIds: [body.user_id], limit: 1 });
  return { person: after.data[0], replayed: false };
}

