import type { SignInOutBody } from '@gatehouse/contract';
import { localClock } from '../../platform/time-zone';
import { evaluateAnswers, type Evaluation, isComplianceDue } from '../compliance';
import { AppError, fieldError, forbidden } from '../../platform/errors';
import { type AreaAsks, type LoadedSignIn, type SignInCondition, type SignInFlow, type SignInPlace, type SignInVisit } from './load-sign-in';

/**
 * What the person's flow and the area ask on the way in, checked from what the load query brought (no round trip):
 * the readings of the flow's (or the journey's) checks, the flow's host settings, the flow's entry condition within
 * its frequency, and the area's entry conditions and documents. Each refusal is a 400 with a field message.
 */

/** The readings asked on the way in: the journey's checks (rule 196) for everyone, the flow's for its people. */
export const readingsAsked = (place: SignInPlace, flow: SignInFlow | null) => ({
  temperature: place.journeyChecks.temperature || !!flow?.temperatureCheck,
  mask: place.journeyChecks.mask || !!flow?.maskCheck,
});

/** A check the flow asks for needs its reading: a sign-in without it is refused. */
export function assertReadings(asked: { temperature: boolean; mask: boolean }, body: Pick<SignInOutBody, 'temperature' | 'mask'>) {
  const errors: Record<string, string[]> = {};
  if (asked.temperature && (body.temperature === undefined || body.temperature === null || body.temperature === '')) errors.temperature = ['signin.temperature_required'];
  if (asked.mask && (body.mask === undefined || body.mask === null)) errors.mask = ['signin.mask_required'];
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError(400, first, { errors });
}

/**
 * The flow's host settings (rule 194): a host is needed unless the flow allows none; a host named in the request
 * must be of one of the flow's host user types when it names any. (An expected visit's host was chosen when the
 * visit was registered.)
 */
export function assertHost(flow: SignInFlow | null, hostId: number | null, named: { userTypeId: number | null } | null) {
  if (!flow) return;
  if (flow.hostRequired && !flow.allowNoHost && !hostId) throw fieldError('host_user_id', 'signin.host_required');
  if (named && flow.hostUserTypeIds.length && (named.userTypeId === null || !flow.hostUserTypeIds.includes(named.userTypeId))) {
    throw fieldError('host_user_id', 'signin.host_not_allowed');
  }
}

const refuse = (field: string, key: string, name: string) => new AppError(400, key, { errors: { [field]: [key] }, vars: { name } });

/** An expected visit that admits its person: it needs no approval, or was approved (rule 155). */
const admits = (v: SignInVisit) => v.approvalState !== 'pending' && v.approvalState !== 'rejected';

/** Today's expected visit here that a sign-in takes up: the earliest of those that admit the person. */
export const expectedVisitOf = (visits: SignInVisit[]) => visits.filter((v) => v.status === 'expected' && admits(v)).sort((a, b) => +a.expectedAt! - +b.expectedAt!)[0];

/**
 * Rule 155 on the way in: a person whose visit today here still awaits approval (or was rejected), with no other
 * visit that admits them, is refused the same way by every way in (kiosk, console, mass actions) until the host
 * approves: 403 with the reason.
 */
export function assertVisitAdmits(visits: SignInVisit[]) {
  const expected = visits.filter((v) => v.status === 'expected');
  if (!expected.length || expected.some(admits)) return;
  throw forbidden(expected.some((v) => v.approvalState === 'pending') ? 'signin.visit_awaiting_approval' : 'signin.visit_rejected');
}

/** Whether the flow's entry condition must be answered now (rule 198); 'everytime': unless answered for the expected visit. */
export function conditionDue(flow: SignInFlow | null, opts: { at: Date; timeZone: string; expected: SignInVisit | undefined }): boolean {
  const condition = flow?.condition;
  if (!condition) return false;
  if (flow.frequency === 'everytime') return !opts.expected?.conditionPassed;
  return isComplianceDue(flow.frequency, condition.lastPassedAt, opts.at, condition.validDays, opts.timeZone);
}

/** Answers given with the request, evaluated against the condition's current version (rules 210-212). */
export interface GivenAnswers {
  condition: SignInCondition;
  evaluation: Evaluation;
}

/**
 * The flow's entry condition (rule 198): met by a pass within the frequency's window (the site's calendar day for
 * 'daily'), for 'everytime' by a pass given for the expected visit being signed into, else by the answers sent with
 * this request, which must pass. Answers that are not needed are still evaluated and kept when they are sent.
 */
export function checkFlowCondition(
  flow: SignInFlow | null,
  opts: { at: Date; timeZone: string; expected: SignInVisit | undefined; body: Pick<SignInOutBody, 'compliance' | 'notes' | 'mask'>; temperature: number | null; threshold: number },
): GivenAnswers | null {
  const condition = flow?.condition;
  if (!condition) return null;
  const due = conditionDue(flow, opts);
  if (!opts.body.compliance) {
    if (due) throw refuse('compliance', 'signin.condition_required', condition.name);
    return null;
  }
  const evaluation = evaluateAnswers(condition.questions, opts.body.compliance.answers, {
    notes: opts.body.notes,
    maskFailed: opts.body.mask === false,
    temperature: opts.temperature,
    threshold: opts.threshold,
  });
  if (evaluation.status === 'failed') {
    throw new AppError(400, 'signin.condition_failed', { errors: { compliance: [evaluation.reason ?? 'signin.condition_failed'] }, vars: { name: condition.name } });
  }
  return { condition, evaluation };
}

/**
 * The area's asks (rule 230): each entry condition needs a pass still valid (its PCR valid days, 'valid till
 * expiry'), unless it is the flow's own condition (its frequency decided above); each document type needs an
 * enabled document of the person, vaccinated, negative PCR or not applicable, not expired on the site's date.
 */
export function assertAreaAsks(asks: AreaAsks, opts: { at: Date; timeZone: string; flowConditionId: number | null }) {
  for (const c of asks.conditions) {
    if (c.id === opts.flowConditionId) continue;
    if (isComplianceDue('valid till expiry', c.lastPassedAt, opts.at, c.validDays)) throw refuse('compliance', 'signin.area_condition_required', c.name);
  }
  const today = localClock(opts.at, opts.timeZone).date;
  for (const d of asks.documents) {
    const valid = d.validUntil !== null && (d.validUntil === 'infinity' || d.validUntil >= today);
    if (!valid) throw refuse('documents', 'signin.document_required', d.name);
  }
}

/**
 * What a sign-in here will ask beyond the checks, from the sign-in's own load (the flow it decided): the flow's
 * host step and its entry condition when due. A visit still awaiting approval is refused here, as the sign-in
 * would (rule 155). Null: no person, or no flow.
 */
export function asksOnArrival(loaded: LoadedSignIn, at: Date) {
  const person = loaded.person;
  if (person) assertVisitAdmits(person.visits);
  const flow = person?.flow ?? null;
  if (!person || !flow) return null;
  const expected = expectedVisitOf(person.visits);
  return {
    journeyFlowId: flow.id,
    host: flow.hostRequired && !expected?.hostUserId,
    compliance: conditionDue(flow, { at, timeZone: loaded.place.timezone, expected }),
  };
}
