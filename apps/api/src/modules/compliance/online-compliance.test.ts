import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg, type Org } from '../../../test/factories';
import { mailDelivered } from '../../../test/mailbox';
import { fixtures } from '../journeys/testing';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const healthBody = {
  name: 'Health questionnaire',
  questions: [{ question: 'Do you have a fever?', desired_answer: 'negative' }],
  agreement_text: 'I agree to follow the school rules.',
  statement: 'The answers above are true.',
  protocols: ['eu_dcc'],
  pcr_valid_days: 3,
};

/** The compliance link of the last mail sent to `email` (mail goes to .eml files in tests). */
async function lastCode(email: string) {
  await mailDelivered(h);
  const dir = join(h.dataDir, 'mail');
  const files = readdirSync(dir).filter((f) => f.includes(email.replace(/[^a-z0-9@._-]/gi, '_'))).sort();
  const text = readFileSync(join(dir, files[files.length - 1]), 'utf8').replace(/=\r?\n/g, '');
  return text.match(/online-compliance\/([\w-]+)/)![1];
}

async function setup(email: string) {
  const org = await createOrg(h);
  const f = fixtures(h, org);
  const c = api(h.app, org.token);
  const compliance = (await c.post('/api/compliance', healthBody)).body.data;
  const site = await f.site();
  const visitor = await f.userType();
  const journey = (await c.post('/api/journey', { name: 'Reception', site_ids: [site.id] })).body.data;
  const flow = (await c.post(`/api/journey_flow/${journey.id}`, { name: 'Visitors', user_type_id: visitor.id, compliance_id: compliance.id, send_before_visit: 60 })).body.data;
  const person = await f.person('Ada', 'Lovelace', visitor.id, email);
  const visit = await f.visit({ userId: person.id, journeyFlowId: flow.id, expectedAt: new Date(Date.now() + 3_600_000) });
  const sent = await c.post('/api/compliance-resent', { visit_id: visit.id, entity_id: org.entityId });
  expect(sent.status).toBe(200);
  expect(sent.body.message).toBe('The entry conditions link has been sent again.');
  return { org, f, c, compliance, visit, person, code: await lastCode(email) };
}

const answers = (complianceId: number, questionId: string, answer: string) => [{ complianceId, answer: [{ question_id: questionId, answer }] }];

async function setVisit(org: Org, visitId: number, status: string) {
  await h.services.database.db.execute(sql`update visits set status = ${status} where id = ${visitId} and entity_id = ${org.entityId}`);
}

