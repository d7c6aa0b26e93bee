import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg, createPowerless, type Org } from '../../../test/factories';
import { fixtures } from './test-fixtures';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

async function count(org: Org, table: string) {
  const r = await h.services.database.sql.query<{ n: number }>(`select count(*)::int as n from ${table} where entity_id = $1`, [org.entityId]);
  return r.rows[0].n;
}

async function setup() {
  const org = await createOrg(h);
  const f = fixtures(h, org);
  const site = await f.site('Northfield main');
  const visitor = await f.userType('Visitor');
  const staff = await f.userType('Staff');
  const compliance = await f.compliance();
  const j = await api(h.app, org.token).post('/api/journey', { name: 'School reception', site_ids: [site.id], temperature_check: 1, temperature_threshold: 37.5 });
  const journey = j.body.data;
  const flow = await api(h.app, org.token).post(`/api/journey_flow/${journey.id}`, {
    name: 'Visitors', user_type_id: visitor.id, input_method: 'qr', compliance_id: compliance.id, compliance_frequency: 'daily', send_before_visit: 60, reminder_interval: 30,
    host: 1, allow_no_host: 0, host_user_type_ids: [staff.id], notification_emails: 'office@northfield.test,head@northfield.test', print_badge: 1, mask_check: 1,
  });
  expect(flow.status).toBe(201);
  return { org, f, site, visitor, staff, compliance, journey, flow: flow.body.data };
}

const flowBody = (userTypeId: number, extra: Record<string, unknown> = {}) => ({ name: 'Contractors', user_type_id: userTypeId, ...extra });

