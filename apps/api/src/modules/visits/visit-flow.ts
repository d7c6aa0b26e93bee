import { and, eq } from 'drizzle-orm';
import { areas, journeyFlows } from '../../db/schema/index';
import { tf, typeFlows } from '../../db/type-flows';
import type { Db } from '../../platform/db/client';

/**
 * The flow a visitor of this user type follows on the journey: its flow for the type, else for the type's nearest
 * parent (a sub-type follows its parent's flow), as at the kiosk: `kiosk_type_flows` decides it for every caller
 * (db/type-flows.ts); null when the journey has none.
 */
export async function flowOfJourney(tx: Db, entityId: number, journeyId: number, userTypeId: number) {
  const [row] = await tx
    .select({ flow: journeyFlows })
    .from(typeFlows(entityId, journeyId))
    .innerJoin(journeyFlows, and(eq(journeyFlows.id, tf.flowId), eq(journeyFlows.entityId, entityId)))
    .where(eq(tf.userTypeId, userTypeId));
  return row?.flow ?? null;
}

/** The flow a visitor of this user type follows in the area: the area's journey's (flowOfJourney); null without one. */
export async function flowForVisit(tx: Db, entityId: number, areaId: number, userTypeId: number) {
  const [area] = await tx.select({ journeyId: areas.journeyId }).from(areas).where(and(eq(areas.id, areaId), eq(areas.entityId, entityId)));
  return area?.journeyId ? flowOfJourney(tx, entityId, area.journeyId, userTypeId) : null;
}
