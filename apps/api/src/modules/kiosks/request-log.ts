import { FINAL_REQUEST_STATUSES, type KioskRequestStatus } from '@gatehouse/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { kioskRequestLogs, kioskRequests } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import type { Realtime } from '../../platform/realtime';

/** Which status may follow which (rule 244): placed -> pending -> delivered -> running -> succeeded | failed. */
const NEXT: Record<KioskRequestStatus, KioskRequestStatus[]> = {
  placed: ['pending', 'failed', 'canceled'],
  pending: ['delivered', 'running', 'failed', 'canceled', 'closed'],
  delivered: ['running', 'succeeded', 'failed', 'canceled', 'closed'],
  running: ['succeeded', 'failed', 'canceled', 'closed'],
  succeeded: [],
  failed: [],
  canceled: [],
  closed: [],
};
export const canMove = (from: KioskRequestStatus, to: KioskRequestStatus) => NEXT[from].includes(to);
export const isFinal = (s: KioskRequestStatus) => FINAL_REQUEST_STATUSES.includes(s);

/**
 * Moves a request to a status when the transition is allowed (checked in the update itself, so two processes
 * cannot both move it), and writes the log line. Answers the updated row, or null when it could not move.
 */
export async function moveRequest(tx: Db, entityId: number, requestId: number, to: KioskRequestStatus, message?: string | null, kioskId?: number) {
  const from = (Object.keys(NEXT) as KioskRequestStatus[]).filter((s) => NEXT[s].includes(to));
  const conds = [eq(kioskRequests.id, requestId), eq(kioskRequests.entityId, entityId), inArray(kioskRequests.status, from)];
  if (kioskId) conds.push(eq(kioskRequests.kioskId, kioskId));
  const [row] = await tx
    .update(kioskRequests)
    .set({ status: to, ...(to === 'failed' || to === 'closed' || to === 'canceled' ? { reason: message ?? null } : {}), updatedAt: sql`now()` })
    .where(and(...conds))
    .returning();
  if (!row) return null;
  await tx.insert(kioskRequestLogs).values({ entityId, requestId, status: to, message: message ?? null });
  return row;
}

/** Tells the console, live, that a request changed (the `update` event to the organisation's room). */
export function announce(realtime: Realtime, row: typeof kioskRequests.$inferSelect) {
  realtime.toEntity(row.entityId, 'update', { type: 'kiosk_request', action: row.status, id: row.id, kiosk_id: row.kioskId, command: row.command, status: row.status, reason: row.reason });
}