describe('flows: the five cases', () => {
  it('answers 401 without a token', async () => {
    const body = flowBody(1, { journey_id: 1, journey_flow_id: 1 });
    const calls: [string, string][] = [
      ['POST', '/api/journey_flow/1'], ['PUT', '/api/journey_flow/1'], ['GET', '/api/journey_flow/1'], ['DELETE', '/api/journey_flow/1'], ['GET', '/api/journey_flows/1'],
      ['POST', '/api/journey_and_journey_flow'], ['GET', '/api/journey_and_journey_flow/1'], ['GET', '/api/get_journey_and_journey_flow/1'],
      ['PUT', '/api/update_journey_and_journey_flow/1'], ['DELETE', '/api/delete_journey_and_journey_flow/1'], ['POST', '/api/validate-update-journey-flow'],
      ['GET', '/api/journey_flow_builder/1'], ['GET', '/api/hosts/1?journey_flow_id=1'], ['GET', '/api/hosts/1/1'], ['GET', '/api/get_setting_from_flow?journeyId=1&userTypeId=1'],
      ['GET', '/api/flow-settings?journey_flow_id=1'], ['GET', '/api/flow_settings_by_user_type?user_type_id=1'], ['GET', '/api/sites_userTypes_flow'],
      ['GET', '/api/journey_flow_details/1'], ['GET', '/api/get_user_type_related_to_journey/1'], ['GET', '/api/check_journey_have_input/1'],
      ['GET', '/api/journey_flow_and_check_user_type_by_joruney/1'],
    ];
    for (const [method, url] of calls) expect((await api(h.app).raw(method, url, method === 'GET' || method === 'DELETE' ? undefined : body)).status, url).toBe(401);
  });

  it('answers 403 without the permission, and changes nothing', async () => {
    const s = await setup();
    const p = api(h.app, (await createPowerless(h, s.org)).token);
    const j = s.journey.id;
    const fl = s.flow.id;
    const gets = [
      `/api/journey_flow/${fl}`, `/api/journey_flows/${s.org.entityId}`, `/api/journey_and_journey_flow/${s.org.entityId}`, `/api/get_journey_and_journey_flow/${j}`,
      `/api/journey_flow_builder/${j}`, `/api/hosts/${j}?journey_flow_id=${fl}`, `/api/hosts/${j}/${s.visitor.id}`, `/api/get_setting_from_flow?journeyId=${j}&userTypeId=${s.visitor.id}`,
      `/api/flow-settings?journey_flow_id=${fl}`, `/api/flow_settings_by_user_type?user_type_id=${s.visitor.id}`, '/api/sites_userTypes_flow', `/api/journey_flow_details/${fl}`,
      `/api/get_user_type_related_to_journey/${j}`, `/api/check_journey_have_input/${j}`, `/api/journey_flow_and_check_user_type_by_joruney/${j}`,
    ];
    for (const url of gets) expect((await p.get(url)).status, url).toBe(403);
    expect((await p.post(`/api/journey_flow/${j}`, flowBody(s.staff.id))).status).toBe(403);
    expect((await p.post('/api/journey_and_journey_flow', flowBody(s.staff.id, { journey_id: j }))).status).toBe(403);
    expect((await p.put(`/api/journey_flow/${fl}`, flowBody(s.staff.id))).status).toBe(403);
    expect((await p.put(`/api/update_journey_and_journey_flow/${fl}`, flowBody(s.staff.id))).status).toBe(403);
    expect((await p.post('/api/validate-update-journey-flow', { journey_flow_id: fl })).status).toBe(403);
    expect((await p.del(`/api/journey_flow/${fl}`)).status).toBe(403);
    expect((await p.del(`/api/delete_journey_and_journey_flow/${fl}`)).status).toBe(403);
    expect(await count(s.org, 'journey_flows')).toBe(1);
  });

  it("answers 404 for another organisation's journeys and flows, and refuses its user types and entry conditions (nothing changes)", async () => {
    const a = await setup();
    const b = await setup();
    const c = api(h.app, a.org.token);
    const j = b.journey.id;
    const fl = b.flow.id;
    const gets = [
      `/api/journey_flow/${fl}`, `/api/journey_flows/${b.org.entityId}`, `/api/journey_and_journey_flow/${b.org.entityId}`, `/api/get_journey_and_journey_flow/${j}`,
      `/api/journey_flow_builder/${j}`, `/api/hosts/${j}?journey_flow_id=${fl}`, `/api/hosts/${j}/${b.visitor.id}`, `/api/get_setting_from_flow?journeyId=${j}&userTypeId=${b.visitor.id}`,
      `/api/flow-settings?journey_flow_id=${fl}`, `/api/flow_settings_by_user_type?user_type_id=${b.visitor.id}`, `/api/sites_userTypes_flow?site_ids=${b.site.id}`,
      `/api/journey_flow_details/${fl}`, `/api/get_user_type_related_to_journey/${j}`, `/api/check_journey_have_input/${j}`, `/api/journey_flow_and_check_user_type_by_joruney/${j}`,
      `/api/get_setting_from_flow?journeyId=${a.journey.id}&userTypeId=${a.visitor.id}&userId=${b.org.userId}`,
    ];
    for (const url of gets) expect((await c.get(url)).status, url).toBe(404);
    expect((await c.post(`/api/journey_flow/${j}`, flowBody(a.staff.id))).status).toBe(404);
    expect((await c.put(`/api/journey_flow/${fl}`, flowBody(a.staff.id))).status).toBe(404);
    expect((await c.put(`/api/update_journey_and_journey_flow/${fl}`, flowBody(a.staff.id))).status).toBe(404);
    expect((await c.post('/api/validate-update-journey-flow', { journey_flow_id: fl })).status).toBe(404);
    expect((await c.del(`/api/journey_flow/${fl}`)).status).toBe(404);
    expect((await c.del(`/api/delete_journey_and_journey_flow/${fl}`)).status).toBe(404);
    const foreignType = await c.post(`/api/journey_flow/${a.journey.id}`, flowBody(b.staff.id));
    expect(foreignType.status).toBe(400);
    expect(foreignType.body.errors.user_type_id).toEqual(['This user type does not exist in your organisation.']);
    const foreignCompliance = await c.put(`/api/journey_flow/${a.flow.id}`, flowBody(a.visitor.id, { compliance_id: b.compliance.id }));
    expect(foreignCompliance.status).toBe(400);
    expect(foreignCompliance.body.errors.compliance_id).toBeDefined();
    const foreignHosts = await c.post(`/api/journey_flow/${a.journey.id}`, flowBody(a.staff.id, { host_user_type_ids: [b.staff.id] }));
    expect(foreignHosts.status).toBe(400);
    expect(await count(a.org, 'journey_flows')).toBe(1);
    expect(await count(b.org, 'journey_flows')).toBe(1);
    expect((await c.get(`/api/journey_flow/${a.flow.id}`)).body.data.compliance_id).toBe(a.compliance.id);
  });

  it('rules 199, 200, 213 and 198: refuses a lead under 5 minutes, reminders under 30, spaced e-mail lists and unknown frequencies', async () => {
    const s = await setup();
    const c = api(h.app, s.org.token);
    const res = await c.post(`/api/journey_flow/${s.journey.id}`, flowBody(s.staff.id, { send_before_visit: 4, reminder_interval: 29, notification_emails: 'a@b.test, c@d.test', compliance_frequency: 'hourly' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.send_before_visit).toEqual(['Compliance cannot be sent sooner than 5 minutes before the visit.']);
    expect(res.body.errors.reminder_interval).toEqual(['The reminder interval must be at least 30 minutes.']);
    expect(res.body.errors.notification_emails).toEqual(['Enter e-mail addresses separated by commas, without spaces.']);
    expect(res.body.errors.compliance_frequency).toBeDefined();
    expect(await count(s.org, 'journey_flows')).toBe(1);
    const ok = await c.post(`/api/journey_flow/${s.journey.id}`, flowBody(s.staff.id, { send_before_visit: 5, reminder_interval: 30, notification_emails: 'a@b.test,c@d.test', compliance_frequency: 'valid till expiry' }));
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ send_before_visit: 5, reminder_interval: 30, compliance_frequency: 'valid till expiry' });
    for (const frequency of ['everytime', 'weekly', 'monthly', 'one-off']) {
      expect((await c.put(`/api/journey_flow/${ok.body.data.id}`, flowBody(s.staff.id, { compliance_frequency: frequency }))).body.data.compliance_frequency).toBe(frequency);
    }
  });
});

