import type { MassUser } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { applyBody, conditionStatus, failsCheck, notesFor, problemsOf, temperatureText } from './mass-answers';

const person = (over: Partial<MassUser> = {}): MassUser => ({
  id: 1,
  full_name: 'Ana Adams',
  is_all: 0,
  signedOut: 1,
  state: 'signed_out',
  next_action: 'in',
  user_type: null,
  area: null,
  host: null,
  journey_flow_id: null,
  attendance_mode: null,
  reasons: [],
  checks: { temperature_check: 1, mask_check: 1, host: 1, allow_not_select_host: 0, select_host_permitted: 1, temperature_threshold: 37.5 },
  compliances: [],
  compliance_status: 'not_required',
  can_act: 1,
  blocked_reason: null,
  ...over,
});

describe('mass sign-in answers (rules 220-228)', () => {
  it('rule 227: the unit goes with the reading, so 37 F is not read as 37 C; a high reading or no mask fails the check', () => {
    expect(temperatureText({ temperature: '99.1', unit: 'f' })).toBe('99.1 f');
    expect(temperatureText({ temperature: ' ' })).toBeUndefined();
    expect(failsCheck(person(), { temperature: '99.9', unit: 'f', mask: true })).toBe(true); // 37.7 C
    expect(failsCheck(person(), { temperature: '36.6', mask: true })).toBe(false);
    expect(failsCheck(person(), { temperature: '36.6' })).toBe(true); // no mask
    expect(failsCheck(person({ next_action: 'out' }), {})).toBe(false);
  });

  it('asks for a host where the flow requires one, and a readable temperature where it takes one', () => {
    expect(problemsOf(person(), { temperature: 'hot' })).toEqual(['temperature_invalid', 'host_required']);
    expect(problemsOf(person(), { temperature: '37', host_user_id: 4 })).toEqual([]);
    expect(problemsOf(person({ checks: { ...person().checks, allow_not_select_host: 1 } }), {})).toEqual(['temperature_required']);
    expect(problemsOf(person({ checks: { ...person().checks, temperature_check: 0, allow_not_select_host: 1 } }), {})).toEqual([]);
    expect(problemsOf(person({ next_action: 'out' }), {})).toEqual([]);
  });

  it("rule 224: the 'All' row with no filter and no answer sends all; otherwise each chosen person with their answers, never someone outside access (rule 226)", () => {
    const users = [person({ id: 0, is_all: 1 }), person({ id: 1 }), person({ id: 2, next_action: 'out', reasons: [{ id: 8, name: 'Doctor', presented: ['Doctor'], type: 'early_sign_out', attendance_code: null }] }), person({ id: 3, can_act: 0 })];
    const base = { entityId: 1, siteId: 2, areaId: 3, users, notes: '  ' };
    expect(applyBody({ ...base, action: 'in', chosen: new Set([1, 2]), allChosen: true, filtered: false, answers: {} })).toEqual({ entity_id: 1, site_id: 2, area_id: 3, action: 'in', notes: null, all: 1 });
    const answers = { 1: { temperature: '98.6', unit: 'f' as const, mask: false, host_user_id: 9 }, 2: { reason_id: 8, temperature: '40' } };
    // Issue 15 part 5: Sign in sends only those signing in, Sign out only those signing out (no flip).
    expect(applyBody({ ...base, action: 'in', chosen: new Set([1, 2, 3]), allChosen: true, filtered: true, answers })).toEqual({ entity_id: 1, site_id: 2, area_id: 3, action: 'in', notes: null, users: [{ id: 1, temperature: '98.6 f', mask: 0, host_user_id: 9 }] });
    expect(applyBody({ ...base, action: 'out', chosen: new Set([1, 2, 3]), allChosen: true, filtered: true, answers })).toEqual({ entity_id: 1, site_id: 2, area_id: 3, action: 'out', notes: null, users: [{ id: 2, reason_id: 8 }] });
  });

  it('issue 15 part 5: one late reason for everyone reaches each person as their own mode names it; a row’s own choice wins', () => {
    const late = (id: number, name: string) => ({ id, name, presented: [name], type: 'late_sign_in' as const, attendance_code: null });
    const users = [person({ id: 1, reasons: [late(11, 'Bus late')] }), person({ id: 2, reasons: [late(21, 'Bus late'), late(22, 'Doctor')] }), person({ id: 3, reasons: [late(31, 'Doctor')] }), person({ id: 4 })];
    const body = applyBody({ entityId: 1, siteId: 2, areaId: 3, action: 'in', users, chosen: new Set([1, 2, 3, 4]), allChosen: true, filtered: false, notes: '', answers: { 3: { reason_id: 31 } }, reason: { action: 'in', name: 'Bus late' } });
    expect(body.all).toBeUndefined();
    expect(body.users).toEqual([{ id: 1, reason_id: 11, mask: 0 }, { id: 2, reason_id: 21, mask: 0 }, { id: 3, reason_id: 31, mask: 0 }, { id: 4, mask: 0 }]);
    // A sign-out reason is not given to people signing in.
    expect(applyBody({ entityId: 1, siteId: 2, areaId: 3, action: 'in', users, chosen: new Set([1]), allChosen: false, filtered: false, notes: '', answers: {}, reason: { action: 'out', name: 'Bus late' } }).users).toEqual([{ id: 1, mask: 0 }]);
  });

  it('rules 210-211, 222-223: a due entry condition must be answered; a wrong answer needs 20 characters of notes; the status follows the answers', () => {
    const form = { questions: [{ id: 'fever', question: 'Fever?', desired_answer: 'negative' as const }], agreement_text: '', statement: 'True.' };
    const due = person({ checks: { ...person().checks, temperature_check: 0, mask_check: 0, host: 0 }, compliance_status: 'pending', compliances: [{ id: 4, name: 'Health', isRequired: 1, status: null, form_metadata: form, notes: null }] });
    const notes = 'Mild cold, checked by the nurse.';
    expect(problemsOf(due, {})).toEqual(['condition_required']);
    expect(problemsOf(due, { condition: { answers: { fever: 'negative' }, notes: '', agreed: false } })).toEqual(['condition_required']);
    expect(problemsOf(due, { condition: { answers: { fever: 'positive' }, notes: 'a cold', agreed: true } })).toEqual(['condition_notes']);
    expect(problemsOf(due, { condition: { answers: { fever: 'positive' }, notes, agreed: true } })).toEqual([]);
    expect(problemsOf({ ...due, next_action: 'out' }, {})).toEqual([]);
    expect(conditionStatus(due, {})).toBe('pending');
    expect(conditionStatus(due, { condition: { answers: { fever: 'negative' }, notes: '', agreed: true } })).toBe('passed');
    expect(conditionStatus(due, { condition: { answers: { fever: 'positive' }, notes, agreed: true } })).toBe('completed');
    expect(conditionStatus(due, { condition: { answers: { fever: 'positive' }, notes: 'short', agreed: true } })).toBe('did_not_pass');
    // The condition's notes are the person's notes; without them the page's go.
    expect(notesFor({ condition: { answers: {}, notes: '  ', agreed: false } }, ' page ')).toBe('page');
    expect(notesFor({ condition: { answers: {}, notes, agreed: true } }, 'page')).toBe(notes);
    const body = applyBody({ entityId: 1, siteId: 2, areaId: 3, action: 'in', users: [due], chosen: new Set([1]), allChosen: true, filtered: false, notes: '', answers: { 1: { condition: { answers: { fever: 'positive' }, notes: ` ${notes} `, agreed: true } } } });
    expect(body.users).toEqual([{ id: 1, compliance: { answers: [{ question_id: 'fever', answer: 'positive' }], agreed: true }, notes }]);
  });
});
