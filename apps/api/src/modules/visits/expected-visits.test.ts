import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { journeyFlows, userUserTypes, users, visits } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createMember, createOrg, createPowerless, type Org } from '../../../test/factories';
import { countVisits, createPlace, dayAhead, type Place, visitRow } from './test-fixtures';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const body = (org: Org, p: Place, extra: Record<string, unknown> = {}) => ({
  entity_id: org.entityId,
  site_id: p.site.id,
  area_id: p.area.id,
  user_type_id: p.visitor.id,
  host: p.host.id,
  visit_date: dayAhead(),
  visit_time: '09:00:00',
  visitors: [
    { first_name: 'Olga', last_name: 'Ortiz', email: `olga${Math.random().toString(36).slice(2, 7)}@example.test`, lang: 'es' },
    { first_name: 'Omar', last_name: 'Odeh', phone: String(Math.floor(Math.random() * 1e9)), lang: 'ar' },
  ],
  ...extra,
});
async function expectVisitors(org: Org, p: Place, extra: Record<string, unknown> = {}) {
  const res = await api(h.app, org.token).post('/api/expected-visit', body(org, p, extra));
  expect(res.status).toBe(201);
  return res.body.data as { id: number; user_id: number }[];
}
/** A visit awaiting approval (public registration with the contractor type, which needs approval). */
async function pendingVisit(org: Org, p: Place) {
  const [v] = await expectVisitors(org, p);
  await withTenant(h.services.database.db, org.entityId, (tx) => tx.update(visits).set({ approvalState: 'pending', journeyStage: 'awaiting_admin_approval' }).where(eq(visits.id, v.id)));
  return v;
}

describe('expected visitors from the console', () => {
  it('adds several visitors at once, creating new people, pre-registered by admin (rule 156)', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const res = await api(h.app, org.token).post('/api/expected-visit', body(org, p));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Visit has been added successfully.');
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]).toMatchObject({ full_name: 'Olga Ortiz', registration_method: 'by_admin', approval_state: 'not_required', journey_stage: 'ready_to_sign_in', status: 'expected', host_user_id: p.host.id });
    const v = await visitRow(h, org, res.body.data[1].id);
    expect(v.lang).toBe('ar');
    expect(v.createdBy).toBe(org.userId);
  });

  it('reuses an existing person by user_id and catches their duplicate visit (rules 135-136)', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const [first] = await expectVisitors(org, p);
    const again = await api(h.app, org.token).post('/api/expected-visit-validate', body(org, p, { visitors: [{ user_id: first.user_id }] }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('error_date');
    expect(again.body.errors['visitors.0.user_id']).toEqual(['This person already has a visit to this area at that date and time.']);
    const later = await api(h.app, org.token).post('/api/expected-visit', body(org, p, { visit_time: '14:00', visitors: [{ user_id: first.user_id }] }));
    expect(later.status).toBe(201);
  });

  it('rule 171: a new visitor with an e-mail already in use is refused per visitor and nothing is created', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const before = await countVisits(h, org);
    const res = await api(h.app, org.token).post('/api/expected-visit', body(org, p, { visitors: [{ first_name: 'Hal', last_name: 'Host', email: p.host.email }] }));
    expect(res.status).toBe(409);
    expect(res.body.errors['visitors.0.email']).toEqual(['This email is already in use.']);
    expect(await countVisits(h, org)).toBe(before);
  });

  it('answers 400 with field messages on bad input (rule 139 past date too) and creates nothing', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const bad = await api(h.app, org.token).post('/api/expected-visit', body(org, p, { visit_time: '9am', visitors: [] }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['visit_time', 'visitors']);
    const past = await api(h.app, org.token).post('/api/expected-visit', body(org, p, { visit_date: dayAhead(-2) }));
    expect(past.status).toBe(400);
    expect(past.body.errors.visit_date).toEqual(['The visit date or time cannot be in the past.']);
    const noName = await api(h.app, org.token).post('/api/expected-visit', body(org, p, { visitors: [{ email: 'x@example.test' }] }));
    expect(noName.status).toBe(400);
    expect(noName.body.errors['visitors.0.first_name']).toBeDefined();
    expect(await countVisits(h, org)).toBe(0);
  });

  it('401 without a session, 403 without the permission, 404 with another organisation\'s ids', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const p = await createPlace(h, org);
    const q = await createPlace(h, other);
    expect((await api(h.app).post('/api/expected-visit', body(org, p))).status).toBe(401);
    expect((await api(h.app).post('/api/expected-visit-validate', body(org, p))).status).toBe(401);
    expect((await api(h.app, org.token).post('/api/expected-visit-validate', body(org, p, { area_id: q.area.id }))).status).toBe(404);
    expect((await api(h.app, org.token).post('/api/expected-visit-validate', body(org, p, { visit_time: 'noon' }))).status).toBe(400);
    expect((await api(h.app, org.token).post('/api/expected-visit-validate', body(org, p))).status).toBe(200);
    const powerless = await createPowerless(h, org);
    expect((await api(h.app, powerless.token).post('/api/expected-visit', body(org, p))).status).toBe(403);
    expect((await api(h.app, powerless.token).post('/api/expected-visit-validate', body(org, p))).status).toBe(403);
    expect((await api(h.app, org.token).post('/api/expected-visit', body(org, p, { entity_id: other.entityId }))).status).toBe(404);
    expect((await api(h.app, org.token).post('/api/expected-visit', body(org, p, { area_id: q.area.id }))).status).toBe(404);
    expect((await api(h.app, org.token).post('/api/expected-visit', body(org, p, { user_type_id: q.visitor.id }))).status).toBe(404);
    const [theirs] = await expectVisitors(other, q);
    expect((await api(h.app, org.token).post('/api/expected-visit', body(org, p, { visitors: [{ user_id: theirs.user_id }] }))).status).toBe(404);
    expect((await api(h.app, org.token).post('/api/expected-visit', body(org, p, { host: q.host.id }))).status).toBe(400);
    expect(await countVisits(h, org)).toBe(0);
  });

  it('rule 100: a member without access to the visit\'s user type is blocked with an explanation', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const member = await createMember(h, org, 'employee');
    await withTenant(h.services.database.db, org.entityId, async (tx) => {
      await tx.update(users).set({ allUserTypes: false }).where(eq(users.id, member.userId));
      await tx.insert(userUserTypes).values({ entityId: org.entityId, userId: member.userId, userTypeId: p.contractor.id });
    });
    const res = await api(h.app, member.token).post('/api/expected-visit', body(org, p));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This visit is for a user type you do not have access to.');
    const ok = await api(h.app, member.token).post('/api/expected-visit', body(org, p, { user_type_id: p.contractor.id }));
    expect(ok.status).toBe(201);
  });
});

