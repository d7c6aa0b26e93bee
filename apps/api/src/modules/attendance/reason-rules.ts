import { toMinutes } from './clock';

interface Range {
  id?: number;
  type: string;
  fromTime: string;
  toTime: string;
  duration: number;
}

/**
 * Rules 251-252 on a reason inside its mode: the time range lies inside the mode's range, it does not overlap
 * another reason of the same type, and its duration added to its end time does not pass the mode's end.
 * Answers field errors (empty when the reason fits).
 */
export function reasonErrors(mode: { fromTime: string; toTime: string }, reason: Range, siblings: Range[]): Record<string, string[]> {
  const from = toMinutes(reason.fromTime);
  const to = toMinutes(reason.toTime);
  if (to <= from) return { to: ['attendance.to_after_from'] };
  const modeFrom = toMinutes(mode.fromTime);
  const modeTo = toMinutes(mode.toTime);
  if (from < modeFrom || to > modeTo) return { from: ['attendance.reason_outside_mode'] };
  const clash = siblings.some((s) => s.id !== reason.id && s.type === reason.type && from < toMinutes(s.toTime) && toMinutes(s.fromTime) < to);
  if (clash) return { from: ['attendance.reason_overlap'] };
  if (to + reason.duration > modeTo) return { duration: ['attendance.reason_duration_exceeds'] };
  return {};
}
