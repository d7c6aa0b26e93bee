import { and, desc, eq } from 'drizzle-orm';
import { visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';

/** A person's signed-in visit (in the area when given), the most recent first. */
export async function openVisit(tx: Db, entityId: number, userId: number, areaId?: number) {
  const conds = [eq(visits.entityId, entityId), eq(visits.userId, userId), eq(visits.status, 'signed_in')];
  if (areaId) conds.push(eq(visits.areaId, areaId));
  const [row] = await tx.select().from(visits).where(and(...conds)).orderBy(desc(visits.signedInAt)).limit(1);
  return row ?? null;
}
