import type { EmergencyReport, TimelineEvent } from '@gatehouse/contract';
import { eq, sql } from 'drizzle-orm';
import { emergencySessions } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import { type Db, rowsOf } from '../../platform/db/client';
import { loadPeople } from './load-people';
import { loadSessions } from './load-sessions';
import { type EmergencyScope, reachableSession } from './scope';

/**
 * A session's report (issue 17 part 4): start, end, who started it and how, the time until everyone was
 * accounted for, the list with each status and who set it, and the timeline of marks, arrivals and departures.
 */
export async function loadReport(tx: Db, actor: MemberActor, scope: EmergencyScope, id: number): Promise<EmergencyReport> {
  const session = await reachableSession(tx, actor, scope, id);
  const [{ data: [presented] }, people] = await Promise.all([
    loadSessions(tx, actor.entityId, scope, { where: eq(emergencySessions.id, session.id) }),
    loadPeople(tx, actor.entityId, scope, { sessionIds: [session.id] }),
  ]);
  const visibleIds = new Set(people.data.map((p) => p.user_id));
  const rows = rowsOf<Omit<TimelineEvent, 'at'> & { at: Date | string }>(
    await tx.execute(sql`
      select e.id, e.kind, e.at, e.user_id, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as person_name,
             e.status, m.name as muster_point_name, e.actor_name, e.source, e.detail
      from emergency_events e
      left join users u on u.id = e.user_id
      left join muster_points m on m.id = e.muster_point_id
      where e.entity_id = ${actor.entityId} and e.session_id = ${session.id}
      order by e.at, e.id
      limit 20000`),
  );
  const timeline = rows
    .filter((e) => e.user_id === null || visibleIds.has(e.user_id))
    .map((e) => ({ ...e, at: new Date(e.at).toISOString(), detail: e.detail ?? null }));
  return { ...presented, people: people.data, timeline, entity_name: actor.entity.name };
}
