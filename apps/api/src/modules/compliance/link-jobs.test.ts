import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceLinks, complianceUsers, visits } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg, type Org } from '../../../test/factories';
import { mailDelivered, smtpMailbox } from '../../../test/mailbox';
import { fixtures } from '../journeys/testing';
import { createPlace, multipart, visitRow } from '../visits/testing';
import { mailsTo, parseMail } from '../../../test/mime';
import { COMPLIANCE_LINK_JOB, runComplianceLinkJob } from './link-jobs';

const MIN = 60_000;
const at = (ms: number) => {
  const iso = new Date(ms).toISOString();
  return { visit_date: iso.slice(0, 10), visit_time: iso.slice(11, 19) };
};
async function register(h: TestApp, code: string, userTypeId: number, when: { visit_date: string; visit_time: string }, email: string, lang = 'es') {
  const body = multipart({ journey_id: code, user_type_id: String(userTypeId), ...when, first_name: 'Cora', last_name: 'Comply', email, phone: String(Math.floor(Math.random() * 1e9)) });
  const res = await h.app.inject({ method: 'POST', url: `/api/create-expected-visit/${lang}`, payload: body.payload, headers: body.headers, remoteAddress: `10.3.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  expect(res.statusCode).toBe(201);
  return res.json().data.visit_id as number;
}
async function placeWithCondition(h: TestApp, org: Org, lead: number | null, every: number | null, frequency = 'everytime') {
  const c = await fixtures(h, org).compliance();
  return createPlace(h, org, { flow: { complianceId: c.id, complianceFrequency: frequency, sendBeforeVisitMinutes: lead, reminderIntervalMinutes: every } });
}
const linksOf = (h: TestApp, org: Org, visitId: number) => withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(complianceLinks).where(eq(complianceLinks.visitId, visitId)));

describe('entry-condition link jobs with the job queue running (rules 199-200)', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await buildTestApp();
  }, 60_000);
  afterAll(() => h.close());

  async function jobsFor(visitId: number) {
    const rows = await h.services.database.db.execute(sql`select start_after, data, state from pgboss.job where name = ${COMPLIANCE_LINK_JOB} and (data->>'visitId')::int = ${visitId} order by start_after`);
    return (rows as unknown as { rows: { start_after: Date; data: { send: number }; state: string }[] }).rows.map((r) => ({ at: new Date(r.start_after).getTime(), send: r.data.send, state: r.state }));
  }

  it('plans the first mail no sooner than the lead time before the visit, as a job stored in the database', async () => {
    const org = await createOrg(h);
    const p = await placeWithCondition(h, org, 90, 30);
    const id = await register(h, p.link.code, p.visitor.id, at(Date.now() + 2 * 86_400_000), 'cora-later@example.test');
    const v = await visitRow(h, org, id);
    expect(v.journeyStage).toBe('compliance_pending');
    expect(await jobsFor(id)).toEqual([{ at: v.expectedAt!.getTime() - 90 * MIN, send: 0, state: 'created' }]);
    expect((await mailsTo(h, 'cora-later@example.test')).filter((m) => m.subject.startsWith('Condiciones'))).toHaveLength(0);
  });

  it("mails the link when due, in the visitor's language with text and HTML, and plans the reminder one interval later", async () => {
    const org = await createOrg(h);
    const p = await placeWithCondition(h, org, 120, 30);
    const id = await register(h, p.link.code, p.visitor.id, at(Date.now() + 75 * MIN), 'cora-soon@example.test');
    await expect.poll(async () => (await mailsTo(h, 'cora-soon@example.test')).find((m) => m.subject.startsWith('Condiciones de entrada')), { timeout: 30_000, interval: 250 }).toBeDefined();
    const mail = (await mailsTo(h, 'cora-soon@example.test')).find((m) => m.subject.startsWith('Condiciones de entrada'))!;
    expect(mail.text).toContain('responda a las condiciones de entrada');
    expect(mail.html).toContain('href="http://localhost');
    const code = mail.text.match(/\/online-compliance\/([\w-]{40,})/)![1];
    // The mailed link is the one the online-compliance page opens.
    const opened = await api(h.app).get(`/api/get_online_compliance_user?visitCode=${code}`);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ is_expired: 0, visitId: id });
    await expect.poll(async () => (await visitRow(h, org, id)).complianceLinkSends, { timeout: 10_000 }).toBe(1);
    const sentAt = (await visitRow(h, org, id)).complianceLinkSentAt!.getTime();
    await expect.poll(async () => (await jobsFor(id)).find((j) => j.send === 1), { timeout: 10_000 }).toMatchObject({ at: sentAt + 30 * MIN, state: 'created' });
  });
});

describe('one send, once (the job run by hand with a clock)', () => {
  let h: TestApp;
  beforeAll(async () => {
    // No worker runs the planned sends meanwhile: the test runs each one by hand, at the time it chooses.
    h = await buildTestApp({ jobs: false });
  });
  afterAll(() => h.close());

  async function visitIn(org: Org, p: Awaited<ReturnType<typeof placeWithCondition>>, minutes: number, email: string) {
    return register(h, p.link.code, p.visitor.id, at(Date.now() + minutes * MIN), email, 'en');
  }

  it('a job run twice, or two runs at once, send one mail; the next send waits one interval', async () => {
    const org = await createOrg(h);
    const p = await placeWithCondition(h, org, 60, 30);
    const id = await visitIn(org, p, 300, 'once@example.test');
    const now = Date.now();
    expect(await runComplianceLinkJob(h.services, { visitId: id, send: 0 }, new Date(now))).toBe('rescheduled');
    const due = new Date((await visitRow(h, org, id)).expectedAt!.getTime() - 59 * MIN);
    const both = await Promise.all([runComplianceLinkJob(h.services, { visitId: id, send: 0 }, due), runComplianceLinkJob(h.services, { visitId: id, send: 0 }, due)]);
    expect(both.sort()).toEqual(['already_sent', 'sent']);
    expect(await runComplianceLinkJob(h.services, { visitId: id, send: 0 }, due)).toBe('already_sent');
    expect((await mailsTo(h, 'once@example.test')).filter((m) => m.subject.startsWith('Entry conditions'))).toHaveLength(1);
    expect(await linksOf(h, org, id)).toHaveLength(1);
    expect(await runComplianceLinkJob(h.services, { visitId: id, send: 1 }, new Date(due.getTime() + 10 * MIN))).toBe('rescheduled');
    expect(await runComplianceLinkJob(h.services, { visitId: id, send: 1 }, new Date(due.getTime() + 31 * MIN))).toBe('sent');
    const mails = (await mailsTo(h, 'once@example.test')).filter((m) => m.subject.includes('ntry conditions'));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Entry conditions/), expect.stringMatching(/^Reminder: entry conditions/)]);
    // The first link stopped working when the reminder's link was made.
    const links = await linksOf(h, org, id);
    expect(links.filter((l) => l.expiresAt.getTime() > due.getTime() + 31 * MIN)).toHaveLength(1);
  });

  it('stops once answered, when the visit is rejected, deleted or has started, and without a reminder interval', async () => {
    const org = await createOrg(h);
    const p = await placeWithCondition(h, org, 60, 30);
    const answered = await visitIn(org, p, 30, 'answered@example.test');
    await withTenant(h.services.database.db, org.entityId, async (tx) => {
      const [v] = await tx.select().from(visits).where(eq(visits.id, answered));
      const [c] = await tx.execute(sql`select id from compliance_versions where compliance_id = (select compliance_id from journey_flows where id = ${v.journeyFlowId})`).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
      await tx.insert(complianceUsers).values({ entityId: org.entityId, userId: v.userId, complianceId: p.flow.complianceId!, complianceVersionId: c.id, visitId: v.id, answers: [], isWrong: false, status: 'success' });
    });
    expect(await runComplianceLinkJob(h.services, { visitId: answered, send: 0 }, new Date())).toBe('stopped');
    const rejected = await visitIn(org, p, 31, 'rejected@example.test');
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.update(visits).set({ approvalState: 'rejected' }).where(eq(visits.id, rejected)));
    expect(await runComplianceLinkJob(h.services, { visitId: rejected, send: 0 }, new Date())).toBe('stopped');
    const deleted = await visitIn(org, p, 32, 'deleted@example.test');
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.update(visits).set({ status: 'deleted' }).where(eq(visits.id, deleted)));
    expect(await runComplianceLinkJob(h.services, { visitId: deleted, send: 0 }, new Date())).toBe('stopped');
    const started = await visitIn(org, p, 33, 'started@example.test');
    expect(await runComplianceLinkJob(h.services, { visitId: started, send: 0 }, new Date(Date.now() + 40 * MIN))).toBe('stopped');
    for (const who of ['answered', 'rejected', 'deleted', 'started']) expect((await mailsTo(h, `${who}@example.test`)).filter((m) => m.subject.includes('ntry conditions'))).toHaveLength(0);
    const q = await placeWithCondition(h, org, null, null);
    const noReminder = await register(h, q.link.code, q.visitor.id, at(Date.now() + 600 * MIN), 'single@example.test', 'en');
    expect(await runComplianceLinkJob(h.services, { visitId: noReminder, send: 0 }, new Date())).toBe('sent');
    expect(await runComplianceLinkJob(h.services, { visitId: noReminder, send: 1 }, new Date(Date.now() + 300 * MIN))).toBe('stopped');
  });

  it("rule 198: a person whose weekly pass still holds at the visit's time gets no link", async () => {
    const org = await createOrg(h);
    const p = await placeWithCondition(h, org, 60, 30, 'weekly');
    const email = 'weekly@example.test';
    const first = await visitIn(org, p, 24 * 60, email);
    await withTenant(h.services.database.db, org.entityId, async (tx) => {
      const [v] = await tx.select().from(visits).where(eq(visits.id, first));
      const [c] = await tx.execute(sql`select id from compliance_versions where compliance_id = ${p.flow.complianceId}`).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
      await tx.insert(complianceUsers).values({ entityId: org.entityId, userId: v.userId, complianceId: p.flow.complianceId!, complianceVersionId: c.id, visitId: null, answers: [], isWrong: false, status: 'success' });
    });
    const second = await register(h, p.link.code, p.visitor.id, at(Date.now() + 2 * 24 * 60 * MIN), email, 'en');
    expect((await visitRow(h, org, second)).journeyStage).toBe('ready_to_sign_in');
    expect(await runComplianceLinkJob(h.services, { visitId: second, send: 0 }, new Date(Date.now() + 47 * 60 * MIN))).toBe('stopped');
  });
});

describe("a rejected visit's entry-conditions link stops working (rules 144, 146)", () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await buildTestApp();
  });
  afterAll(() => h.close());

  it('answers VISIT_REJECTED once the console rejects a previously approved visit', async () => {
    const org = await createOrg(h);
    const p = await placeWithCondition(h, org, 60, 30);
    const id = await register(h, p.link.code, p.visitor.id, at(Date.now() + 30 * MIN), 'rejected-link@example.test', 'en');
    expect(await runComplianceLinkJob(h.services, { visitId: id, send: 0 }, new Date())).toBe('sent');
    const code = (await mailsTo(h, 'rejected-link@example.test')).find((m) => m.subject.startsWith('Entry conditions'))!.text.match(/\/online-compliance\/([\w-]{40,})/)![1];
    expect((await api(h.app).get(`/api/get_online_compliance_user?visitCode=${code}`)).body.data.is_expired).toBe(0);
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.update(visits).set({ approvalState: 'approved' }).where(eq(visits.id, id)));
    expect((await api(h.app, org.token).post('/api/reject-approved-visit', { entity_id: org.entityId, visit_id: id })).status).toBe(200);
    expect((await api(h.app).get(`/api/get_online_compliance_user?visitCode=${code}`)).body.data).toMatchObject({ is_expired: 1, reason: 'VISIT_REJECTED' });
  });
});

describe('the link mail through SMTP', () => {
  it('reaches a local SMTP server with a plain-text part and an HTML part, right to left in Arabic', async () => {
    const box = await smtpMailbox();
    const h = await buildTestApp({ env: { SMTP_URL: box.url } });
    try {
      const org = await createOrg(h);
      const p = await placeWithCondition(h, org, 60, 30);
      const id = await register(h, p.link.code, p.visitor.id, at(Date.now() + 30 * MIN), 'smtp-ar@example.test', 'ar');
      expect(await runComplianceLinkJob(h.services, { visitId: id, send: 0 }, new Date())).toBe('sent');
      await mailDelivered(h);
      const raw = box.received.filter((r) => r.to.includes('smtp-ar@example.test')).map((r) => parseMail(r.raw.replace(/\r\n/g, '\n')));
      const mail = raw.find((m) => m.subject.startsWith('شروط الدخول'))!;
      expect(mail).toBeDefined();
      expect(mail.text).toMatch(/\/online-compliance\/[\w-]{40,}/);
      expect(mail.html).toContain('dir="rtl"');
      expect(mail.parts.map((x) => x.headers['content-type']?.split(';')[0])).toEqual(['text/plain', 'text/html']);
    } finally {
      await h.close();
      await box.close();
    }
  });
});
