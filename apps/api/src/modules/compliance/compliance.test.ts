import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createMember, createOrg, createPowerless, setPermission, type Org } from '../../../test/factories';
import { fixtures } from '../journeys/testing';
import { isComplianceDue } from './compliance-due';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const healthBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Health questionnaire',
  questions: [
    { question: 'Do you have a fever or a new cough?', desired_answer: 'negative' },
    { question: 'Have you read the safeguarding leaflet?', desired_answer: 'positive' },
  ],
  agreement_text: 'I agree to follow the school rules.',
  statement: 'The answers above are true.',
  protocols: ['eu_dcc', 'smart_health_card'],
  accept_negative_pcr: 1,
  pcr_valid_days: '3',
  ...extra,
});

async function count(org: Org, table: string) {
  const r = await h.services.database.sql.query<{ n: number }>(`select count(*)::int as n from ${table} where entity_id = $1`, [org.entityId]);
  return r.rows[0].n;
}

async function setup() {
  const org = await createOrg(h);
  const res = await api(h.app, org.token).post('/api/compliance', healthBody());
  expect(res.status).toBe(201);
  return { org, f: fixtures(h, org), compliance: res.body.data };
}

describe('entry conditions: the five cases', () => {
  it('answers 401 without a token', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/compliances/1'], ['GET', '/api/compliance/1'], ['POST', '/api/compliance', healthBody()], ['PUT', '/api/compliance/1', healthBody()], ['DELETE', '/api/compliance/1'],
      ['POST', '/api/compliance-resent', { visit_id: 1 }], ['GET', '/api/get_compliance_user?user_id=1'], ['GET', '/api/get_compliance_user_details?user_id=1'],
      ['POST', '/api/create_compliance_user', { userId: 1, compliances: [{ complianceId: 1, answer: [] }] }], ['GET', '/api/compliance_users'],
    ];
    for (const [m, url, body] of calls) expect((await api(h.app).raw(m, url, body)).status, url).toBe(401);
  });

  it('answers 403 without the permission, and nothing changes', async () => {
    const { org, f, compliance } = await setup();
    const ada = await f.person();
    const p = api(h.app, (await createPowerless(h, org)).token);
    expect((await p.get(`/api/compliances/${org.entityId}`)).status).toBe(403);
    expect((await p.get(`/api/compliance/${compliance.id}`)).status).toBe(403);
    expect((await p.post('/api/compliance', healthBody())).status).toBe(403);
    expect((await p.put(`/api/compliance/${compliance.id}`, healthBody({ name: 'Changed' }))).status).toBe(403);
    expect((await p.del(`/api/compliance/${compliance.id}`)).status).toBe(403);
    expect((await p.post('/api/compliance-resent', { visit_id: 1 })).status).toBe(403);
    expect((await p.get(`/api/get_compliance_user?user_id=${ada.id}`)).status).toBe(403);
    expect((await p.get(`/api/get_compliance_user_details?user_id=${ada.id}`)).status).toBe(403);
    expect((await p.post('/api/create_compliance_user', { userId: ada.id, compliances: [{ complianceId: compliance.id, answer: [] }] })).status).toBe(403);
    expect((await p.get('/api/compliance_users')).status).toBe(403);
    // An employee (users permission) may take answers but not edit entry conditions.
    const desk = await createMember(h, org, 'employee');
    await setPermission(h, org, 'employee', 'compliances', false);
    expect((await api(h.app, desk.token).post('/api/compliance', healthBody())).status).toBe(403);
    expect(await count(org, 'compliances')).toBe(1);
    expect(await count(org, 'compliance_versions')).toBe(1);
  });

  it("answers 404 with another organisation's ids and changes nothing", async () => {
    const a = await setup();
    const b = await setup();
    const bPerson = await b.f.person('Bea', 'Other');
    const c = api(h.app, a.org.token);
    expect((await c.get(`/api/compliances/${b.org.entityId}`)).status).toBe(404);
    expect((await c.get(`/api/compliance/${b.compliance.id}`)).status).toBe(404);
    expect((await c.put(`/api/compliance/${b.compliance.id}`, healthBody({ name: 'Hijack' }))).status).toBe(404);
    expect((await c.del(`/api/compliance/${b.compliance.id}`)).status).toBe(404);
    expect((await c.del(`/api/compliance/${a.compliance.id}?entity_id=${b.org.entityId}`)).status).toBe(404);
    const bVisit = await b.f.visit({ userId: bPerson.id });
    expect((await c.post('/api/compliance-resent', { visit_id: bVisit.id })).status).toBe(404);
    expect((await c.get(`/api/get_compliance_user?user_id=${bPerson.id}`)).status).toBe(404);
    expect((await c.get(`/api/get_compliance_user_details?user_id=${bPerson.id}`)).status).toBe(404);
    const mine = await a.f.person();
    const q = a.compliance.questions.map((x: { id: string }) => ({ question_id: x.id, answer: 'negative' }));
    expect((await c.post('/api/create_compliance_user', { userId: bPerson.id, compliances: [{ complianceId: a.compliance.id, answer: q }] })).status).toBe(404);
    expect((await c.post('/api/create_compliance_user', { userId: mine.id, compliances: [{ complianceId: b.compliance.id, answer: q }] })).status).toBe(404);
    expect((await c.get(`/api/compliance_users?filterBy=${encodeURIComponent(JSON.stringify({ user_id: bPerson.id }))}`)).body.count).toBe(0);
    expect((await api(h.app, b.org.token).get(`/api/compliance/${b.compliance.id}`)).body.data.version).toBe(1);
    expect(await count(a.org, 'compliance_users')).toBe(0);
  });

  it('rules 205-209: refuses a short name, a question without desired answer, no protocol, missing texts and PCR days of 4 digits', async () => {
    const { org } = await setup();
    const c = api(h.app, org.token);
    const bad = await c.post('/api/compliance', {
      name: 'H',
      questions: [{ question: 'Fever?' }],
      agreement_text: '',
      protocols: [],
      pcr_valid_days: 1000,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.name).toEqual(['The entry condition name must be at least 2 characters.']);
    expect(bad.body.errors['questions.0.desired_answer']).toEqual(['Check the desired answer of each question.']);
    expect(bad.body.errors.agreement_text).toEqual(['The agreement text is required.']);
    expect(bad.body.errors.statement).toBeDefined();
    expect(bad.body.errors.protocols).toEqual(['Select at least one protocol.']);
    expect(bad.body.errors.pcr_valid_days).toEqual(['PCR valid days must be a number of at most 3 digits.']);
    expect((await c.post('/api/compliance', healthBody({ pcr_valid_days: '' }))).body.errors.pcr_valid_days).toEqual(['PCR valid days are required.']);
    expect((await c.post('/api/compliance', healthBody({ pcr_valid_days: '7d' }))).status).toBe(400);
    expect((await c.post('/api/compliance', healthBody({ protocols: ['vaccine_passport'] }))).status).toBe(400);
    expect(await count(org, 'compliances')).toBe(1);
    expect((await c.post('/api/compliance', healthBody({ pcr_valid_days: 999, protocols: ['nhs', 'nys_excelsior', 'nys_excelsior_plus'] }))).status).toBe(201);
  });
});

