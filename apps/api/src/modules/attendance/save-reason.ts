import type { ReasonBody } from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { attendanceModes, reasons } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { badRequest, conflict, found } from '../../platform/errors';
import { normTime } from '../../platform/time-zone';
import { reasonErrors } from './reason-rules';
import { assertCode } from './save-mode';

/** Creates or updates a reason of a mode under rules 250-253. */
export async function saveReason(tx: Db, entityId: number, body: ReasonBody, id?: number) {
  const mode = found(
    (await tx.select().from(attendanceModes).where(and(eq(attendanceModes.id, body.attendance_mode_id), eq(attendanceModes.entityId, entityId))))[0],
  );
  const candidate = { id, type: body.type, fromTime: normTime(body.from), toTime: normTime(body.to), duration: body.duration };
  const siblings = await tx.select().from(reasons).where(and(eq(reasons.entityId, entityId), eq(reasons.attendanceModeId, mode.id)));
  const errors = reasonErrors(mode, candidate, siblings);
  if (Object.keys(errors).length) throw badRequest(errors);
  if (siblings.some((s) => s.id !== id && s.name.toLowerCase() === body.name.toLowerCase())) {
    throw conflict('attendance.reason_name_exists', { name: ['attendance.reason_name_exists'] });
  }
  await assertCode(tx, entityId, body.attendance_code_id, 'attendance_code_id');
  const values = {
    attendanceModeId: mode.id,
    name: body.name,
    presentedReason: body.presented_reason ?? null,
    type: body.type,
    fromTime: candidate.fromTime,
    toTime: candidate.toTime,
    duration: body.duration,
    attendanceCodeId: body.attendance_code_id ?? null,
  };
  if (id) {
    const [row] = await tx
      .update(reasons)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(reasons.id, id), eq(reasons.entityId, entityId)))
      .returning();
    return row;
  }
  const [row] = await tx.insert(reasons).values({ entityId, ...values }).returning();
  return row;
}
