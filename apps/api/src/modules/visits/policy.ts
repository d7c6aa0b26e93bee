import type { MemberActor } from '../../platform/auth/actor';
import { grantsOf } from '../../platform/auth/grants';
import type { Db } from '../../platform/db/client';
import { forbidden } from '../../platform/errors';

/**
 * Rules 96 and 100: an actor acts only on visits of the sites and user types granted to them (platform/auth/grants.ts);
 * otherwise the action is blocked with an explanation. A visit with no site or type yet is not limited by it.
 */
export async function assertVisitGrants(tx: Db, actor: MemberActor, v: { siteId: number | null; userTypeId: number | null }) {
  if (actor.allSites && actor.allUserTypes) return;
  const grants = await grantsOf(tx, actor);
  if (v.siteId && !grants.canSite(v.siteId)) throw forbidden('visits.site_forbidden');
  if (v.userTypeId && !grants.canUserType(v.userTypeId)) throw forbidden('visits.user_type_forbidden');
}
