import { and, eq } from 'drizzle-orm';
import { areas, journeyFlows, userTypes } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';

/**
 * The flow a visitor of this user type follows on the journey: its flow for the type, else for the type's nearest
 * parent (a sub-type follows its parent's flow, as at the kiosk); null when the journey has none.
 */
export async function flowOfJourney(tx: Db, entityId: number, journeyId: number, userTypeId: number) {
  const flows = await tx.select().from(journeyFlows).where(and(eq(journeyFlows.entityId, entityId), eq(journeyFlows.journeyId, journeyId)));
  const types = await tx.select({ id: userTypes.id, parentId: userTypes.parentId }).from(userTypes).where(eq(userTypes.entityId, entityId));
  const parentOf = new Map(types.map((t) => [t.id, t.parentId]));
  const seen = new Set<number>();
  for (let id: number | null = userTypeId; id && !seen.has(id); id = parentOf.get(id) ?? null) {
    seen.add(id);
    const flow = flows.find((f) => f.userTypeId === id);
    if (flow) return flow;
  }
  return null;
}

/** The flow a visitor of this user type follows in the area: the area's journey's (flowOfJourney); null without one. */
export async function flowForVisit(tx: Db, entityId: number, areaId: number, userTypeId: number) {
  const [area] = await tx.select({ journeyId: areas.journeyId }).from(areas).where(and(eq(areas.id, areaId), eq(areas.entityId, entityId)));
  return area?.journeyId ? flowOfJourney(tx, entityId, area.journeyId, userTypeId) : null;
}
