import type { MemberActor } from '../../platform/auth/actor';
import { grantsOf } from '../../platform/auth/grants';
import type { Db } from '../../platform/db/client';

/** The user types an actor may see and act on (rule 96, platform/auth/grants.ts): null when every type is granted. */
export async function grantedUserTypeIds(tx: Db, actor: MemberActor): Promise<Set<number> | null> {
  if (actor.allUserTypes) return null;
  return new Set((await grantsOf(tx, actor)).userTypeIds);
}

export const canUseType = (granted: Set<number> | null, id: number | null | undefined) => granted === null || (id != null && granted.has(id));
