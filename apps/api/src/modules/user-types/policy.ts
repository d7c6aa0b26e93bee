import { and, eq } from 'drizzle-orm';
import { userUserTypes } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';

/**
 * The user types an actor may see and act on (rule 96): null when every type is granted, otherwise the ids of
 * the actor's `user_user_types` rows.
 */
export async function grantedUserTypeIds(tx: Db, actor: MemberActor): Promise<Set<number> | null> {
  if (actor.allUserTypes) return null;
  const rows = await tx
    .select({ id: userUserTypes.userTypeId })
    .from(userUserTypes)
    .where(and(eq(userUserTypes.entityId, actor.entityId), eq(userUserTypes.userId, actor.userId)));
  return new Set(rows.map((r) => r.id));
}

export const canUseType = (granted: Set<number> | null, id: number | null | undefined) => granted === null || (id != null && granted.has(id));
