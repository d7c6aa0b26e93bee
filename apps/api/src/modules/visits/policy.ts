import { and, eq } from 'drizzle-orm';
import { userSites, userUserTypes } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { forbidden } from '../../platform/errors';

/**
 * Rules 96 and 100: an actor acts only on visits of the sites and user types granted to them; otherwise the
 * action is blocked with an explanation.
 */
export async function assertVisitGrants(tx: Db, actor: MemberActor, v: { siteId: number | null; userTypeId: number | null }) {
  if (!actor.allSites && v.siteId) {
    const [ok] = await tx.select({ s: userSites.siteId }).from(userSites).where(and(eq(userSites.entityId, actor.entityId), eq(userSites.userId, actor.userId), eq(userSites.siteId, v.siteId)));
    if (!ok) throw forbidden('visits.site_forbidden');
  }
  if (!actor.allUserTypes && v.userTypeId) {
    const [ok] = await tx
      .select({ t: userUserTypes.userTypeId })
      .from(userUserTypes)
      .where(and(eq(userUserTypes.entityId, actor.entityId), eq(userUserTypes.userId, actor.userId), eq(userUserTypes.userTypeId, v.userTypeId)));
    if (!ok) throw forbidden('visits.user_type_forbidden');
  }
}
