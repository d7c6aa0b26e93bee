import { and, eq, inArray, sql } from 'drizzle-orm';
import { areas, devices, kiosks, visits } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import { reachableSite } from '../sites';
import { reachableArea } from './save-area';
import { subtreeIds } from './tree';

/**
 * Moves an area with its sub-areas under another parent, in the same site or another one (rule 233). The parent
 * must be in the target site and may not be the area itself or one of its sub-areas. Kiosks, doors and open
 * visits of the moved areas follow them to the new site.
 */
export async function moveArea(tx: Db, actor: MemberActor, areaId: number, to: { site_id: number; parent_id?: number | null }) {
  const area = await reachableArea(tx, actor, areaId);
  const site = await reachableSite(tx, actor, to.site_id);
  const subtree = await subtreeIds(tx, actor.entityId, area);
  if (to.parent_id) {
    if (subtree.includes(to.parent_id)) throw badRequest({ parent_id: ['areas.own_ancestor'] });
    const [parent] = await tx.select().from(areas).where(and(eq(areas.id, to.parent_id), eq(areas.entityId, actor.entityId)));
    if (!parent) throw badRequest({ parent_id: ['areas.parent_unknown'] });
    if (parent.siteId !== site.id) throw badRequest({ parent_id: ['areas.parent_other_site'] });
  }
  const [row] = await tx
    .update(areas)
    .set({ siteId: site.id, parentId: to.parent_id ?? null, updatedAt: sql`now()` })
    .where(and(eq(areas.id, area.id), eq(areas.entityId, actor.entityId)))
    .returning();
  if (site.id !== area.siteId) {
    await tx.update(areas).set({ siteId: site.id, updatedAt: sql`now()` }).where(and(eq(areas.entityId, actor.entityId), inArray(areas.id, subtree)));
    await tx.update(kiosks).set({ siteId: site.id, updatedAt: sql`now()` }).where(and(eq(kiosks.entityId, actor.entityId), inArray(kiosks.areaId, subtree)));
    await tx.update(devices).set({ siteId: site.id, updatedAt: sql`now()` }).where(and(eq(devices.entityId, actor.entityId), inArray(devices.areaId, subtree)));
    await tx
      .update(visits)
      .set({ siteId: site.id, updatedAt: sql`now()` })
      .where(and(eq(visits.entityId, actor.entityId), eq(visits.status, 'signed_in'), inArray(visits.areaId, subtree)));
  }
  return { area: row, moved: subtree };
}