describe('edit and delete expected visits', () => {
  it('edits date, time and host; refuses a past time and a foreign visit; deletes', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const p = await createPlace(h, org);
    const q = await createPlace(h, other);
    const [v] = await expectVisitors(org, p);
    const [theirs] = await expectVisitors(other, q);
    const edit = await api(h.app, org.token).put('/api/edit-expected-visit', { entity_id: org.entityId, visit_id: v.id, visit_date: dayAhead(3), visit_time: '11:45' });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({ visit_date: dayAhead(3), visit_time: '11:45:00' });
    const past = await api(h.app, org.token).put('/api/edit-expected-visit', { entity_id: org.entityId, visit_id: v.id, visit_date: dayAhead(-3) });
    expect(past.status).toBe(400);
    expect((await visitRow(h, org, v.id)).visitDate).toBe(dayAhead(3));
    expect((await api(h.app, org.token).put('/api/edit-expected-visit', { entity_id: org.entityId, visit_id: theirs.id, visit_time: '10:00' })).status).toBe(404);
    expect((await api(h.app).put('/api/edit-expected-visit', { entity_id: org.entityId, visit_id: v.id })).status).toBe(401);
    const powerless = await createPowerless(h, org);
    expect((await api(h.app, powerless.token).put('/api/edit-expected-visit', { entity_id: org.entityId, visit_id: v.id })).status).toBe(403);
    expect((await api(h.app, powerless.token).del(`/api/delete-expected-visit?entity_id=${org.entityId}&visit_id=${v.id}`)).status).toBe(403);
    expect((await api(h.app, org.token).del(`/api/delete-expected-visit?entity_id=${org.entityId}&visit_id=${theirs.id}`)).status).toBe(404);
    expect((await api(h.app, org.token).del(`/api/delete-expected-visit?entity_id=${org.entityId}&visit_id=abc`)).status).toBe(400);
    expect((await api(h.app).del(`/api/delete-expected-visit?entity_id=${org.entityId}&visit_id=${v.id}`)).status).toBe(401);
    const del = await api(h.app, org.token).del(`/api/delete-expected-visit?entity_id=${org.entityId}&visit_id=${v.id}`);
    expect(del.status).toBe(200);
    expect((await visitRow(h, org, v.id)).status).toBe('deleted');
    expect((await api(h.app, org.token).del(`/api/delete-expected-visit?entity_id=${org.entityId}&visit_id=${v.id}`)).status).toBe(404);
  });
});

