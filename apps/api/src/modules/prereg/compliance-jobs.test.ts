import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg } from '../../../test/factories';
import { createPlace, dayAhead, multipart, visitRow } from './test-fixtures';
import { mailsTo } from './test-mail';
import { COMPLIANCE_JOB } from './visit-mail';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp({ jobs: true });
});
afterAll(() => h.close());

async function register(code: string, userTypeId: number, date: string, time: string, email: string) {
  const body = multipart({ journey_id: code, user_type_id: String(userTypeId), visit_date: date, visit_time: time, first_name: 'Cora', last_name: 'Comply', email, phone: String(Math.floor(Math.random() * 1e9)) });
  const res = await h.app.inject({ method: 'POST', url: '/api/create-expected-visit/es', payload: body.payload, headers: body.headers, remoteAddress: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  expect(res.statusCode).toBe(201);
  return res.json().data.visit_id as number;
}
async function jobsFor(visitId: number) {
  const rows = await h.services.database.db.execute(sql`select start_after, data from pgboss.job where name = ${COMPLIANCE_JOB} and (data->>'visitId')::int = ${visitId} order by start_after`);
  return (rows as unknown as { rows: { start_after: Date; data: { reminder: boolean } }[] }).rows.map((r) => ({ at: new Date(r.start_after).getTime(), reminder: r.data.reminder }));
}
async function waitFor<T>(fn: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('entry-condition link jobs (rules 199-200)', () => {
  it('is scheduled in pg-boss no sooner than the lead time before the visit (a stored job, so it survives a restart)', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org, { link: { isComplianceRequired: true, complianceSendBeforeMinutes: 90, complianceReminderMinutes: 30 } });
    const id = await register(p.link.code, p.visitor.id, dayAhead(2), '10:00:00', 'cora-later@example.test');
    const v = await visitRow(h, org, id);
    expect(v.journeyStage).toBe('compliance_pending');
    const jobs = await jobsFor(id);
    expect(jobs).toEqual([{ at: v.expectedAt!.getTime() - 90 * 60_000, reminder: false }]);
    expect(mailsTo(h.dataDir, 'cora-later@example.test').filter((m) => m.subject.includes('Condiciones'))).toHaveLength(0);
  });

  it('sends the link when due, in the visitor\'s language, and schedules a reminder at the interval before the visit', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org, { link: { isComplianceRequired: true, complianceSendBeforeMinutes: 120, complianceReminderMinutes: 30 } });
    const at = new Date(Date.now() + 75 * 60_000);
    const iso = at.toISOString();
    const id = await register(p.link.code, p.visitor.id, iso.slice(0, 10), iso.slice(11, 19), 'cora-soon@example.test');
    const mail = await waitFor(() => mailsTo(h.dataDir, 'cora-soon@example.test').find((m) => m.subject.startsWith('Condiciones de entrada')));
    expect(mail.text).toMatch(/\/online-compliance\/[\w-]{40,}/);
    const sentAt = await waitFor(async () => (await visitRow(h, org, id)).complianceLinkSentAt);
    const reminders = await waitFor(async () => (await jobsFor(id)).filter((j) => j.reminder).at(0));
    expect(Math.abs(reminders.at - (sentAt!.getTime() + 30 * 60_000))).toBeLessThan(5_000);
  });

  it('an api call cannot set a lead under 5 minutes or a reminder under 30', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const res = await api(h.app, org.token).post('/api/pre_registration_link', { entity_id: org.entityId, journey_flow_id: p.flow.id, area_id: p.area.id, user_types: [{ id: p.visitor.id, registration_method: 'allowed' }], compliance_send_before_minutes: 1 });
    expect(res.status).toBe(400);
  });
});
