import { ADMIN_NOTES_MIN, COMPLIANCE_NOTES_MIN, failsTemperature, type MassCompliance, type MassUser, parseTemperature } from '@gatehouse/contract';
import type { ConditionAnswerMap } from '../../components/ConditionQuestions';
import type { MassApplyBody } from './api/mass-signin';

/** The entry condition as answered at the desk: each question, the notes (rules 210-211) and the agreement. */
export interface ConditionAnswers {
  answers: ConditionAnswerMap;
  notes: string;
  agreed: boolean;
}

/** What the operator answered for one person (rule 228: checksModel, hostModel, late/early reason). */
export interface Answers {
  temperature?: string;
  unit?: 'c' | 'f';
  mask?: boolean;
  host_user_id?: number | null;
  reason_id?: number | null;
  /** Answers to the person's due entry condition (rule 223). */
  condition?: ConditionAnswers;
}

type DueCondition = MassCompliance & { form_metadata: NonNullable<MassCompliance['form_metadata']> };

/** The entry condition this person must answer to be signed in now: the flow's, while due (rule 198). */
export const dueCondition = (u: MassUser): DueCondition | null =>
  u.next_action === 'in' ? ((u.compliances.find((c) => c.form_metadata) as DueCondition | undefined) ?? null) : null;

/** Every question answered and the statement agreed to. */
export const conditionAnswered = (c: DueCondition, a: ConditionAnswers | undefined) => !!a?.agreed && c.form_metadata.questions.every((q) => a.answers[q.id]);

/** The questions answered otherwise than the answer that passes (rule 205). */
export const wrongAnswers = (c: DueCondition, a: ConditionAnswers | undefined) => c.form_metadata.questions.filter((q) => a?.answers[q.id] && a.answers[q.id] !== q.desired_answer);

/** Rule 210-211: a wrong answer passes only with notes of at least 20 characters. */
export const conditionNotesEnough = (notes: string | undefined) => (notes ?? '').trim().length >= COMPLIANCE_NOTES_MIN;

/**
 * The row's compliance status once the operator answered (rules 222-223): passed when every answer is the one
 * that passes, completed when a wrong answer is excused by the notes, didn't pass without them; else as listed.
 */
export function conditionStatus(u: MassUser, a: Answers | undefined): MassUser['compliance_status'] {
  const c = dueCondition(u);
  if (!c || !conditionAnswered(c, a?.condition)) return u.compliance_status;
  if (!wrongAnswers(c, a?.condition).length) return 'passed';
  return conditionNotesEnough(a?.condition?.notes) ? 'completed' : 'did_not_pass';
}

/** The notes sent with this person's sign-in: those written with their entry condition, else the page's. */
export const notesFor = (a: Answers | undefined, pageNotes: string) => a?.condition?.notes.trim() || pageNotes.trim();

/** A reading as the server reads it (rule 227): the unit is sent with the value, so 37 F is never taken for Celsius. */
export const temperatureText = (a: Answers) => (a.temperature?.trim() ? `${a.temperature.trim()} ${a.unit ?? 'c'}` : undefined);

export type Problem = 'temperature_required' | 'temperature_invalid' | 'host_required' | 'condition_required' | 'condition_notes';

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
  // The entry condition is due: the server refuses the sign-in without answers, or with a wrong one and no notes.
  const c = dueCondition(u);
  if (c && !conditionAnswered(c, a?.condition)) out.push('condition_required');
  else if (c && wrongAnswers(c, a?.condition).length && !conditionNotesEnough(a?.condition?.notes)) out.push('condition_notes');
  return out;
}

/** Whether a failed check (a high reading, or no mask where the flow asks for one) needs notes (001 §5). */
export function failsCheck(u: MassUser, a: Answers | undefined): boolean {
  if (u.next_action !== 'in') return false;
  const reading = u.checks.temperature_check && a?.temperature?.trim() ? parseTemperature(temperatureText(a)!) : null;
  if (reading && failsTemperature(reading.celsius, u.checks.temperature_threshold)) return true;
  return !!u.checks.mask_check && a?.mask !== true;
}

/** Notes long enough to justify a failed check. */
export const notesEnough = (notes: string) => notes.trim().length >= ADMIN_NOTES_MIN;

/** One late or early reason for everyone (issue 15 part 5): its direction and name, as each person's mode has its own. */
export interface SharedReason {
  action: 'in' | 'out';
  name: string;
}

/** The person's reason: the one chosen on their row, else theirs of the same name as the reason given for everyone. */
export const reasonFor = (u: MassUser, a: Answers, shared: SharedReason | null | undefined) =>
  a.reason_id ?? (shared && shared.action === u.next_action ? u.reasons.find((r) => r.name === shared.name)?.id : undefined);

/**
 * The apply body (rules 220, 224, 226) of an explicit Sign in or Sign out (issue 15 part 5): the 'All' row with no
 * filter, no answer and no shared reason is `all: 1` (everyone of the site it concerns); otherwise each chosen person
 * it concerns with what was answered for them. People outside the caller's access are never chosen (the server
 * would skip them anyway, rule 226).
 */
export function applyBody(opts: {
  entityId: number;
  siteId: number;
  areaId: number;
  action: 'in' | 'out';
  users: MassUser[];
  chosen: Set<number>;
  allChosen: boolean;
  filtered: boolean;
  answers: Record<number, Answers>;
  notes: string;
  reason?: SharedReason | null;
}): MassApplyBody {
  const base = { entity_id: opts.entityId, site_id: opts.siteId, area_id: opts.areaId, action: opts.action, notes: opts.notes.trim() || null };
  const answered = Object.values(opts.answers).some((a) => a && Object.values(a).some((v) => v !== undefined && v !== null && v !== ''));
  if (opts.allChosen && !opts.filtered && !answered && !opts.reason) return { ...base, all: 1 };
  const users = opts.users
    .filter((u) => !u.is_all && u.can_act && opts.chosen.has(u.id) && u.next_action === opts.action)
    .map((u) => {
      const a = opts.answers[u.id] ?? {};
      const signingIn = u.next_action === 'in';
      const reasonId = u.reasons.length ? reasonFor(u, a, opts.reason) : undefined;
      return {
        id: u.id,
        ...(signingIn && u.checks.temperature_check && temperatureText(a) ? { temperature: temperatureText(a) } : {}),
        ...(signingIn && u.checks.mask_check ? { mask: a.mask === true ? 1 : 0 } : {}),
        ...(signingIn && a.host_user_id ? { host_user_id: a.host_user_id } : {}),
        ...(reasonId ? { reason_id: reasonId } : {}),
        ...conditionBody(u, a),
      };
    });
  return { ...base, users };
}

/** The answers to the due entry condition as the sign-in takes them (its `compliance`), with their notes. */
function conditionBody(u: MassUser, a: Answers) {
  const c = dueCondition(u);
  if (!c || !conditionAnswered(c, a.condition)) return {};
  const notes = a.condition!.notes.trim();
  return {
    compliance: { answers: c.form_metadata.questions.map((q) => ({ question_id: q.id, answer: a.condition!.answers[q.id] })), agreed: true as const },
    ...(notes ? { notes } : {}),
  };
}
