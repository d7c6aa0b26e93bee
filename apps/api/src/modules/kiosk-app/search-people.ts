import { and, asc, eq, isNotNull, isNull, ne, not, or, sql } from 'drizzle-orm';
import { journeyFlows, journeys, users, userTypes } from '../../db/schema/index';
import { tf, typeFlows } from '../../db/type-flows';
import type { Db } from '../../platform/db/client';
import type { DeviceKiosk } from './device-kiosk';
import { asksQuickPass } from './name-pick';

/**
 * The kiosk's name search, in one statement. Only people the kiosk signs: with a journey, those whose user type
 * follows a flow in it (`kiosk_type_flows`, as the sign-in decides it: a pupil at a visitors' kiosk is not listed);
 * without one, anyone of the organisation. Quick matching: every word typed starts a first or last name. Private
 * matching (the journey's setting): only the full first and last name, as typed, finds a person, so nobody browses
 * the organisation's names. At most 8 people, names only, each with whether signing them by name asks their quick
 * pass code (their flow's input method: name-pick.ts).
 */
export async function searchPeople(tx: Db, k: DeviceKiosk, search: string) {
  const entityId = k.entity.id;
  const words = search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 4);
  const like = (w: string) => `${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const whole = sql`lower(${users.firstName} || ' ' || ${users.lastName}) = ${words.join(' ')}`;
  // Without a journey (no row joined), quick matching.
  const privateMatching = sql`coalesce(${journeys.nameMatching}, 'quick') = 'private'`;
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, userType: userTypes.name, inputMethod: journeyFlows.inputMethod })
    .from(users)
    .leftJoin(userTypes, and(eq(userTypes.id, users.userTypeId), eq(userTypes.entityId, entityId)))
    .leftJoin(journeys, and(eq(journeys.id, sql`${k.journeyId}::int`), eq(journeys.entityId, entityId)))
    .leftJoin(typeFlows(entityId, k.journeyId), eq(tf.userTypeId, users.userTypeId))
    .leftJoin(journeyFlows, and(eq(journeyFlows.id, tf.flowId), eq(journeyFlows.entityId, entityId)))
    .where(
      and(
        eq(users.entityId, entityId),
        ne(users.status, 'archived'),
        // With a journey, only the types it signs.
        or(isNull(journeys.id), isNotNull(journeyFlows.id)),
        or(and(privateMatching, whole), and(not(privateMatching), ...words.map((w) => sql`(lower(${users.firstName}) like ${like(w)} or lower(${users.lastName}) like ${like(w)})`))),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName))
    .limit(8);
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim(),
    user_type: r.userType ?? null,
    quick_pass: asksQuickPass(r.inputMethod === null ? null : { flow: { inputMethod: r.inputMethod } }) ? (1 as const) : (0 as const),
  }));
}
