import { and, eq, inArray } from 'drizzle-orm';
import { userAttendanceModes, userSites, userUserTypes } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { modeAccess } from '../attendance';

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
  if (!actor.allSites) {
    const [grant] = await tx
      .select({ siteId: userSites.siteId })
      .from(userSites)
      .where(and(eq(userSites.entityId, actor.entityId), eq(userSites.userId, actor.userId), eq(userSites.siteId, siteId)));
    if (!grant) {
      for (const p of people) blocked.set(p.id, 'signin.out_of_site');
      return blocked;
    }
  }
  if (!actor.allUserTypes) {
    const types = await tx
      .select({ id: userUserTypes.userTypeId })
      .from(userUserTypes)
      .where(and(eq(userUserTypes.entityId, actor.entityId), eq(userUserTypes.userId, actor.userId)));
    const ids = new Set(types.map((t) => t.id));
    for (const p of people) if (p.userTypeId !== null && !ids.has(p.userTypeId)) blocked.set(p.id, 'signin.out_of_user_type');
  }
  if (opts.skipModes) return blocked;
  const access = await modeAccess(tx, actor);
  if (!access.all) {
    const modes = await tx
      .select({ userId: userAttendanceModes.userId, modeId: userAttendanceModes.attendanceModeId })
      .from(userAttendanceModes)
      .where(and(eq(userAttendanceModes.entityId, actor.entityId), inArray(userAttendanceModes.userId, people.map((p) => p.id))));
    for (const m of modes) if (!access.allows(m.modeId) && !blocked.has(m.userId)) blocked.set(m.userId, 'signin.out_of_mode');
  }
  return blocked;
}
