import { and, eq, inArray } from 'drizzle-orm';
import { areas } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { reachableArea } from './save-area';
import { countSignedIn } from '../visits';
import { subtreeIds } from './tree';

/** Deletes an area and its sub-areas (rule 233); refused with 409 while anyone is signed in there. */
export async function removeArea(tx: Db, actor: MemberActor, areaId: number) {
  const area = await reachableArea(tx, actor, areaId);
  const subtree = await subtreeIds(tx, actor.entityId, area);
  const signedIn = await countSignedIn(tx, actor.entityId, { areaIds: subtree });
  if (signedIn.total > 0) throw new AppError(409, 'areas.people_signed_in', { vars: { count: signedIn.total } });
  await tx.delete(areas).where(and(eq(areas.entityId, actor.entityId), inArray(areas.id, subtree)));
  return { area, removed: subtree };
}
