import { and, eq, inArray } from 'drizzle-orm';
import { userAttendanceModes } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import { grantsOf } from '../../platform/auth/grants';
import type { Db } from '../../platform/db/client';

export interface PersonRef {
  id: number;
  userTypeId: number | null;
}

/**
 * Rules 96 and 100-101: which of these people the caller may sign in or out at a site. Answers the explanation
 * key of each person outside the caller's sites, user types or attendance modes (absent = allowed).
 */
export async function blockedPeople(tx: Db, actor: MemberActor, siteId: number, people: PersonRef[], opts: { skipModes?: boolean } = {}): Promise<Map<number, string>> {
  const blocked = new Map<number, string>();
  if (!people.length) return blocked;
  // The kiosk acts for itself (no member): every site, type and mode of its organisation.
  const grants = actor.userId ? await grantsOf(tx, actor) : null;
  if (!grants) return blocked;
  if (!grants.canSite(siteId)) {
    for (const p of people) blocked.set(p.id, 'signin.out_of_site');
    return blocked;
  }
  // A person without a user type is not limited by the type grants when signing (rule 100 names the type).
  for (const p of people) if (p.userTypeId !== null && !grants.canUserType(p.userTypeId)) blocked.set(p.id, 'signin.out_of_user_type');
  if (opts.skipModes || grants.modeIds === null) return blocked;
  const modes = await tx
    .select({ userId: userAttendanceModes.userId, modeId: userAttendanceModes.attendanceModeId })
    .from(userAttendanceModes)
    .where(and(eq(userAttendanceModes.entityId, actor.entityId), inArray(userAttendanceModes.userId, people.map((p) => p.id))));
  for (const m of modes) if (!grants.canMode(m.modeId) && !blocked.has(m.userId)) blocked.set(m.userId, 'signin.out_of_mode');
  return blocked;
}
