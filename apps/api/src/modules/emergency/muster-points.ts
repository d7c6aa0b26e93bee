import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { musterPoints } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { fieldError } from '../../platform/errors';

export const presentMusterPoint = (m: typeof musterPoints.$inferSelect) => ({ id: m.id, site_id: m.siteId, name: m.name });

export async function listMusterPoints(tx: Db, entityId: number, siteIds: number[]) {
  if (!siteIds.length) return [];
  const rows = await tx
    .select()
    .from(musterPoints)
    .where(and(eq(musterPoints.entityId, entityId), inArray(musterPoints.siteId, siteIds)))
    .orderBy(asc(musterPoints.siteId), asc(musterPoints.position), asc(musterPoints.id));
  return rows.map(presentMusterPoint);
}

/**
 * Replaces a site's assembly points with the list given (chosen on the site's page): kept ones by id are renamed
 * and reordered, new ones added, missing ones removed (marks keep their history; the point's name goes).
 */
export async function saveMusterPoints(tx: Db, entityId: number, siteId: number, list: { id?: number; name: string }[]) {
  const current = await tx.select().from(musterPoints).where(and(eq(musterPoints.entityId, entityId), eq(musterPoints.siteId, siteId)));
  const known = new Set(current.map((m) => m.id));
  list.forEach((m, i) => {
    if (m.id && !known.has(m.id)) throw fieldError(`muster_points.${i}.id`, 'emergency.muster_unknown');
  });
  const keep = list.filter((m) => m.id).map((m) => m.id!);
  await tx.delete(musterPoints).where(and(eq(musterPoints.entityId, entityId), eq(musterPoints.siteId, siteId), keep.length ? notInArray(musterPoints.id, keep) : undefined));
  for (const [position, m] of list.entries()) {
    if (m.id) await tx.update(musterPoints).set({ name: m.name, position }).where(and(eq(musterPoints.id, m.id), eq(musterPoints.entityId, entityId)));
    else await tx.insert(musterPoints).values({ entityId, siteId, name: m.name, position });
  }
  return listMusterPoints(tx, entityId, [siteId]);
}