describe('approval (rule 155)', () => {
  it('approve, reject, approve-rejected and reject-approved are each valid from one state only', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const v = await pendingVisit(org, p);
    const call = (url: string) => api(h.app, org.token).post(url, { entity_id: org.entityId, visit_id: v.id });
    expect((await call('/api/approve-rejected-visit')).status).toBe(409);
    expect((await call('/api/reject-approved-visit')).status).toBe(409);
    const approved = await call('/api/approve-visit');
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ approval_state: 'approved', journey_stage: 'approved_by_admin' });
    expect((await call('/api/approve-visit')).status).toBe(409);
    const rejected = await call('/api/reject-approved-visit');
    expect(rejected.body.data).toMatchObject({ approval_state: 'rejected', journey_stage: 'rejected_by_admin' });
    expect((await call('/api/approve-rejected-visit')).body.data.approval_state).toBe('approved');
    const w = await pendingVisit(org, p);
    const rej = await api(h.app, org.token).post('/api/reject-visit', { entity_id: org.entityId, visit_id: w.id });
    expect(rej.body.message).toBe('Visit rejected.');
  });

  it('401, 403, 404 and 400 on the approval calls', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const p = await createPlace(h, org);
    const q = await createPlace(h, other);
    const v = await pendingVisit(org, p);
    const theirs = await pendingVisit(other, q);
    const powerless = await createPowerless(h, org);
    for (const url of ['/api/approve-visit', '/api/reject-visit', '/api/approve-rejected-visit', '/api/reject-approved-visit']) {
      expect((await api(h.app).post(url, { entity_id: org.entityId, visit_id: v.id })).status).toBe(401);
      expect((await api(h.app, powerless.token).post(url, { entity_id: org.entityId, visit_id: v.id })).status).toBe(403);
      expect((await api(h.app, org.token).post(url, { entity_id: org.entityId, visit_id: theirs.id })).status).toBe(404);
      expect((await api(h.app, org.token).post(url, { entity_id: org.entityId })).status).toBe(400);
    }
    expect((await visitRow(h, org, v.id)).approvalState).toBe('pending');
    expect((await visitRow(h, other, theirs.id)).approvalState).toBe('pending');
  });
});

