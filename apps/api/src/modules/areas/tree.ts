import { and, eq } from 'drizzle-orm';
import { areas } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';

/** The ids of an area and all its sub-areas (the area first). */
export async function subtreeIds(tx: Db, entityId: number, area: { id: number; siteId: number }): Promise<number[]> {
  const rows = await tx
    .select({ id: areas.id, parentId: areas.parentId })
    .from(areas)
    .where(and(eq(areas.entityId, entityId), eq(areas.siteId, area.siteId)));
  return collectSubtree(rows, area.id);
}

export function collectSubtree(rows: { id: number; parentId: number | null }[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const r of rows) if (r.parentId != null) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const out: number[] = [];
  const stack = [rootId];
  const seen = new Set<number>();
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** Nests flat rows into a tree by parent id (rows whose parent is missing become roots). */
export function nest<T extends { id: number; parent_id: number | null }>(rows: T[]): (T & { children: unknown[] })[] {
  const byId = new Map(rows.map((r) => [r.id, { ...r, children: [] as unknown[] }]));
  const roots: (T & { children: unknown[] })[] = [];
  for (const node of byId.values()) {
    const parent = node.parent_id != null ? byId.get(node.parent_id) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
