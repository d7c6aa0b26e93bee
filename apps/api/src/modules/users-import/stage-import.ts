import { and, eq, sql } from 'drizzle-orm';
import { importRows, importTasks } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import type { Storage } from '../../platform/storage';
import type { ImportRow } from './read-spreadsheet';

/**
 * Writes a checked spreadsheet (and its checked photos) as a staged import the administrator reviews: one task,
 * one row per line. Photos are stored under the task and referenced by their file name.
 */
export async function stageImport(tx: Db, storage: Storage, entityId: number, userId: number, fileName: string, rows: { rowNumber: number; data: ImportRow }[], photos: Map<string, Buffer>) {
  const [task] = await tx.insert(importTasks).values({ entityId, fileName: fileName.slice(0, 200), total: rows.length, createdBy: userId }).returning();
  for (const [name, data] of photos) await storage.put(`imports/${entityId}-${task.id}/${name}`, data);
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insert(importRows).values(
      rows.slice(i, i + 1000).map((r) => {
        const photo = r.data.photo?.toLowerCase();
        return { entityId, taskId: task.id, rowNumber: r.rowNumber, data: r.data as Record<string, string>, photo: photo && photos.has(photo) ? photo : null };
      }),
    );
  }
  return task;
}

export async function taskOf(tx: Db, entityId: number, id: number) {
  const [task] = await tx.select().from(importTasks).where(and(eq(importTasks.entityId, entityId), eq(importTasks.id, id)));
  return task;
}

export const bumpTask = (tx: Db, id: number, d: { processed: number; created: number; updated: number; refused: number }) =>
  tx
    .update(importTasks)
    .set({
      processed: sql`${importTasks.processed} + ${d.processed}`,
      created: sql`${importTasks.created} + ${d.created}`,
      updated: sql`${importTasks.updated} + ${d.updated}`,
      refused: sql`${importTasks.refused} + ${d.refused}`,
    })
    .where(eq(importTasks.id, id));