describe('online compliance (rules 144-148, 210-211)', () => {
  it('resends a long random link; the visitor sees the questions without the desired answers', async () => {
    const s = await setup('ada.online@example.test');
    expect(s.code.length).toBeGreaterThanOrEqual(40);
    const res = await api(h.app).get(`/api/get_online_compliance_user?visitCode=${s.code}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ is_expired: 0, reason: null, visitId: s.visit.id, user: { first_name: 'Ada', last_name: 'Lovelace' } });
    expect(res.body.data.compliances[0].questions).toEqual([{ id: s.compliance.questions[0].id, question: 'Do you have a fever?' }]);
    expect(JSON.stringify(res.body)).not.toContain('desired_answer');
    expect((await api(h.app).get(`/api/get_online_compliance_user?visitCode=${'x'.repeat(43)}`)).status).toBe(404);
    expect((await api(h.app).get('/api/get_online_compliance_user?visitCode=short')).status).toBe(400);
  });

  it('a wrong answer with short notes fails and keeps the link; a passing answer uses it up and a second use is refused', async () => {
    const s = await setup('ada.twice@example.test');
    const q = s.compliance.questions[0].id;
    const wrong = await api(h.app).post('/api/create_online_compliance_user', { visitCode: s.code, compliances: answers(s.compliance.id, q, 'positive'), notes: 'a cold' });
    expect(wrong.status).toBe(201);
    expect(wrong.body.data).toMatchObject({ status: 'failed', isWrong: 1, reason: 'Notes must be at least 20 characters when the entry conditions fail.' });
    const ok = await api(h.app).post('/api/create_online_compliance_user', { visitCode: s.code, compliances: answers(s.compliance.id, q, 'positive'), notes: 'Hay fever, not contagious at all.' });
    expect(ok.body.data.status).toBe('success');
    const again = await api(h.app).post('/api/create_online_compliance_user', { visitCode: s.code, compliances: answers(s.compliance.id, q, 'negative') });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'ALREADY_COMPLETED' });
    expect(again.body.message).toBe('Your compliance link has expired because you have already completed your entry conditions. Please contact the system admin for further details.');
    const view = await api(h.app).get(`/api/get_online_compliance_user?visitCode=${s.code}`);
    expect(view.body.data).toMatchObject({ is_expired: 1, reason: 'ALREADY_COMPLETED', compliances: [] });
    const stored = await s.c.get(`/api/get_compliance_user?user_id=${s.person.id}&visit_id=${s.visit.id}`);
    expect(stored.body.data.map((a: { status: string; source: string }) => [a.status, a.source])).toEqual([['failed', 'online'], ['success', 'online']]);
  });

  it('moves the visit on once the entry conditions are answered (rule 152): failed, then ready to sign in', async () => {
    const s = await setup('ada.stage@example.test');
    await h.services.database.db.execute(sql`update visits set journey_stage = 'compliance_pending' where id = ${s.visit.id}`);
    const q = s.compliance.questions[0].id;
    const stage = async () => (await s.f.visitRow(s.visit.id)).journeyStage;
    await api(h.app).post('/api/create_online_compliance_user', { visitCode: s.code, compliances: answers(s.compliance.id, q, 'positive'), notes: 'Hay fever, not contagious at all.' });
    expect(await stage()).toBe('ready_to_sign_in');
    const t = await setup('ada.stage2@example.test');
    await h.services.database.db.execute(sql`update visits set journey_stage = 'compliance_pending' where id = ${t.visit.id}`);
    const tq = t.compliance.questions[0].id;
    await api(h.app).post('/api/create_online_compliance_user', { visitCode: t.code, compliances: answers(t.compliance.id, tq, 'positive'), notes: 'a cold' });
    expect((await t.f.visitRow(t.visit.id)).journeyStage).toBe('compliance_failed');
    // The link is not used up by a failed answer: a passing one moves the visit on.
    await api(h.app).post('/api/create_online_compliance_user', { visitCode: t.code, compliances: answers(t.compliance.id, tq, 'negative') });
    expect((await t.f.visitRow(t.visit.id)).journeyStage).toBe('ready_to_sign_in');
  });

  it('keeps a visit awaiting approval there, noting a failed entry condition (rule 152)', async () => {
    const s = await setup('ada.awaiting@example.test');
    await h.services.database.db.execute(sql`update visits set approval_state = 'pending', journey_stage = 'awaiting_admin_approval' where id = ${s.visit.id}`);
    const q = s.compliance.questions[0].id;
    await api(h.app).post('/api/create_online_compliance_user', { visitCode: s.code, compliances: answers(s.compliance.id, q, 'positive'), notes: 'a cold' });
    expect((await s.f.visitRow(s.visit.id)).journeyStage).toBe('awaiting_admin_approval_compliance_failed');
    await api(h.app).post('/api/create_online_compliance_user', { visitCode: s.code, compliances: answers(s.compliance.id, q, 'negative') });
    expect((await s.f.visitRow(s.visit.id)).journeyStage).toBe('awaiting_admin_approval');
  });

  it('expires as rules 144-148 say: deleted, arrived, left, refused, missed; a resent link replaces the old one', async () => {
    const s = await setup('ada.expiry@example.test');
    const read = async (code = s.code) => (await api(h.app).get(`/api/get_online_compliance_user?visitCode=${code}`)).body.data;
    await setVisit(s.org, s.visit.id, 'deleted');
    expect(await read()).toMatchObject({ is_expired: 1, reason: 'VISIT_DELETED', message: 'Your compliance link has expired because your visit has been deleted. Please contact the system admin for further details.' });
    await setVisit(s.org, s.visit.id, 'signed_in');
    expect((await read()).message).toBe('Your compliance link has expired because you have already arrived at the area. Please contact the system admin for further details.');
    await setVisit(s.org, s.visit.id, 'signed_out');
    expect((await read()).reason).toBe('SCAN_EXPIRED');
    await setVisit(s.org, s.visit.id, 'expected');
    expect((await read()).is_expired).toBe(0);
    await h.services.database.db.execute(sql`update visits set approval_state = 'rejected' where id = ${s.visit.id}`);
    expect(await read()).toMatchObject({ is_expired: 1, reason: 'VISIT_REJECTED', message: 'Your compliance link has expired because your visit has not been approved. Please contact the system admin for further details.' });
    await h.services.database.db.execute(sql`update visits set approval_state = 'pending' where id = ${s.visit.id}`);
    expect((await read()).is_expired).toBe(0);
    await h.services.database.db.execute(sql`update compliance_links set expires_at = now() - interval '1 minute' where visit_id = ${s.visit.id}`);
    expect(await read()).toMatchObject({ reason: 'VISIT_EXPIRED', message: 'Your compliance link has expired because you missed your appointment. Please contact the system admin for further details.' });
    const q = s.compliance.questions[0].id;
    expect((await api(h.app).post('/api/create_online_compliance_user', { visitCode: s.code, compliances: answers(s.compliance.id, q, 'negative') })).status).toBe(400);
    await s.c.post('/api/compliance-resent', { visit_id: s.visit.id });
    const fresh = await lastCode('ada.expiry@example.test');
    expect(fresh).not.toBe(s.code);
    expect((await read(fresh)).is_expired).toBe(0);
  });

  it("never opens another organisation's data: a code answers only its own visit, and foreign entry conditions are refused", async () => {
    const a = await setup('ada.a@example.test');
    const b = await setup('ada.b@example.test');
    const q = b.compliance.questions[0].id;
    const res = await api(h.app).post('/api/create_online_compliance_user', { visitCode: a.code, compliances: answers(b.compliance.id, q, 'negative') });
    expect(res.status).toBe(400);
    expect(res.body.errors.compliances).toEqual(['This entry condition is not part of this visit.']);
    const count = async (org: Org) => (await h.services.database.sql.query<{ n: number }>('select count(*)::int as n from compliance_users where entity_id = $1', [org.entityId])).rows[0].n;
    expect(await count(a.org)).toBe(0);
    expect(await count(b.org)).toBe(0);
    const view = await api(h.app).get(`/api/get_online_compliance_user?visitCode=${a.code}`);
    expect(view.body.data.visitId).toBe(a.visit.id);
    expect(view.body.data.compliances[0].id).toBe(a.compliance.id);
  });

  it('is rate limited', async () => {
    let last = 0;
    for (let i = 0; i < 40; i++) last = (await api(h.app).get(`/api/get_online_compliance_user?visitCode=${'z'.repeat(43)}`)).status;
    expect(last).toBe(429);
  });
});
