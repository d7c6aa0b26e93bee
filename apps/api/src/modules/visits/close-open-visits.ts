import { and, eq, inArray, sql } from 'drizzle-orm';
import { scans, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';

export interface CloseOpenVisits {
  entityId: number;
  userIds?: number[];
  areaIds?: number[];
  journeyFlowIds?: number[];
  /** Only these visits (auto sign-out closes the visits that are due). */
  visitIds?: number[];
  /** `auto_closed` when the product closes them (rules 154, 173, 231), `signed_out` for a person's own sign-out. */
  status?: 'auto_closed' | 'signed_out';
  /** Recorded on the sign-out scans: archive, area_mode_change, flow_change, auto_24h, auto_midnight… */
  method: string;
  at?: Date;
}

/**
 * Signs out everyone matching (their visits that are signed in): one `out` scan each, the visit closed. Used by
 * archiving a person, changing an area's mode or a flow, and auto sign-out. Runs inside the caller's tenant
 * transaction; answers the closed visits' ids and user ids.
 */
export async function closeOpenVisits(tx: Db, opts: CloseOpenVisits) {
  const conds = [eq(visits.entityId, opts.entityId), eq(visits.status, 'signed_in')];
  if (opts.userIds) conds.push(opts.userIds.length ? inArray(visits.userId, opts.userIds) : sql`false`);
  if (opts.areaIds) conds.push(opts.areaIds.length ? inArray(visits.areaId, opts.areaIds) : sql`false`);
  if (opts.visitIds) conds.push(opts.visitIds.length ? inArray(visits.id, opts.visitIds) : sql`false`);
  if (opts.journeyFlowIds) conds.push(opts.journeyFlowIds.length ? inArray(visits.journeyFlowId, opts.journeyFlowIds) : sql`false`);
  const at = opts.at ?? new Date();
  const closed = await tx
    .update(visits)
    .set({ status: opts.status ?? 'auto_closed', signedOutAt: at, updatedAt: sql`now()` })
    .where(and(...conds))
    .returning({ id: visits.id, userId: visits.userId, areaId: visits.areaId });
  if (closed.length) {
    await tx.insert(scans).values(closed.map((v) => ({ entityId: opts.entityId, visitId: v.id, userId: v.userId, areaId: v.areaId, direction: 'out' as const, method: opts.method, at })));
  }
  return closed;
}
