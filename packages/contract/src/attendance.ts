import { z } from 'zod';
import { listOf, saved, zFlag, zId, zTime } from './common';

/** Reason names: unique in their mode, at most 20 characters (rule 250). */
export const REASON_NAME_MAX = 20;
/** Reason durations: at least 1 minute (rule 253). */
export const REASON_DURATION_MIN = 1;
export const REASON_TYPES = ['late_sign_in', 'early_sign_out'] as const;
export type ReasonType = (typeof REASON_TYPES)[number];
/** ISO weekdays, 1 = Monday … 7 = Sunday. */
export const zWeekday = z.number().int().min(1, 'attendance.day_invalid').max(7, 'attendance.day_invalid');

const zGrace = z.coerce.number().int().min(0, 'attendance.grace_min').max(24 * 60, 'attendance.grace_max');

/** Create or update an attendance mode (rule 247). */
export const zAttendanceModeBody = z.object({
  entity_id: zId,
  name: z.string().trim().min(2, 'attendance.name_min').max(50, 'attendance.name_max'),
  schedule_days: z.array(z.coerce.number().pipe(zWeekday)).min(1, 'attendance.days_required').max(7),
  from: zTime,
  to: zTime,
  late_sign_in_grace: zGrace.default(0),
  early_sign_out_grace: zGrace.default(0),
  on_time_attendance_code_id: zId.nullable().optional(),
  integration_id: zId.nullable().optional(),
});
export type AttendanceModeBody = z.output<typeof zAttendanceModeBody>;

/** Create or update a reason of a mode (rules 248-253). */
export const zReasonBody = z.object({
  entity_id: zId,
  attendance_mode_id: zId,
  name: z.string().trim().min(1, 'attendance.reason_name_required').max(REASON_NAME_MAX, 'attendance.reason_name_max'),
  presented_reason: z.string().trim().max(200).nullable().optional(),
  type: z.enum(REASON_TYPES),
  from: zTime,
  to: zTime,
  duration: z.coerce.number().int().min(REASON_DURATION_MIN, 'attendance.duration_min').max(24 * 60),
  attendance_code_id: zId.nullable().optional(),
});
export type ReasonBody = z.output<typeof zReasonBody>;

/** Minutes since midnight of an HH:mm[:ss] time. */
export function timeToMinutes(time: string): number {
  const [h, m, s] = time.split(':').map(Number);
  return h * 60 + m + (s ?? 0) / 60;
}

/** A reason's place in its mode (times HH:mm or HH:mm:ss). */
export interface ReasonRange {
  id?: number;
  type: string;
  fromTime: string;
  toTime: string;
  duration: number;
}

/**
 * Rules 251-252 on a reason inside its mode: its time range lies inside the mode's range, it does not overlap
 * another reason of the same type, and its duration added to its end time does not pass the mode's end. Answers
 * field message keys (empty when the reason fits). The server and the console's form both apply it.
 */
export function reasonRangeErrors(mode: { fromTime: string; toTime: string }, reason: ReasonRange, siblings: ReasonRange[]): Record<string, string[]> {
  const from = timeToMinutes(reason.fromTime);
  const to = timeToMinutes(reason.toTime);
  if (to <= from) return { to: ['attendance.to_after_from'] };
  const modeFrom = timeToMinutes(mode.fromTime);
  const modeTo = timeToMinutes(mode.toTime);
  if (from < modeFrom || to > modeTo) return { from: ['attendance.reason_outside_mode'] };
  const clash = siblings.some((s) => s.id !== reason.id && s.type === reason.type && from < timeToMinutes(s.toTime) && timeToMinutes(s.fromTime) < to);
  if (clash) return { from: ['attendance.reason_overlap'] };
  if (to + reason.duration > modeTo) return { duration: ['attendance.reason_duration_exceeds'] };
  return {};
}

export const zAttendanceCode = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  integration_id: z.number().nullable(),
  /** Whether a reason of the mode already records this code (rule 248: `add_reason`). */
  add_reason: z.union([z.literal(0), z.literal(1)]),
  attendance_mode_id: z.number().nullable(),
});

export const zReason = z.object({
  id: z.number(),
  attendance_mode_id: z.number(),
  name: z.string(),
  presented_reason: z.string().nullable(),
  type: z.enum(REASON_TYPES),
  from: z.string(),
  to: z.string(),
  duration: z.number(),
  attendance_code_id: z.number().nullable(),
  attendance_code: z.object({ id: z.number(), code: z.string(), name: z.string() }).nullable(),
});
export type Reason = z.infer<typeof zReason>;

export const zAttendanceMode = z.object({
  id: z.number(),
  entity_id: z.number(),
  name: z.string(),
  schedule_days: z.array(z.number()),
  from: z.string(),
  to: z.string(),
  late_sign_in_grace: z.number(),
  early_sign_out_grace: z.number(),
  on_time_attendance_code_id: z.number().nullable(),
  integration_id: z.number().nullable(),
  reasons: z.array(zReason),
  users_count: z.number(),
  /** Whether the caller may act on this mode and its people (rule 101). */
  can_manage: z.union([z.literal(0), z.literal(1)]),
});
export type AttendanceMode = z.infer<typeof zAttendanceMode>;

export const zModeUniqueQuery = z.object({
  entity_id: zId.optional(),
  name: z.string().trim().min(1).max(50),
  id: zId.optional(),
});

/** Whether a person signing in or out now must give a reason, and which reasons apply. */
export const zShouldCheckQuery = z.object({
  user_id: zId,
  area_id: zId.optional(),
  action: z.enum(['in', 'out']).optional(),
  at: z.iso.datetime({ offset: true }).optional(),
});
export const zShouldCheck = z.object({
  action: z.enum(['in', 'out']),
  late: z.union([z.literal(0), z.literal(1)]),
  early: z.union([z.literal(0), z.literal(1)]),
  should_give_reason: z.union([z.literal(0), z.literal(1)]),
  attendance_mode_id: z.number().nullable(),
  reasons: z.array(zReason),
  attendance_code_if_no_reasons: z.number().nullable(),
});

/** The modes a journey's flows can use, those the journey offers `selected` (`GET /attendance_modes/journey/{id}`). */
export const zJourneyAttendanceModes = listOf(zAttendanceMode.extend({ selected: zFlag }));
export const zAttendanceModeSaved = saved(zAttendanceMode);
export const zReasonSaved = saved(zReason);