describe('entry conditions without a certificate (issue 15 part 6; docs/decisions.md)', () => {
  it('needs no protocol and no PCR days when it asks no certificate, and stores none (rules 206-209 apply to those that ask one)', async () => {
    const org = await createOrg(h);
    const c = api(h.app, org.token);
    const res = await c.post('/api/compliance', healthBody({ asks_certificate: 0, protocols: undefined, pcr_valid_days: undefined, accept_negative_pcr: undefined }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ asks_certificate: 0, protocols: [], pcr_valid_days: 0, accept_negative_pcr: 0 });
    // Protocols sent with a condition that asks no certificate are dropped, not kept half-configured.
    const upd = await c.put(`/api/compliance/${res.body.data.id}`, healthBody({ asks_certificate: false, pcr_valid_days: 'x' }));
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ asks_certificate: 0, protocols: [], pcr_valid_days: 0, version: 2 });
    // Rules 208-209 still hold for a condition that asks one (the default).
    const asks = await c.post('/api/compliance', healthBody({ name: 'With certificate', protocols: [], pcr_valid_days: '' }));
    expect(asks.status).toBe(400);
    expect(asks.body.errors.protocols).toEqual(['Select at least one protocol.']);
    expect(asks.body.errors.pcr_valid_days).toEqual(['PCR valid days are required.']);
    const ok = await c.post('/api/compliance', healthBody({ name: 'With certificate' }));
    expect(ok.body.data).toMatchObject({ asks_certificate: 1, protocols: ['eu_dcc', 'smart_health_card'], pcr_valid_days: 3 });
  });
});

