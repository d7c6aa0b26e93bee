import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportExports, reportSubscriptions, users, userSites } from '../../db/schema/index';
import { createMember, createOrg, createPowerless, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { mailTo } from '../../../test/mailbox';
import { reportsOrg } from '../reports/testing';
import { expireExports } from './run-export';
import { nextRunAt, periodOf, sendDueReports } from './subscriptions';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp({ jobs: true });
});
afterAll(() => h.close());

const until = async <T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** Two visits, one by a person whose name would run as a formula in a spreadsheet. */
async function org2(org: Org) {
  const r = await reportsOrg(h, org);
  const mallory = await r.f.person({ firstName: '=HYPERLINK("http://evil.test","x")', lastName: 'Bob;=1+1', userTypeId: r.visitor.id });
  const amal = await r.f.person({ firstName: 'أمل', lastName: 'حداد', userTypeId: r.staff.id });
  await r.visit(mallory.id, r.hall, '2026-03-02T08:00:00Z', '2026-03-02T09:00:00Z');
  await r.visit(amal.id, r.lobby, '2026-03-02T17:00:00Z', '2026-03-02T18:00:00Z');
  return r;
}

async function ready(a: ReturnType<typeof api>, id: number) {
  const res = await until(() => a.get(`/api/export_job?id=${id}`), (r) => ['ready', 'failed'].includes(r.body.data?.[0]?.status));
  expect(res.body.data[0].status).toBe('ready');
  return res.body.data[0];
}

