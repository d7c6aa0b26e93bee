import type { AttendanceMode, Reason } from '@gatehouse/contract';
import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { attendanceCodes, attendanceModes, reasons, userAttendanceModes } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import type { ModeAccess } from './policy';

type ReasonRow = typeof reasons.$inferSelect;
type CodeRow = typeof attendanceCodes.$inferSelect;

export function presentReason(r: ReasonRow, code: Pick<CodeRow, 'id' | 'code' | 'name'> | null): Reason {
  return {
    id: r.id,
    attendance_mode_id: r.attendanceModeId,
    name: r.name,
    presented_reason: r.presentedReason,
    type: r.type,
    from: r.fromTime,
    to: r.toTime,
    duration: r.duration,
    attendance_code_id: r.attendanceCodeId,
    attendance_code: code ? { id: code.id, code: code.code, name: code.name } : null,
  };
}

/** Modes of the organisation with their reasons and people counts, paged. */
export async function loadModes(
  tx: Db,
  entityId: number,
  access: ModeAccess,
  opts: { ids?: number[]; search?: string; limit?: number; offset?: number; order?: 'asc' | 'desc' } = {},
): Promise<{ data: AttendanceMode[]; count: number }> {
  const conds: SQL[] = [eq(attendanceModes.entityId, entityId)];
  if (opts.ids) conds.push(inArray(attendanceModes.id, opts.ids.length ? opts.ids : [-1]));
  if (opts.search) conds.push(ilike(attendanceModes.name, `%${opts.search.replace(/[\\%_]/g, '\\$&')}%`));
  const where = and(...conds);
  const [{ total }] = await tx.select({ total: count() }).from(attendanceModes).where(where);
  let q = tx.select().from(attendanceModes).where(where).orderBy(opts.order === 'desc' ? attendanceModes.name : asc(attendanceModes.name)).$dynamic();
  if (opts.limit) q = q.limit(opts.limit).offset(opts.offset ?? 0);
  const modes = await q;
  if (!modes.length) return { data: [], count: total };
  const modeIds = modes.map((m) => m.id);
  const reasonRows = await tx
    .select({ reason: reasons, code: { id: attendanceCodes.id, code: attendanceCodes.code, name: attendanceCodes.name } })
    .from(reasons)
    .leftJoin(attendanceCodes, eq(attendanceCodes.id, reasons.attendanceCodeId))
    .where(and(eq(reasons.entityId, entityId), inArray(reasons.attendanceModeId, modeIds)))
    .orderBy(asc(reasons.type), asc(reasons.fromTime));
  const people = await tx
    .select({ modeId: userAttendanceModes.attendanceModeId, n: count() })
    .from(userAttendanceModes)
    .where(and(eq(userAttendanceModes.entityId, entityId), inArray(userAttendanceModes.attendanceModeId, modeIds)))
    .groupBy(userAttendanceModes.attendanceModeId);
  const data = modes.map((m) => ({
    id: m.id,
    entity_id: m.entityId,
    name: m.name,
    schedule_days: m.scheduleDays,
    from: m.fromTime,
    to: m.toTime,
    late_sign_in_grace: m.lateSignInGrace,
    early_sign_out_grace: m.earlySignOutGrace,
    on_time_attendance_code_id: m.onTimeAttendanceCodeId,
    integration_id: m.integrationId,
    reasons: reasonRows.filter((r) => r.reason.attendanceModeId === m.id).map((r) => presentReason(r.reason, r.code?.id ? r.code : null)),
    users_count: Number(people.find((p) => p.modeId === m.id)?.n ?? 0),
    can_manage: access.allows(m.id) ? (1 as const) : (0 as const),
  }));
  if (opts.order === 'desc') data.reverse();
  return { data, count: total };
}
