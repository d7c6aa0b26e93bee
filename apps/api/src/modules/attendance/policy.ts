import { and, eq } from 'drizzle-orm';
import { attendanceModeGrants } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { forbidden } from '../../platform/errors';

/** The attendance modes the caller may act on (rules 100-101): every mode when they have no grants. */
export interface ModeAccess {
  all: boolean;
  ids: Set<number>;
  allows(modeId: number | null | undefined): boolean;
}

export async function modeAccess(tx: Db, actor: MemberActor): Promise<ModeAccess> {
  const rows = await tx
    .select({ id: attendanceModeGrants.attendanceModeId })
    .from(attendanceModeGrants)
    .where(and(eq(attendanceModeGrants.entityId, actor.entityId), eq(attendanceModeGrants.userId, actor.userId)));
  const ids = new Set(rows.map((r) => r.id));
  const all = rows.length === 0;
  return { all, ids, allows: (id) => all || id === null || id === undefined || ids.has(id) };
}

/** Refuses, with the rule 101 explanation, an action on a mode (its reasons, its people) outside the caller's access. */
export async function assertModeAccess(tx: Db, actor: MemberActor, modeId: number) {
  const access = await modeAccess(tx, actor);
  if (!access.allows(modeId)) throw forbidden('attendance.out_of_access');
}
