import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg } from '../../../test/factories';
import { fixtures } from '../journeys/test-fixtures';
import { sendDueComplianceLinks } from './send-due-links';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const MIN = 60_000;

it('rules 199-200: the link goes out within the send-before-visit lead, then reminders every interval until passed', async () => {
  const org = await createOrg(h);
  const f = fixtures(h, org);
  const c = api(h.app, org.token);
  const compliance = await f.compliance();
  const site = await f.site();
  const visitor = await f.userType();
  const journey = (await c.post('/api/journey', { name: 'Reception', site_ids: [site.id] })).body.data;
  await c.post(`/api/journey_flow/${journey.id}`, { name: 'Visitors', user_type_id: visitor.id, compliance_id: compliance.id, send_before_visit: 60, reminder_interval: 30 });
  const flow = (await c.get(`/api/journey_flows/${org.entityId}`)).body.data[0];
  const person = await f.person('Ada', 'Lovelace', visitor.id, 'ada.due@example.test');
  const t0 = new Date(Date.now() + 24 * 60 * MIN);
  const visit = await f.visit({ userId: person.id, journeyFlowId: flow.id, expectedAt: new Date(t0.getTime() + 120 * MIN) });
  const links = async () => (await h.services.database.sql.query<{ n: number }>('select count(*)::int as n from compliance_links where visit_id = $1', [visit.id])).rows[0].n;
  expect(await sendDueComplianceLinks(h.services, t0)).toBe(0); // two hours before: outside the 60-minute lead
  expect(await sendDueComplianceLinks(h.services, new Date(t0.getTime() + 61 * MIN))).toBe(1);
  expect(await sendDueComplianceLinks(h.services, new Date(t0.getTime() + 70 * MIN))).toBe(0); // reminder not yet due
  expect(await sendDueComplianceLinks(h.services, new Date(t0.getTime() + 91 * MIN))).toBe(1); // 30 minutes later
  expect(await links()).toBe(2);
  await h.services.database.sql.query(
    "insert into compliance_users (entity_id, user_id, compliance_id, compliance_version_id, visit_id, answers, is_wrong, status) select $1, $2, $3, id, $4, '[]', false, 'success' from compliance_versions where compliance_id = $3",
    [org.entityId, person.id, compliance.id, visit.id],
  );
  expect(await sendDueComplianceLinks(h.services, new Date(t0.getTime() + 119 * MIN))).toBe(0); // passed: no more reminders
});