describe('notes, hosts, user_visiting and the summary', () => {
  it('rule 211: admin notes need at least 20 characters', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const p = await createPlace(h, org);
    const q = await createPlace(h, other);
    const [v] = await expectVisitors(org, p);
    const [theirs] = await expectVisitors(other, q);
    const short = await api(h.app, org.token).put('/api/visits/notes', { entity_id: org.entityId, visit_id: v.id, notes: 'too short' });
    expect(short.status).toBe(400);
    expect(short.body.errors.notes).toEqual(['Notes must be at least 20 characters.']);
    expect((await visitRow(h, org, v.id)).adminNotes).toBeNull();
    const ok = await api(h.app, org.token).put('/api/visits/notes', { entity_id: org.entityId, visit_id: v.id, notes: 'Arrives with a delivery van, gate B.' });
    expect(ok.body.data.admin_notes).toBe('Arrives with a delivery van, gate B.');
    expect((await api(h.app, org.token).put('/api/visits/notes', { entity_id: org.entityId, visit_id: theirs.id, notes: 'x'.repeat(25) })).status).toBe(404);
    expect((await api(h.app).put('/api/visits/notes', { entity_id: org.entityId, visit_id: v.id, notes: 'x'.repeat(25) })).status).toBe(401);
    const powerless = await createPowerless(h, org);
    expect((await api(h.app, powerless.token).put('/api/visits/notes', { entity_id: org.entityId, visit_id: v.id, notes: 'x'.repeat(25) })).status).toBe(403);
  });

  it('host/search finds console users of the organisation only', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const p = await createPlace(h, org);
    await createPlace(h, other);
    const res = await api(h.app, org.token).post('/api/host/search', { entity_id: org.entityId, search: 'hostw' });
    expect(res.body.data).toEqual([{ id: p.host.id, full_name: 'Helen Hostwell', email: p.host.email }]);
    expect((await api(h.app, org.token).post('/api/host/search', { entity_id: other.entityId, search: 'hostw' })).status).toBe(404);
    expect((await api(h.app, org.token).post('/api/host/search', { entity_id: org.entityId })).status).toBe(400);
    expect((await api(h.app).post('/api/host/search', { entity_id: org.entityId, search: 'h' })).status).toBe(401);
    const powerless = await createPowerless(h, org);
    expect((await api(h.app, powerless.token).post('/api/host/search', { entity_id: org.entityId, search: 'h' })).status).toBe(403);
  });

  it('user_visiting tells whether a person is on site or expected', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const p = await createPlace(h, org);
    const q = await createPlace(h, other);
    const [v] = await expectVisitors(org, p);
    const [theirs] = await expectVisitors(other, q);
    const res = await api(h.app, org.token).post('/api/user_visiting', { entity_id: org.entityId, user_id: v.user_id });
    expect(res.body.data).toMatchObject({ user_id: v.user_id, is_visiting: 0, has_expected_visit: 1 });
    expect(res.body.data.visits.map((x: { id: number }) => x.id)).toEqual([v.id]);
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.update(visits).set({ status: 'signed_in' }).where(eq(visits.id, v.id)));
    expect((await api(h.app, org.token).post('/api/user_visiting', { entity_id: org.entityId, user_id: v.user_id })).body.data.is_visiting).toBe(1);
    expect((await api(h.app, org.token).post('/api/user_visiting', { entity_id: org.entityId, user_id: theirs.user_id })).status).toBe(404);
    expect((await api(h.app, org.token).post('/api/user_visiting', { entity_id: org.entityId })).status).toBe(400);
    expect((await api(h.app).post('/api/user_visiting', { entity_id: org.entityId, user_id: v.user_id })).status).toBe(401);
    const powerless = await createPowerless(h, org);
    expect((await api(h.app, powerless.token).post('/api/user_visiting', { entity_id: org.entityId, user_id: v.user_id })).status).toBe(403);
  });

  it('summarises expected visits per day between two dates', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const p = await createPlace(h, org);
    const q = await createPlace(h, other);
    await expectVisitors(org, p);
    await pendingVisit(org, p);
    await expectVisitors(org, p, { visit_date: dayAhead(2) });
    await expectVisitors(other, q);
    const url = `/api/expected_visits_summary/${org.entityId}?start_date=${dayAhead(0)}&end_date=${dayAhead(5)}`;
    const res = await api(h.app, org.token).get(url);
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { date: string; total: number; awaiting_approval: number }) => [d.date, d.total, d.awaiting_approval])).toEqual([
      [dayAhead(1), 4, 1],
      [dayAhead(2), 2, 0],
    ]);
    expect(res.body.count).toBe(6);
    expect((await api(h.app, org.token).get(`/api/expected_visits_summary/${other.entityId}?start_date=${dayAhead(0)}&end_date=${dayAhead(5)}`)).status).toBe(404);
    expect((await api(h.app, org.token).get(`/api/expected_visits_summary/${org.entityId}?start_date=tomorrow&end_date=${dayAhead(5)}`)).status).toBe(400);
    expect((await api(h.app).get(url)).status).toBe(401);
    const powerless = await createPowerless(h, org);
    expect((await api(h.app, powerless.token).get(url)).status).toBe(403);
  });
});

describe('expected visit options', () => {
  it('lists sites with areas and user types, only those granted (rule 96); 401, 403, 404', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const p = await createPlace(h, org);
    const url = `/api/expected_visit_options/${org.entityId}`;
    const res = await api(h.app, org.token).get(url);
    expect(res.body.data.sites).toEqual([{ id: p.site.id, name: 'Northfield School', areas: [{ id: p.area.id, name: 'Reception', journey_id: p.journey.id }] }]);
    expect(res.body.data.user_types.map((u: { name: string }) => u.name)).toEqual(['Contractor', 'Staff', 'Visitor']);
    const member = await createMember(h, org, 'employee');
    await withTenant(h.services.database.db, org.entityId, async (tx) => {
      await tx.update(users).set({ allUserTypes: false, allSites: false }).where(eq(users.id, member.userId));
      await tx.insert(userUserTypes).values({ entityId: org.entityId, userId: member.userId, userTypeId: p.visitor.id });
    });
    const limited = await api(h.app, member.token).get(url);
    expect(limited.body.data).toEqual({ sites: [], user_types: [{ id: p.visitor.id, name: 'Visitor' }] });
    expect((await api(h.app).get(url)).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).get(url)).status).toBe(403);
    expect((await api(h.app, org.token).get(`/api/expected_visit_options/${other.entityId}`)).status).toBe(404);
    expect((await api(h.app, org.token).get(`/api/expected_visit_options/abc`)).status).toBe(400);
  });
});

