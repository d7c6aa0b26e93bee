import { ADMIN_NOTES_MIN, type MassUser, parseTemperature } from '@gatehouse/contract';
import type { MassApplyBody } from './api/mass-signin';

/** What the operator answered for one person (rule 228: checksModel, hostModel, late/early reason). */
export interface Answers {
  temperature?: string;
  unit?: 'c' | 'f';
  mask?: boolean;
  host_user_id?: number | null;
  reason_id?: number | null;
}

/** A reading as the server reads it (rule 227): the unit is sent with the value, so 37 F is never taken for Celsius. */
export const temperatureText = (a: Answers) => (a.temperature?.trim() ? `${a.temperature.trim()} ${a.unit ?? 'c'}` : undefined);

export type Problem = 'temperature_required' | 'temperature_invalid' | 'host_required';

/**
 * What the operator still has to answer before this person can be signed. A reason is not among them: only the
 * server knows whether the person is late or early now, and it skips them with "Choose a reason" when they are.
 */
export function problemsOf(u: MassUser, a: Answers | undefined): Problem[] {
  const out: Problem[] = [];
  // The flow asks a reading: the server refuses the sign-in without one.
  if (u.next_action === 'in' && u.checks.temperature_check && !a?.temperature?.trim()) out.push('temperature_required');
  if (u.next_action === 'in' && u.checks.temperature_check && a?.temperature?.trim() && !parseTemperature(temperatureText(a)!)) out.push('temperature_invalid');
  if (u.next_action === 'in' && u.checks.host && !u.checks.allow_not_select_host && !a?.host_user_id) out.push('host_required');
  return out;
}

/** Whether a failed check (a high reading, or no mask where the flow asks for one) needs notes (001 §5). */
export function failsCheck(u: MassUser, a: Answers | undefined): boolean {
  if (u.next_action !== 'in') return false;
  const reading = u.checks.temperature_check && a?.temperature?.trim() ? parseTemperature(temperatureText(a)!) : null;
  if (reading && reading.celsius >= u.checks.temperature_threshold) return true;
  return !!u.checks.mask_check && a?.mask !== true;
}

/** Notes long enough to justify a failed check. */
export const notesEnough = (notes: string) => notes.trim().length >= ADMIN_NOTES_MIN;

/**
 * The apply body (rules 220, 224, 226): the 'All' row with no filter and no answer is `all: 1` (everyone of the
 * site flips); otherwise each chosen person with what was answered for them. People outside the caller's access
 * are never chosen (the server would skip them anyway, rule 226).
 */
export function applyBody(opts: {
  entityId: number;
  siteId: number;
  areaId: number;
  users: MassUser[];
  chosen: Set<number>;
  allChosen: boolean;
  filtered: boolean;
  answers: Record<number, Answers>;
  notes: string;
}): MassApplyBody {
  const base = { entity_id: opts.entityId, site_id: opts.siteId, area_id: opts.areaId, notes: opts.notes.trim() || null };
  const answered = Object.values(opts.answers).some((a) => a && Object.values(a).some((v) => v !== undefined && v !== null && v !== ''));
  if (opts.allChosen && !opts.filtered && !answered) return { ...base, all: 1 };
  const users = opts.users
    .filter((u) => !u.is_all && u.can_act && opts.chosen.has(u.id))
    .map((u) => {
      const a = opts.answers[u.id] ?? {};
      const signingIn = u.next_action === 'in';
      return {
        id: u.id,
        ...(signingIn && u.checks.temperature_check && temperatureText(a) ? { temperature: temperatureText(a) } : {}),
        ...(signingIn && u.checks.mask_check ? { mask: a.mask === true ? 1 : 0 } : {}),
        ...(signingIn && a.host_user_id ? { host_user_id: a.host_user_id } : {}),
        ...(u.reasons.length && a.reason_id ? { reason_id: a.reason_id } : {}),
      };
    });
  return { ...base, users };
}
