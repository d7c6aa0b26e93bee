import { type AttendanceModeBody, timeToMinutes } from '@gatehouse/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { attendanceCodes, attendanceModes, reasons } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { badRequest, conflict, fieldError, notFound } from '../../platform/errors';
import { normTime } from '../../platform/time-zone';
import { reasonErrors } from './reason-rules';

/** Refuses a name another mode of the organisation has (rule 249: "mode name exists"). */
export async function assertModeNameFree(tx: Db, entityId: number, name: string, exceptId?: number) {
  const conds = [eq(attendanceModes.entityId, entityId), sql`lower(${attendanceModes.name}) = lower(${name.trim()})`];
  if (exceptId) conds.push(ne(attendanceModes.id, exceptId));
  const [taken] = await tx.select({ id: attendanceModes.id }).from(attendanceModes).where(and(...conds)).limit(1);
  if (taken) throw conflict('attendance.mode_name_exists', { name: ['attendance.mode_name_exists'] });
}

export async function assertCode(tx: Db, entityId: number, codeId: number | null | undefined, field: string) {
  if (!codeId) return;
  const [code] = await tx.select({ id: attendanceCodes.id }).from(attendanceCodes).where(and(eq(attendanceCodes.id, codeId), eq(attendanceCodes.entityId, entityId)));
  if (!code) throw fieldError(field, 'attendance.code_not_found');
}

/** Creates a mode, or updates one (whose reasons must still fit its new hours). */
export async function saveMode(tx: Db, entityId: number, body: AttendanceModeBody, id?: number) {
  const fromTime = normTime(body.from);
  const toTime = normTime(body.to);
  if (timeToMinutes(toTime) <= timeToMinutes(fromTime)) throw fieldError('to', 'attendance.to_after_from');
  await assertCode(tx, entityId, body.on_time_attendance_code_id, 'on_time_attendance_code_id');
  if (id) {
    const [current] = await tx.select({ id: attendanceModes.id }).from(attendanceModes).where(and(eq(attendanceModes.id, id), eq(attendanceModes.entityId, entityId)));
    if (!current) throw notFound();
    const own = await tx.select().from(reasons).where(and(eq(reasons.entityId, entityId), eq(reasons.attendanceModeId, id)));
    for (const r of own) {
      const errors = reasonErrors({ fromTime, toTime }, r, []);
      if (Object.keys(errors).length) throw badRequest({ from: ['attendance.reason_outside_mode'] });
    }
  }
  await assertModeNameFree(tx, entityId, body.name, id);
  const values = {
    name: body.name,
    scheduleDays: [...new Set(body.schedule_days)].sort((a, b) => a - b),
    fromTime,
    toTime,
    lateSignInGrace: body.late_sign_in_grace,
    earlySignOutGrace: body.early_sign_out_grace,
    onTimeAttendanceCodeId: body.on_time_attendance_code_id ?? null,
    integrationId: body.integration_id ?? null,
  };
  if (id) {
    const [row] = await tx
      .update(attendanceModes)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(attendanceModes.id, id), eq(attendanceModes.entityId, entityId)))
      .returning();
    return row;
  }
  const [row] = await tx.insert(attendanceModes).values({ entityId, ...values }).returning();
  return row;
}
