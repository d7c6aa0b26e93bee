import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { users, userTypes } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import type { KioskJourney } from './journey';
import { asksQuickPass } from './name-pick';

/**
 * The kiosk's name search. Only people the kiosk signs: with a journey, those whose user type (or a parent type)
 * has a flow in it (a pupil at a visitors' kiosk is not listed); without one, anyone of the organisation. Quick
 * matching: every word typed starts a first or last name. Private matching (the journey's setting): only the full
 * first and last name, as typed, finds a person, so nobody browses the organisation's names. At most 8 people,
 * names only, each with whether signing them by name asks their quick pass code (name-pick.ts).
 */
export async function searchPeople(tx: Db, entityId: number, search: string, journey: KioskJourney | null) {
  if (journey && !journey.admittedTypeIds.length) return [];
  const matching = journey?.journey.nameMatching ?? 'quick';
  const words = search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 4);
  const like = (w: string) => `${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const whole = sql`lower(${users.firstName} || ' ' || ${users.lastName}) = ${words.join(' ')}`;
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, userTypeId: users.userTypeId, userType: userTypes.name })
    .from(users)
    .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(
      and(
        eq(users.entityId, entityId),
        ne(users.status, 'archived'),
        journey ? inArray(users.userTypeId, journey.admittedTypeIds) : undefined,
        ...(matching === 'private' ? [whole] : words.map((w) => sql`(lower(${users.firstName}) like ${like(w)} or lower(${users.lastName}) like ${like(w)})`)),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName))
    .limit(8);
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim(),
    user_type: r.userType ?? null,
    quick_pass: asksQuickPass(journey?.flowFor(r.userTypeId) ?? null) ? (1 as const) : (0 as const),
  }));
}