describe("the console form's host follows the flow's host settings (rules 194, 197, 203)", () => {
  const setFlow = (org: Org, flowId: number, values: Partial<typeof journeyFlows.$inferInsert>) =>
    withTenant(h.services.database.db, org.entityId, (tx) => tx.update(journeyFlows).set(values).where(eq(journeyFlows.id, flowId)));
  const settings = (org: Org, p: Place, token = org.token) => api(h.app, token).get(`/api/hosts/settings/${p.journey.id}/${p.visitor.id}`);
  const search = (org: Org, p: Place, text: string, token = org.token) => api(h.app, token).post('/api/hosts/search', { journey_id: p.journey.id, user_type_id: p.visitor.id, search: text });

  it('answers the settings and hosts of the journey\'s flow for the user type; only to members with the users permission', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const p = await createPlace(h, org);
    const q = await createPlace(h, other);
    // The fixture's visitor flow: a host is asked and may be skipped; no host types, so the console users host.
    expect((await settings(org, p)).body.data).toEqual({ allowNotSelectHost: 1, hostUserTypesExist: 1, note: 'Choosing a host is optional.' });
    expect((await search(org, p, 'hostw')).body.data).toEqual([{ id: p.host.id, full_name: 'Helen Hostwell' }]);
    await setFlow(org, p.flow.id, { allowNoHost: false });
    expect((await settings(org, p)).body.data).toMatchObject({ allowNotSelectHost: 0, note: 'Please choose a host.' });
    // Host user types: only people of those types host; Helen (staff, with a role) is no longer one.
    await setFlow(org, p.flow.id, { hostUserTypeIds: [p.contractor.id] });
    expect((await settings(org, p)).body.data.hostUserTypesExist).toBe(0);
    expect((await search(org, p, 'hostw')).body.data).toEqual([]);
    await setFlow(org, p.flow.id, { hostRequired: false });
    expect((await settings(org, p)).body.data).toMatchObject({ allowNotSelectHost: 1, hostUserTypesExist: 0, note: 'This flow does not ask for a host.' });
    expect((await api(h.app).get(`/api/hosts/settings/${p.journey.id}/${p.visitor.id}`)).status).toBe(401);
    expect((await api(h.app).post('/api/hosts/search', { journey_id: p.journey.id, user_type_id: p.visitor.id, search: 'hostw' })).status).toBe(401);
    const powerless = await createPowerless(h, org);
    expect((await settings(org, p, powerless.token)).status).toBe(403);
    expect((await search(org, p, 'hostw', powerless.token)).status).toBe(403);
    expect((await settings(org, q)).status).toBe(404);
    expect((await search(org, q, 'hostw')).status).toBe(404);
    expect((await api(h.app, org.token).post('/api/hosts/search', { user_type_id: p.visitor.id, search: 'hostw' })).status).toBe(400);
  });

  it('refuses a host the flow does not allow and a missing host where one is required; nothing is created', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const before = await countVisits(h, org);
    await setFlow(org, p.flow.id, { allowNoHost: false });
    const missing = await api(h.app, org.token).post('/api/expected-visit', body(org, p, { host: undefined }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors.host).toEqual(['Please select a host.']);
    await setFlow(org, p.flow.id, { hostUserTypeIds: [p.contractor.id] });
    const wrong = await api(h.app, org.token).post('/api/expected-visit-validate', body(org, p));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.host).toEqual(['This host cannot be chosen for this visit.']);
    await setFlow(org, p.flow.id, { hostRequired: false, hostUserTypeIds: [] });
    expect((await api(h.app, org.token).post('/api/expected-visit', body(org, p))).status).toBe(400);
    expect(await countVisits(h, org)).toBe(before);
    const none = await api(h.app, org.token).post('/api/expected-visit', body(org, p, { host: undefined }));
    expect(none.status).toBe(201);
    // A later change of the flow does not block a new date for a visit made before it; a new host is checked.
    await setFlow(org, p.flow.id, { hostRequired: true, allowNoHost: false });
    const edit = (extra: Record<string, unknown>) => api(h.app, org.token).put('/api/edit-expected-visit', { entity_id: org.entityId, visit_id: none.body.data[0].id, ...extra });
    expect((await edit({ visit_time: '15:00' })).status).toBe(200);
    expect((await edit({ host: null })).body.errors.host).toEqual(['Please select a host.']);
    expect((await edit({ host: p.host.id })).status).toBe(200);
  });
});