describe('flows: behaviour', () => {
  it('creates, reads, lists, updates and deletes flows through both families of calls', async () => {
    const s = await setup();
    const c = api(h.app, s.org.token);
    expect(s.flow).toMatchObject({ name: 'Visitors', journey_id: s.journey.id, user_type_name: 'Visitor', compliance_name: 'Health questionnaire', host: 1, allow_no_host: 0, host_user_type_ids: [s.staff.id], print_badge: 1 });
    const made = await c.post('/api/journey_and_journey_flow', flowBody(s.staff.id, { journey_id: s.journey.id, name: 'Staff' }));
    expect(made.status).toBe(201);
    expect(made.body.message).toBe('Journey Flow Created');
    expect(made.body.data.flows.map((f: { name: string }) => f.name)).toEqual(['Visitors', 'Staff']);
    expect((await c.get(`/api/journey_flows/${s.org.entityId}?filterBy=Staff`)).body.count).toBe(1);
    expect((await c.get(`/api/journey_and_journey_flow/${s.org.entityId}`)).body.count).toBe(2);
    expect((await c.get(`/api/get_journey_and_journey_flow/${s.journey.id}`)).body.data.flows).toHaveLength(2);
    const staffFlow = made.body.data.flows[1].id;
    const upd = await c.put(`/api/update_journey_and_journey_flow/${staffFlow}`, flowBody(s.staff.id, { name: 'Teaching staff', feedback: 1 }));
    expect(upd.body.message).toBe('Journey Flow Updated');
    expect(upd.body.data.flows[1]).toMatchObject({ name: 'Teaching staff', feedback: 1 });
    const dup = await c.post(`/api/journey_flow/${s.journey.id}`, flowBody(s.staff.id));
    expect(dup.status).toBe(409);
    expect((await c.del(`/api/delete_journey_and_journey_flow/${staffFlow}`)).body.message).toBe('Journey Flow Deleted');
    expect((await c.del(`/api/journey_flow/${s.flow.id}`)).body.message).toBe('Journey Flow Deleted');
    expect(await count(s.org, 'journey_flows')).toBe(0);
  });

  it("rule 192: only one user type with registration 'not_required' per journey, read from user_types.registration_method", async () => {
    const s = await setup();
    const walkIn = await s.f.userType('Walk-in', 'not_required');
    const parcel = await s.f.userType('Delivery', 'not_required');
    const c = api(h.app, s.org.token);
    const before = await c.get(`/api/journey_flow_and_check_user_type_by_joruney/${s.journey.id}`);
    expect(before.body.data.not_required_taken).toBe(0);
    expect(before.body.data.available_user_types.find((u: { id: number }) => u.id === walkIn.id).registration_method).toBe('not_required');
    const first = await c.post(`/api/journey_flow/${s.journey.id}`, flowBody(walkIn.id));
    expect(first.status).toBe(201);
    const second = await c.post(`/api/journey_flow/${s.journey.id}`, flowBody(parcel.id, { name: 'Deliveries' }));
    expect(second.status).toBe(400);
    expect(second.body.errors.user_type_id).toEqual(["A journey can have only one user type with 'registration not required'."]);
    // Moving another flow onto a second such type is refused too; the flow that holds the type may keep it.
    const moved = await c.put(`/api/journey_flow/${s.flow.id}`, flowBody(parcel.id, { name: 'Visitors' }));
    expect(moved.status).toBe(400);
    expect((await c.put(`/api/journey_flow/${first.body.data.id}`, flowBody(walkIn.id, { name: 'Walk-ins' }))).status).toBe(200);
    expect((await c.get(`/api/journey_flow_and_check_user_type_by_joruney/${s.journey.id}`)).body.data.not_required_taken).toBe(1);
    expect((await c.get(`/api/journey_flow_and_check_user_type_by_joruney/${s.journey.id}?journey_flow_id=${first.body.data.id}`)).body.data.not_required_taken).toBe(0);
    // Another journey may have its own.
    const other = (await c.post('/api/journey', { name: 'Deliveries gate' })).body.data;
    expect((await c.post(`/api/journey_flow/${other.id}`, flowBody(parcel.id, { name: 'Deliveries' }))).status).toBe(201);
    expect(await count(s.org, 'journey_flows')).toBe(3);
    expect((await c.get(`/api/journey_flow/${s.flow.id}`)).body.data.user_type_id).toBe(s.visitor.id);
  });

  it("refuses sections of another organisation (or unknown) on a flow, and stores its own", async () => {
    const a = await setup();
    const b = await setup();
    const c = api(h.app, a.org.token);
    const mine = await a.f.section('Vehicle details');
    const theirs = await b.f.section('Vehicle details');
    const refused = await c.put(`/api/journey_flow/${a.flow.id}`, flowBody(a.visitor.id, { section_ids: [mine.id, theirs.id] }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors.section_ids).toEqual(['This section does not exist in your organisation.']);
    expect((await c.get(`/api/journey_flow/${a.flow.id}`)).body.data.section_ids).toEqual([]);
    const ok = await c.put(`/api/journey_flow/${a.flow.id}`, flowBody(a.visitor.id, { section_ids: [mine.id] }));
    expect(ok.body.data.section_ids).toEqual([mine.id]);
  });

  it('rule 154: validate-update-journey-flow counts the signed-in people a change strands; the update refuses, or auto-closes their visits', async () => {
    const s = await setup();
    const c = api(h.app, s.org.token);
    const ada = await s.f.person('Ada', 'Lovelace', s.visitor.id);
    const open = await s.f.visit({ userId: ada.id, journeyFlowId: s.flow.id, status: 'signed_in' });
    const check = await c.post('/api/validate-update-journey-flow', { journey_flow_id: s.flow.id, user_type_id: s.staff.id });
    expect(check.body.data).toMatchObject({ signed_in_count: 1, users: [{ id: ada.id, full_name: 'Ada Lovelace' }], will_close: 1 });
    expect((await c.post('/api/validate-update-journey-flow', { journey_flow_id: s.flow.id, name: 'Renamed' })).body.data.signed_in_count).toBe(0);
    const refused = await c.put(`/api/journey_flow/${s.flow.id}`, flowBody(s.staff.id));
    expect(refused.status).toBe(409);
    expect(refused.body.data.signed_in_count).toBe(1);
    expect((await s.f.visitRow(open.id)).status).toBe('signed_in');
    const done = await c.put(`/api/journey_flow/${s.flow.id}`, flowBody(s.staff.id, { auto_close_visits: 1 }));
    expect(done.status).toBe(200);
    expect(done.body.closed_visits).toBe(1);
    expect((await s.f.visitRow(open.id)).status).toBe('auto_closed');
  });

  it('builder, hosts (rule 203), settings and lookups answer what a visitor will meet', async () => {
    const s = await setup();
    const c = api(h.app, s.org.token);
    const host = await s.f.person('Grace', 'Hopper', s.staff.id, 'grace@northfield.test');
    await s.f.person('Visiting', 'Parent', s.visitor.id);
    const builder = await c.get(`/api/journey_flow_builder/${s.journey.id}`);
    const steps = builder.body.data.flows[0].steps;
    expect(steps.map((x: { key: string }) => x.key)).toEqual(['instruction_screen', 'user_type', 'input_method', 'checks', 'compliance', 'section', 'host', 'feedback', 'output', 'notification']);
    expect(steps.find((x: { key: string }) => x.key === 'checks')).toMatchObject({ enabled: 1, detail: 'temperature,mask' });
    expect(steps.find((x: { key: string }) => x.key === 'compliance').detail).toBe('Health questionnaire (daily)');
    const hosts = await c.get(`/api/hosts/${s.journey.id}?journey_flow_id=${s.flow.id}`);
    expect(hosts.body).toEqual({ hosts: [{ id: host.id, full_name: 'Grace Hopper', email: 'grace@northfield.test', user_type_id: s.staff.id }], note: 'Please choose a host.', allow_no_host: 0, host_required: 1 });
    expect((await c.get(`/api/hosts/${s.journey.id}/${s.visitor.id}?search=zzz`)).body.hosts).toEqual([]);
    const settings = await c.get(`/api/get_setting_from_flow?journeyId=${s.journey.id}&userTypeId=${s.visitor.id}&siteId=${s.site.id}&userId=${host.id}`);
    expect(settings.body.data).toMatchObject({ journey_flow_id: s.flow.id, checks: { temperature_check: 1, temperature_threshold: 37.5, mask_check: 1, host: 1 }, compliance: { id: s.compliance.id, frequency: 'daily', required: 1 }, notification_emails: ['office@northfield.test', 'head@northfield.test'] });
    expect((await c.get(`/api/flow-settings?journey_flow_id=${s.flow.id}`)).body.data.outputs.print_badge).toBe(1);
    expect((await c.get(`/api/flow_settings_by_user_type?user_type_id=${s.visitor.id}&site_id=${s.site.id}`)).body.count).toBe(1);
    expect((await c.get('/api/sites_userTypes_flow')).body.data).toEqual([{ site_id: s.site.id, site_name: 'Northfield main', user_types: [{ id: s.visitor.id, name: 'Visitor', journey_id: s.journey.id, journey_flow_id: s.flow.id }] }]);
    expect((await c.get(`/api/journey_flow_details/${s.flow.id}`)).body.data.journey.id).toBe(s.journey.id);
    expect((await c.get(`/api/get_user_type_related_to_journey/${s.journey.id}`)).body.data).toEqual([{ id: s.visitor.id, name: 'Visitor', journey_flow_id: s.flow.id }]);
    expect((await c.get(`/api/check_journey_have_input/${s.journey.id}`)).body.data).toEqual({ has_input: 1, input_methods: ['qr'] });
    const free = await c.get(`/api/journey_flow_and_check_user_type_by_joruney/${s.journey.id}`);
    expect(free.body.data.available_user_types.map((u: { name: string }) => u.name)).toEqual(['Staff']);
    const own = await c.get(`/api/journey_flow_and_check_user_type_by_joruney/${s.journey.id}?journey_flow_id=${s.flow.id}`);
    expect(own.body.data.available_user_types).toHaveLength(2);
    expect((await c.get(`/api/journeys/remote/${s.site.id}`)).body.count).toBe(0);
    await c.put(`/api/journey_flow/${s.flow.id}`, { ...s.flow, input_method: 'remote', notification_emails: null, compliance_id: s.compliance.id });
    expect((await c.get(`/api/journeys/remote/${s.site.id}`)).body.count).toBe(1);
  });
});