describe('exports (rules 288-290)', () => {
  it('builds a CSV of the logbook in the background, defuses formulas, quotes separators and mails the requester (rule 289)', async () => {
    const org = await createOrg(h);
    const r = await org2(org);
    const asked = await r.a.post('/api/export', { report: 'logbook', format: 'csv', params: { filterBy: { start_date: '2026-03-01', end_date: '2026-03-03' } } });
    expect(asked.status).toBe(202);
    expect(asked.body.data).toMatchObject({ status: 'queued', report: 'logbook', format: 'csv', url: null });
    const done = await ready(r.a, asked.body.data.id);
    expect(done).toMatchObject({ rows: 4, url: `/api/export_file/${asked.body.data.id}` });
    expect(new Date(done.expires_at).getTime() - new Date(done.generated_at).getTime()).toBe(7 * 86_400_000);
    const file = await h.app.inject({ method: 'GET', url: done.url, headers: { authorization: `Bearer ${org.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const text = file.body;
    expect(text.startsWith('\uFEFFDate and time,Name,E-mail')).toBe(true);
    // The name cell starts with '= : defused, and quoted because it holds a comma, a semicolon and quotes.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""x"") Bob;=1+1"`);
    expect(text).toContain('أمل حداد');
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(5);
    const mails = await until(async () => mailTo(h, org.email), (m) => m.length > 0);
    expect(mails[0].subject).toBe('Your export is ready: Logbook');
    const list = await r.a.get(`/api/export_list/${org.entityId}`);
    expect(list.body.data[0]).toMatchObject({ id: asked.body.data.id, requested_by: expect.any(String), status: 'ready' });
  });

  it('builds an XLSX whose text cells never run as formulas, right to left in Arabic', async () => {
    const org = await createOrg(h);
    const r = await org2(org);
    const asked = await r.a.post('/api/export', { report: 'history', format: 'xlsx', params: { filterBy: { start_date: '2026-03-02', end_date: '2026-03-02' } } });
    const done = await ready(r.a, asked.body.data.id);
    const file = await h.app.inject({ method: 'GET', url: done.url, headers: { authorization: `Bearer ${org.token}` } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Name');
    const names = [sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value];
    expect(names).toContain(`'=HYPERLINK("http://evil.test","x") Bob;=1+1`);
    expect(names).toContain('أمل حداد');
    expect(sheet.getRow(2).getCell(1).formula).toBeUndefined();
  });

  it('answers a small PDF as data (rule 288) and refuses a bad query with field messages', async () => {
    const org = await createOrg(h);
    const r = await org2(org);
    const pdf = await r.a.post('/api/export', { report: 'visit_summary', format: 'pdf', params: { start: '2026-03-01', end: '2026-03-03' } });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(pdf.body.data.file, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.body.data).toMatchObject({ status: 'ready', content_type: 'application/pdf' });
    const bad = await r.a.post('/api/export', { report: 'visit_summary', format: 'csv', params: { start: '2026-03-05', end: '2026-03-01' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.end).toEqual(['The end cannot be before the start.']);
    expect((await r.a.post('/api/export', { report: 'everything', format: 'csv' })).status).toBe(400);
    expect((await r.a.post('/api/export', { report: 'visit_summary', format: 'docx', params: {} })).status).toBe(400);
    const other = await createOrg(h);
    const o = await reportsOrg(h, other);
    expect((await r.a.post('/api/export', { report: 'visit_summary', format: 'csv', params: { start: '2026-03-01', end: '2026-03-02', site_id: o.london.id } })).status).toBe(404);
    expect((await api(h.app).post('/api/export', { report: 'logbook', format: 'csv' })).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).post('/api/export', { report: 'logbook', format: 'csv' })).status).toBe(403);
    // The report's own permission: an employee (dashboard only) may export the logbook, not the timesheet.
    const employee = await createMember(h, org, 'employee');
    expect((await api(h.app, employee.token).post('/api/export', { report: 'timesheet', format: 'csv', params: { start: '2026-03-01', end: '2026-03-02' } })).status).toBe(403);
  });

  it('expires: the file is deleted, the download answers 410, and it can be built again', async () => {
    const org = await createOrg(h);
    const r = await org2(org);
    const asked = await r.a.post('/api/export', { report: 'logbook', format: 'csv', params: {} });
    const done = await ready(r.a, asked.body.data.id);
    const [row] = await r.f.run((tx) => tx.update(reportExports).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(reportExports.id, done.id)).returning());
    expect(await h.services.storage.exists(row.fileKey!)).toBe(true);
    expect(await expireExports(h.services)).toBeGreaterThanOrEqual(1);
    expect(await h.services.storage.exists(row.fileKey!)).toBe(false);
    const gone = await h.app.inject({ method: 'GET', url: done.url, headers: { authorization: `Bearer ${org.token}` } });
    expect(gone.statusCode).toBe(410);
    expect((await r.a.get(`/api/export_job?id=${done.id}`)).body.data[0]).toMatchObject({ status: 'expired', url: null });
    const again = await r.a.post('/api/export_job', { entity_id: org.entityId, id: done.id });
    expect(again.status).toBe(202);
    await ready(r.a, done.id);
    expect((await r.a.post('/api/export_job', { entity_id: org.entityId, id: done.id })).status).toBe(409);
  });

  it('is downloadable only in its organisation, with the permission, by its requester or a member reaching everything', async () => {
    const org = await createOrg(h);
    const r = await org2(org);
    const asked = await r.a.post('/api/export', { report: 'logbook', format: 'csv', params: {} });
    const done = await ready(r.a, asked.body.data.id);
    const other = await createOrg(h);
    const get = (token?: string) => h.app.inject({ method: 'GET', url: done.url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await get(other.token)).statusCode).toBe(404);
    expect((await get()).statusCode).toBe(401);
    expect((await get((await createPowerless(h, org)).token)).statusCode).toBe(403);
    const limited = await createMember(h, org, 'employee_reporting');
    await r.f.run(async (tx) => {
      await tx.update(users).set({ allSites: false }).where(eq(users.id, limited.userId));
      await tx.insert(userSites).values({ entityId: org.entityId, userId: limited.userId, siteId: r.la.id });
    });
    expect((await get(limited.token)).statusCode).toBe(403);
    expect((await api(h.app, other.token).get(`/api/export_list/${org.entityId}`)).status).toBe(404);
    expect((await api(h.app, other.token).post('/api/export_job', { entity_id: other.entityId, id: done.id })).status).toBe(404);
    expect((await api(h.app, other.token).get(`/api/export_job?id=${done.id}`)).status).toBe(404);
  });
});

describe('scheduled reports', () => {
  it('runs at the site’s local hour and covers the period just ended', () => {
    // 07:00 in London on Monday 6 April 2026 (BST, UTC+1) is 06:00Z.
    expect(nextRunAt('weekly', 7, 'Europe/London', new Date('2026-04-02T12:00:00Z')).toISOString()).toBe('2026-04-06T06:00:00.000Z');
    expect(nextRunAt('daily', 7, 'America/Los_Angeles', new Date('2026-04-02T12:00:00Z')).toISOString()).toBe('2026-04-02T14:00:00.000Z');
    expect(nextRunAt('monthly', 0, 'UTC', new Date('2026-04-02T12:00:00Z')).toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(periodOf('weekly', '2026-04-06')).toEqual({ start: '2026-03-30', end: '2026-04-05' });
    expect(periodOf('monthly', '2026-03-01')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
  });

  it('mails the report to the subscribed people when due, once', async () => {
    const org = await createOrg(h);
    const r = await org2(org);
    const colleague = await createMember(h, org, 'employee_reporting');
    const sub = await r.a.post('/api/report_subscription', { report: 'visit_summary', format: 'csv', frequency: 'daily', site_id: r.london.id, hour: 7, recipient_ids: [colleague.userId] });
    expect(sub.status).toBe(201);
    expect((await r.a.post('/api/report_subscription', { report: 'visit_summary', format: 'csv', frequency: 'hourly', site_id: r.london.id, recipient_ids: [colleague.userId] })).status).toBe(400);
    const stranger = await reportsOrg(h, await createOrg(h));
    expect((await r.a.post('/api/report_subscription', { report: 'visit_summary', format: 'csv', frequency: 'daily', site_id: stranger.london.id, recipient_ids: [colleague.userId] })).status).toBe(404);
    await r.f.run((tx) => tx.update(reportSubscriptions).set({ nextRunAt: new Date('2026-03-03T07:00:00Z') }).where(eq(reportSubscriptions.id, sub.body.data.id)));
    expect(await sendDueReports(h.services, new Date('2026-03-03T07:01:00Z'))).toBe(1);
    expect(await sendDueReports(h.services, new Date('2026-03-03T07:02:00Z'))).toBe(0);
    const mails = await until(async () => mailTo(h, colleague.email), (m) => m.length > 0);
    expect(mails[0].subject).toBe('Scheduled report: Visit summary');
    const list = await r.a.get(`/api/report_subscriptions/${org.entityId}`);
    expect(list.body.data[0]).toMatchObject({ frequency: 'daily', recipients: [{ id: colleague.userId }] });
    // The next run is the next day at 07:00 in London (GMT in March).
    expect(list.body.data[0].next_run_at).toBe('2026-03-04T07:00:00.000Z');
    const powerless = api(h.app, (await createPowerless(h, org)).token);
    expect((await powerless.get(`/api/report_subscriptions/${org.entityId}`)).status).toBe(403);
    expect((await powerless.del(`/api/report_subscription/${sub.body.data.id}`)).status).toBe(403);
    expect((await api(h.app).get(`/api/report_subscriptions/${org.entityId}`)).status).toBe(401);
    expect((await r.a.del(`/api/report_subscription/${sub.body.data.id}`)).status).toBe(200);
    expect((await r.a.del(`/api/report_subscription/${sub.body.data.id}`)).status).toBe(404);
  });
});
