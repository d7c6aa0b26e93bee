import { and, eq, sql } from 'drizzle-orm';
import { importRows, importTasks } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import type { Storage } from '../../platform/storage';
import type { ImportRow } from './read-spreadsheet';

/** Rows staged per transaction (the embedded database has one connection: a kiosk waits for one part at most). */
export const STAGE_BATCH = 500;

/**
 * Writes a checked spreadsheet's task (and its checked photos) as a staged import the administrator reviews.
 * Photos are stored under the task and referenced by their file name; the rows follow with `stageRows`.
 */
export async function stageTask(tx: Db, storage: Storage, entityId: number, userId: number, fileName: string, total: number, photos: Map<string, Buffer>) {
  const [task] = await tx.insert(importTasks).values({ entityId, fileName: fileName.slice(0, 200), total, createdBy: userId }).returning();
  for (const [name, data] of photos) await storage.put(`imports/${entityId}-${task.id}/${name}`, data);
  return task;
}

/** One part of the task's rows, one per line. */
export async function stageRows(tx: Db, entityId: number, taskId: number, rows: { rowNumber: number; data: ImportRow }[], photos: Map<string, Buffer>) {
  if (!rows.length) return;
  await tx.insert(importRows).values(
    rows.map((r) => {
      const photo = r.data.photo?.toLowerCase();
      return { entityId, taskId, rowNumber: r.rowNumber, data: r.data as Record<string, string>, photo: photo && photos.has(photo) ? photo : null };
    }),
  );
}

/** Whether every row of the task has been staged (an upload stopped half-way leaves a task that cannot run). */
export async function fullyStaged(tx: Db, task: { id: number; total: number }) {
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(importRows).where(eq(importRows.taskId, task.id));
  return Number(n) === task.total;
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
