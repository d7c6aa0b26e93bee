import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { users, userTypes } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';

/**
 * Quick matching: every word typed starts a first or last name. Private matching (the journey's setting): only
 * the full first and last name, as typed, finds a person, so nobody browses the organisation's names. At most 8
 * people, names only.
 */
export async function searchPeople(tx: Db, entityId: number, search: string, matching: 'quick' | 'private' = 'quick') {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 4);
  const like = (w: string) => `${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const whole = sql`lower(${users.firstName} || ' ' || ${users.lastName}) = ${words.join(' ')}`;
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, userType: userTypes.name })
    .from(users)
    .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(
      and(
        eq(users.entityId, entityId),
        ne(users.status, 'archived'),
        ...(matching === 'private' ? [whole] : words.map((w) => sql`(lower(${users.firstName}) like ${like(w)} or lower(${users.lastName}) like ${like(w)})`)),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName))
    .limit(8);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim(), user_type: r.userType ?? null }));
}
