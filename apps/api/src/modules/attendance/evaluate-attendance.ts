import { type ReasonType, timeToMinutes } from '@gatehouse/contract';
import { localClock } from '../../platform/time-zone';

export interface ModeRules {
  id: number;
  scheduleDays: number[];
  fromTime: string;
  toTime: string;
  lateSignInGrace: number;
  earlySignOutGrace: number;
  onTimeAttendanceCodeId: number | null;
}
export interface ReasonRules {
  id: number;
  type: ReasonType;
  attendanceCodeId: number | null;
}

export interface AttendanceVerdict {
  late: boolean;
  early: boolean;
  /** The reasons the person may give now (late sign-in reasons on a late arrival, early sign-out on leaving early). */
  reasons: ReasonRules[];
  /** The code recorded when no reason is needed: the mode's on-time code when on time. */
  attendanceCodeIfNoReasons: number | null;
}

/**
 * Applies an attendance mode to a sign-in or sign-out at `at` in the site's time zone: late when arriving after
 * the start plus the late grace, early when leaving before the end minus the early grace, on a scheduled day.
 */
export function evaluateAttendance(mode: ModeRules | null, reasons: ReasonRules[], action: 'in' | 'out', at: Date, timeZone: string): AttendanceVerdict {
  if (!mode) return { late: false, early: false, reasons: [], attendanceCodeIfNoReasons: null };
  const clock = localClock(at, timeZone);
  if (!mode.scheduleDays.includes(clock.weekday)) return { late: false, early: false, reasons: [], attendanceCodeIfNoReasons: null };
  const late = action === 'in' && clock.minutes > timeToMinutes(mode.fromTime) + mode.lateSignInGrace;
  const early = action === 'out' && clock.minutes < timeToMinutes(mode.toTime) - mode.earlySignOutGrace;
  const type: ReasonType = action === 'in' ? 'late_sign_in' : 'early_sign_out';
  const offered = late || early ? reasons.filter((r) => r.type === type) : [];
  return { late, early, reasons: offered, attendanceCodeIfNoReasons: late || early ? null : mode.onTimeAttendanceCodeId };
}
