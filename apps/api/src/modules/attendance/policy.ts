import type { MemberActor } from '../../platform/auth/actor';
import { grantsOf } from '../../platform/auth/grants';
import type { Db } from '../../platform/db/client';
import { forbidden } from '../../platform/errors';

/** The attendance modes the caller may act on (rules 100-101, platform/auth/grants.ts): every mode when they have no grants. */
export interface ModeAccess {
  all: boolean;
  ids: Set<number>;
  allows(modeId: number | null | undefined): boolean;
}

export async function modeAccess(tx: Db, actor: MemberActor): Promise<ModeAccess> {
  const grants = await grantsOf(tx, actor);
  return { all: grants.modeIds === null, ids: new Set(grants.modeIds ?? []), allows: grants.canMode };
}

/** Refuses, with the rule 101 explanation, an action on a mode (its reasons, its people) outside the caller's access. */
export async function assertModeAccess(tx: Db, actor: MemberActor, modeId: number) {
  const access = await modeAccess(tx, actor);
  if (!access.allows(modeId)) throw forbidden('attendance.out_of_access');
}