describe('entry conditions in every language (issue 15 part 7)', () => {
  it('keeps the translations of the name, questions, agreement and statement, version by version', async () => {
    const org = await createOrg(h);
    const c = api(h.app, org.token);
    const body = healthBody({
      name_i18n: { ar: 'استبيان صحي', es: 'Cuestionario de salud' },
      questions: [{ question: 'Fever?', question_i18n: { ar: 'هل لديك حمى؟', es: '¿Tiene fiebre?' }, desired_answer: 'negative' }],
      agreement_text_i18n: { es: 'Acepto las normas.' },
      statement_i18n: { ar: 'الإجابات صحيحة.' },
    });
    const res = await c.post('/api/compliance', body);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name_i18n: { ar: 'استبيان صحي', es: 'Cuestionario de salud' }, agreement_text_i18n: { es: 'Acepto las normas.' }, statement_i18n: { ar: 'الإجابات صحيحة.' } });
    expect(res.body.data.questions[0].question_i18n).toEqual({ ar: 'هل لديك حمى؟', es: '¿Tiene fiebre?' });
    const bad = await c.post('/api/compliance', healthBody({ name_i18n: { fr: 'Questionnaire' } }));
    expect(bad.status).toBe(400);
  });
});

describe('entry conditions: behaviour', () => {
  it('creates, lists, reads, edits (new version) and deletes, with the toasts of rule 215', async () => {
    const { org, f, compliance } = await setup();
    const c = api(h.app, org.token);
    expect(compliance).toMatchObject({ name: 'Health questionnaire', version: 1, protocols: ['eu_dcc', 'smart_health_card'], accept_negative_pcr: 1, pcr_valid_days: 3 });
    expect(compliance.questions[0]).toMatchObject({ question: 'Do you have a fever or a new cough?', desired_answer: 'negative' });
    expect((await c.get(`/api/compliances/${org.entityId}?filterBy=health`)).body.count).toBe(1);
    const upd = await c.put(`/api/compliance/${compliance.id}`, healthBody({ name: 'Health check', pcr_valid_days: 5 }));
    expect(upd.body.message).toBe('Compliance Updated');
    expect(upd.body.data).toMatchObject({ name: 'Health check', version: 2, pcr_valid_days: 5 });
    const del = await c.del(`/api/compliance/${compliance.id}?entity_id=${org.entityId}`);
    expect(del.body.message).toBe('Compliance Deleted');
    expect((await c.get(`/api/compliance/${compliance.id}`)).status).toBe(404);
    const journey = (await c.post('/api/journey', { name: 'Reception' })).body.data;
    const flow = await c.post(`/api/journey_flow/${journey.id}`, { name: 'Visitors', user_type_id: (await f.userType()).id, compliance_id: compliance.id });
    expect(flow.status).toBe(400);
    expect(flow.body.errors.compliance_id).toEqual(['This entry condition does not exist in your organisation.']);
  });

  it('versioning: answers keep the version they answered after the entry condition is edited', async () => {
    const { org, f, compliance } = await setup();
    const c = api(h.app, org.token);
    const ada = await f.person();
    const answer = compliance.questions.map((q: { id: string; desired_answer: string }) => ({ question_id: q.id, answer: q.desired_answer }));
    const first = await c.post('/api/create_compliance_user', { userId: ada.id, compliances: [{ complianceId: compliance.id, answer }] });
    expect(first.status).toBe(201);
    expect(first.body.data[0]).toMatchObject({ version: 1, status: 'success' });
    const edited = await c.put(`/api/compliance/${compliance.id}`, healthBody({ name: 'Health check v2', questions: [{ id: compliance.questions[0].id, question: 'Any symptoms today?', desired_answer: 'negative' }] }));
    expect(edited.body.data.version).toBe(2);
    const second = await c.post('/api/create_compliance_user', { userId: ada.id, compliances: [{ complianceId: compliance.id, answer: [{ question_id: compliance.questions[0].id, answer: 'negative' }] }] });
    expect(second.body.data[0]).toMatchObject({ version: 2, compliance_name: 'Health check v2' });
    const all = await c.get(`/api/get_compliance_user_details?user_id=${ada.id}`);
    expect(all.body.data.map((a: { version: number; compliance_name: string }) => [a.version, a.compliance_name])).toEqual([[1, 'Health questionnaire'], [2, 'Health check v2']]);
    expect(all.body.data[0].answers[0].question).toBe('Do you have a fever or a new cough?');
    // An answer to the old questions no longer fits the new version.
    expect((await c.post('/api/create_compliance_user', { userId: ada.id, compliances: [{ complianceId: compliance.id, answer }] })).status).toBe(400);
  });

  it('rules 210-212: a wrong answer fails with notes under 20 characters and passes with 20; mask or temperature failures need a justification', async () => {
    const { org, f, compliance } = await setup();
    const c = api(h.app, org.token);
    const ada = await f.person();
    const [fever, leaflet] = compliance.questions;
    const wrong = [{ question_id: fever.id, answer: 'positive' }, { question_id: leaflet.id, answer: 'positive' }];
    const right = [{ question_id: fever.id, answer: 'negative' }, { question_id: leaflet.id, answer: 'positive' }];
    const send = (answer: unknown, extra: Record<string, unknown> = {}) => c.post('/api/create_compliance_user', { userId: ada.id, compliances: [{ complianceId: compliance.id, answer }], ...extra });
    const short = await send(wrong, { notes: 'Has a cold (19 ch).' });
    expect(short.body.status).toBe('failed');
    expect(short.body.message).toBe('Notes must be at least 20 characters when the entry conditions fail.');
    expect(short.body.data[0]).toMatchObject({ isWrong: 1, status: 'failed' });
    expect(short.body.data[0].answers[0]).toMatchObject({ wrong: true, desired_answer: 'negative' });
    const long = await send(wrong, { notes: 'Hay fever, checked by the nurse.' });
    expect(long.body.status).toBe('success');
    expect(long.body.data[0].isWrong).toBe(1);
    expect((await send(right)).body.status).toBe('success');
    const mask = await send(right, { mask_failed: 1, notes: 'no mask' });
    expect(mask.body).toMatchObject({ status: 'failed', message: 'A mask or temperature failure needs a justification of at least 20 characters in the notes.' });
    const hot = await send(right, { temperature: 100.4 });
    expect(hot.body.status).toBe('failed');
    expect(hot.body.data[0]).toMatchObject({ temperature_failed: 1, temperature: 100.4 });
    expect((await send(right, { temperature: 98.6 })).body.status).toBe('success');
    // At the threshold fails, as at the sign-in (one rule: contract temperature.ts).
    expect((await send(right, { temperature: 37.5 })).body.status).toBe('failed');
    expect((await send(right, { temperature: 38.4, notes: 'Just ran from the car park, re-test ok.' })).body.status).toBe('success');
    expect((await send([{ question_id: fever.id, answer: 'negative' }])).status).toBe(400);
    const failed = await c.get(`/api/compliance_users?filterBy=${encodeURIComponent(JSON.stringify({ user_id: ada.id, status: 'failed' }))}`);
    expect(failed.body.count).toBe(4);
  });

  it('the entry condition says which version is current and how many answers each version kept', async () => {
    const { org, f, compliance } = await setup();
    const c = api(h.app, org.token);
    const ada = await f.person();
    const answer = compliance.questions.map((q: { id: string; desired_answer: string }) => ({ question_id: q.id, answer: q.desired_answer }));
    await c.post('/api/create_compliance_user', { userId: ada.id, compliances: [{ complianceId: compliance.id, answer }] });
    await c.post('/api/create_compliance_user', { userId: ada.id, compliances: [{ complianceId: compliance.id, answer }] });
    await c.put(`/api/compliance/${compliance.id}`, healthBody({ name: 'Health check' }));
    const one = await c.get(`/api/compliance/${compliance.id}`);
    expect(one.body.data.version).toBe(2);
    expect(one.body.data.versions.map((v: { version: number; name: string; answers_count: number }) => [v.version, v.name, v.answers_count])).toEqual([
      [2, 'Health check', 0],
      [1, 'Health questionnaire', 2],
    ]);
  });

  it("lists answers newest first with the person's name, found by name or e-mail", async () => {
    const { org, f, compliance } = await setup();
    const c = api(h.app, org.token);
    const ada = await f.person('Ada', 'Lovelace', undefined, 'ada@example.test');
    const grace = await f.person('Grace', 'Hopper');
    const answer = compliance.questions.map((q: { id: string; desired_answer: string }) => ({ question_id: q.id, answer: q.desired_answer }));
    await c.post('/api/create_compliance_user', { userId: ada.id, compliances: [{ complianceId: compliance.id, answer }] });
    await c.post('/api/create_compliance_user', { userId: grace.id, compliances: [{ complianceId: compliance.id, answer }] });
    const all = await c.get('/api/compliance_users');
    expect(all.body.data.map((a: { user_name: string }) => a.user_name)).toEqual(['Grace Hopper', 'Ada Lovelace']);
    const q = (search: string) => c.get(`/api/compliance_users?filterBy=${encodeURIComponent(JSON.stringify({ search }))}`);
    expect((await q('ada lov')).body.data.map((a: { user_id: number }) => a.user_id)).toEqual([ada.id]);
    expect((await q('ada@example')).body.count).toBe(1);
    expect((await q('%')).body.count).toBe(0);
    // Another organisation's answers never appear.
    const other = await setup();
    expect((await api(h.app, other.org.token).get('/api/compliance_users')).body.count).toBe(0);
  });

  it('compliance-resent mails a new link for an expected visit, and refuses one that is over or refused', async () => {
    const { org, f, compliance } = await setup();
    const c = api(h.app, org.token);
    const visitor = await f.userType();
    const journey = (await c.post('/api/journey', { name: 'Reception' })).body.data;
    const flow = (await c.post(`/api/journey_flow/${journey.id}`, { name: 'Visitors', user_type_id: visitor.id, compliance_id: compliance.id })).body.data;
    const ada = await f.person('Ada', 'Lovelace', visitor.id, 'ada@example.test');
    const visit = await f.visit({ userId: ada.id, journeyFlowId: flow.id, expectedAt: new Date(Date.now() + 3_600_000) });
    const ok = await c.post('/api/compliance-resent', { visit_id: visit.id });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('The entry conditions link has been sent again.');
    const left = await f.visit({ userId: ada.id, journeyFlowId: flow.id, status: 'signed_out' });
    const refused = await c.post('/api/compliance-resent', { visit_id: left.id });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.visit_id).toEqual(['This visit is over, deleted or refused: no entry-conditions link can be sent for it.']);
    expect(await count(org, 'compliance_links')).toBe(1);
  });

  it('rule 198: get_compliance_user says whether the flow entry condition is due by its frequency', async () => {
    const { org, f, compliance } = await setup();
    const c = api(h.app, org.token);
    const site = await f.site();
    const visitor = await f.userType();
    const journey = (await c.post('/api/journey', { name: 'Reception', site_ids: [site.id] })).body.data;
    const flow = (await c.post(`/api/journey_flow/${journey.id}`, { name: 'Visitors', user_type_id: visitor.id, compliance_id: compliance.id, compliance_frequency: 'one-off' })).body.data;
    const ada = await f.person('Ada', 'Lovelace', visitor.id);
    const visit = await f.visit({ userId: ada.id, journeyFlowId: flow.id });
    const before = await c.get(`/api/get_compliance_user?user_id=${ada.id}&visit_id=${visit.id}`);
    expect(before.body.required[0]).toMatchObject({ id: compliance.id, frequency: 'one-off', due: 1 });
    const answer = compliance.questions.map((q: { id: string; desired_answer: string }) => ({ question_id: q.id, answer: q.desired_answer }));
    await c.post('/api/create_compliance_user', { userId: ada.id, compliances: [{ complianceId: compliance.id, answer }], scan: { visitId: visit.id } });
    const after = await c.get(`/api/get_compliance_user?user_id=${ada.id}&visit_id=${visit.id}`);
    expect(after.body.required[0].due).toBe(0);
    expect(after.body.data).toHaveLength(1);
    const other = await f.compliance('Contractor induction');
    expect((await c.post('/api/create_compliance_user', { userId: ada.id, compliances: [{ complianceId: other.id, answer: [{ question_id: 'q1', answer: 'negative' }] }], scan: { visitId: visit.id } })).status).toBe(400);
  });

  it('rule 198: frequencies everytime, daily, weekly, monthly, one-off and valid till expiry', () => {
    const at = new Date('2026-03-10T09:00:00Z');
    const h1 = new Date('2026-03-10T17:00:00Z');
    expect(isComplianceDue('everytime', at, h1)).toBe(true);
    expect(isComplianceDue('daily', at, h1)).toBe(false);
    expect(isComplianceDue('daily', at, new Date('2026-03-11T00:01:00Z'))).toBe(true);
    expect(isComplianceDue('weekly', at, new Date('2026-03-16T09:00:00Z'))).toBe(false);
    expect(isComplianceDue('weekly', at, new Date('2026-03-17T09:00:00Z'))).toBe(true);
    expect(isComplianceDue('monthly', at, new Date('2026-04-09T09:00:00Z'))).toBe(false);
    expect(isComplianceDue('monthly', at, new Date('2026-04-10T09:00:00Z'))).toBe(true);
    expect(isComplianceDue('one-off', at, new Date('2030-01-01T00:00:00Z'))).toBe(false);
    expect(isComplianceDue('valid till expiry', at, new Date('2026-03-12T08:00:00Z'), 2)).toBe(false);
    expect(isComplianceDue('valid till expiry', at, new Date('2026-03-12T09:00:00Z'), 2)).toBe(true);
    for (const f of ['everytime', 'daily', 'weekly', 'monthly', 'one-off', 'valid till expiry']) expect(isComplianceDue(f, null, h1)).toBe(true);
  });
});
