import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { journeyFlows, preRegistrationHits, preRegistrationLinks, userTypes, users } from '../../db/schema/index';
import { fixtures } from '../journeys/testing';
import { ORG_LIMIT_PER_MINUTE } from './link';
import { withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg } from '../../../test/factories';
import { countVisits, createPlace, dayAhead, image, multipart, visitRow } from './test-fixtures';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const pub = () => api(h.app);
const form = (code: string, userTypeId: number, extra: Record<string, string> = {}) => ({
  journey_id: code,
  user_type_id: String(userTypeId),
  visit_date: dayAhead(),
  visit_time: '10:30:00',
  first_name: 'Vera',
  last_name: 'Visitor',
  email: `vera${Math.random().toString(36).slice(2, 8)}@example.test`,
  phone: String(Math.floor(Math.random() * 1e9)),
  company_name: 'Acme Ltd',
  ...extra,
});
async function create(lang: string, fields: Record<string, string>, files?: Parameters<typeof multipart>[1]) {
  const body = multipart(fields, files);
  const res = await h.app.inject({ method: 'POST', url: `/api/create-expected-visit/${lang}`, payload: body.payload, headers: body.headers, remoteAddress: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  return { status: res.statusCode, body: res.json() };
}

describe('pre-registration link settings come from the journey (rules 133, 156, 193-200)', () => {
  it("answers the place, and the chosen user type's flow flags; 404 for an unknown, inactive or expired link", async () => {
    const org = await createOrg(h);
    const compliance = await fixtures(h, org).compliance();
    const p = await createPlace(h, org, {
      visitorType: { profilePhoto: true, allowSwitch: true, mandatoryData: ['email', 'company_name'] },
      flow: { complianceId: compliance.id, complianceFrequency: 'daily', sendBeforeVisitMinutes: 90, reminderIntervalMinutes: 45, inputMethod: 'rfid', rfidScan: true },
    });
    const place = await pub().get(`/api/check_image_qr_compliance_status_in_pre_registration/en/${p.link.code}`);
    expect(place.status).toBe(200);
    // Two user types to choose from: no flow yet, no flags.
    expect(place.body.data).toMatchObject({ entity_id: org.entityId, journey_id: p.journey.id, journey_flow_id: null, area_id: p.area.id, is_image_required: 0, compliance: null, timezone: 'UTC' });
    const visitor = await pub().get(`/api/check_image_qr_compliance_status_in_pre_registration/en/${p.link.code}?user_type_id=${p.visitor.id}`);
    expect(visitor.body.data).toMatchObject({
      journey_flow_id: p.flow.id,
      user_type_id: p.visitor.id,
      is_image_required: 1,
      is_qr_included: 0,
      is_rfid_included: 1,
      is_face_id_included: 0,
      is_compliance_required: 1,
      enable_switch_usertype: 1,
      mandatory_data: ['company_name'],
      compliance: { id: compliance.id, frequency: 'daily', send_before_visit: 90, reminder_interval: 45, questions: [{ id: 'q1', question: 'Do you have a fever?' }] },
    });
    // The passing answers stay on the server.
    expect(JSON.stringify(visitor.body)).not.toContain('desired_answer');
    const contractor = await pub().get(`/api/check_image_qr_compliance_status_in_pre_registration/en/${p.link.code}?user_type_id=${p.contractor.id}`);
    expect(contractor.body.data).toMatchObject({ journey_flow_id: p.contractorFlow.id, is_image_required: 0, is_qr_included: 1, is_compliance_required: 0, compliance: null });
    expect((await pub().get(`/api/check_image_qr_compliance_status_in_pre_registration/en/${p.link.code}?user_type_id=${p.staff.id}`)).status).toBe(400);
    const unknown = await pub().get(`/api/check_image_qr_compliance_status_in_pre_registration/es/${'x'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('El registro no está disponible a través de este enlace.');
    expect((await pub().get(`/api/check_image_qr_compliance_status_in_pre_registration/en/short`)).status).toBe(400);
    expect((await pub().get(`/api/check_image_qr_compliance_status_in_pre_registration/fr/${p.link.code}`)).status).toBe(400);
    const expired = await createPlace(h, org, { link: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await pub().get(`/api/get_pre_registration_user_type/en/${expired.link.code}`)).status).toBe(404);
    const off = await createPlace(h, org, { link: { active: false } });
    expect((await pub().get(`/api/get_pre_registration_user_type/en/${off.link.code}`)).status).toBe(404);
  });

  it("rule 156: lists the journey's user types that may pre-register, with their own registration methods", async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const res = await pub().get(`/api/get_pre_registration_user_type/en/${p.link.code}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: { name: string; pre_registration_method: string; journey_flow_id: number }) => [u.name, u.pre_registration_method, u.journey_flow_id])).toEqual([
      ['Visitor', 'allowed', p.flow.id],
      ['Contractor', 'approval_required', p.contractorFlow.id],
    ]);
    // The user type's method changes: the link follows.
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.update(userTypes).set({ registrationMethod: 'by_admin' }).where(eq(userTypes.id, p.contractor.id)));
    expect((await pub().get(`/api/get_pre_registration_user_type/en/${p.link.code}`)).body.data.map((u: { name: string }) => u.name)).toEqual(['Visitor']);
    // A link for one flow offers that flow's user type only.
    const org2 = await createOrg(h);
    const one = await createPlace(h, org2);
    await withTenant(h.services.database.db, org2.entityId, (tx) => tx.update(preRegistrationLinks).set({ journeyFlowId: one.contractorFlow.id }).where(eq(preRegistrationLinks.id, one.link.id)));
    expect((await pub().get(`/api/get_pre_registration_user_type/en/${one.link.code}`)).body.data.map((u: { name: string }) => u.name)).toEqual(['Contractor']);
  });

  it('rule 151: a type pre-registered by admin only is "not available via this link"; another organisation\'s type too', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const p = await createPlace(h, org);
    const q = await createPlace(h, other);
    const ok = await pub().get(`/api/check-change-userType-registration-method/en/${p.contractor.id}?journey_flow_id=${p.link.code}`);
    expect(ok.body.data).toMatchObject({ registration_method: 'approval_required', approval_required: 1 });
    const admin = await pub().get(`/api/check-change-userType-registration-method/en/${p.staff.id}?journey_flow_id=${p.link.code}`);
    expect(admin.status).toBe(400);
    expect(admin.body.message).toBe('Registration is not available via this link.');
    const foreign = await pub().post('/api/validate_user_type_pre_registration/ar', { journey_flow_id: p.link.code, user_type_id: q.visitor.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('التسجيل غير متاح عبر هذا الرابط.');
    const valid = await pub().post('/api/validate_user_type_pre_registration/en', { journey_flow_id: p.link.code, user_type_id: p.visitor.id });
    expect(valid.status).toBe(200);
    expect(valid.body.data).toMatchObject({ name: 'Visitor', journey_flow_id: p.flow.id });
    expect((await pub().post('/api/validate_user_type_pre_registration/en', { journey_flow_id: p.link.code })).status).toBe(400);
  });
});

describe('existing people (rules 136-138, 193)', () => {
  const person = (org: { entityId: number }, userTypeId: number, email: string) =>
    withTenant(h.services.database.db, org.entityId, (tx) => tx.insert(users).values({ entityId: org.entityId, userTypeId, firstName: 'Kim', lastName: 'Known', email }));
  const allowSwitch = (org: { entityId: number }, id: number) => withTenant(h.services.database.db, org.entityId, (tx) => tx.update(userTypes).set({ allowSwitch: true }).where(eq(userTypes.id, id)));

  it('reports user_exists, the existing type and whether it may change', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const email = 'known@example.test';
    await person(org, p.contractor.id, email);
    const none = await pub().post('/api/check_user_entity/en', { journey_flow_id: p.link.code, user_type_id: p.visitor.id, email: 'nobody@example.test' });
    expect(none.body.data).toEqual({ user_exists: 0, user_type: null, can_change_user_type: 1, user_type_id: null, has_image: 0 });
    const differs = await pub().post('/api/check_user_entity/en', { journey_flow_id: p.link.code, user_type_id: p.visitor.id, email });
    expect(differs.body.data).toEqual({ user_exists: 1, user_type: { name: 'Contractor' }, can_change_user_type: 0, user_type_id: p.contractor.id, has_image: 0 });
    const same = await pub().post('/api/check_user_entity/en', { journey_flow_id: p.link.code, user_type_id: p.contractor.id, email });
    expect(same.body.data.can_change_user_type).toBe(1);
    expect((await pub().post('/api/check_user_entity/en', { journey_flow_id: p.link.code, user_type_id: p.visitor.id, email: 'not-an-email' })).status).toBe(400);
  });

  it('rule 137: a person whose type may not change is refused "Sorry you\'re not allowed to register" and nothing is created', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const email = 'fixed@example.test';
    await person(org, p.contractor.id, email);
    const res = await create('en', form(p.link.code, p.visitor.id, { email }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Sorry you're not allowed to register");
    expect(await countVisits(h, org)).toBe(0);
  });

  it("rule 193: the person's current user type decides: switching allowed, never from staff to a visitor type, never a console user", async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const email = 'switch@example.test';
    await person(org, p.contractor.id, email);
    await allowSwitch(org, p.contractor.id);
    const may = await pub().post('/api/check_user_entity/en', { journey_flow_id: p.link.code, user_type_id: p.visitor.id, email });
    expect(may.body.data.can_change_user_type).toBe(1);
    const made = await create('en', form(p.link.code, p.visitor.id, { email }));
    expect(made.status).toBe(201);
    expect((await visitRow(h, org, made.body.data.visit_id)).userTypeId).toBe(p.visitor.id);
    // Staff (a staff type, switching allowed) may not become a visitor.
    await allowSwitch(org, p.staff.id);
    await person(org, p.staff.id, 'teacher@example.test');
    const teacher = await pub().post('/api/check_user_entity/en', { journey_flow_id: p.link.code, user_type_id: p.visitor.id, email: 'teacher@example.test' });
    expect(teacher.body.data).toMatchObject({ user_exists: 1, user_type: { name: 'Staff' }, can_change_user_type: 0 });
    // A console user never switches through a public link.
    const host = await pub().post('/api/check_user_entity/en', { journey_flow_id: p.link.code, user_type_id: p.visitor.id, email: p.host.email });
    expect(host.body.data.can_change_user_type).toBe(0);
  });

  it('check_user_found answers only found 1/0, only within a valid link of the organisation it names (issue 16 part 5)', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const p = await createPlace(h, org);
    const q = await createPlace(h, other);
    const ask = (body: Record<string, unknown>) => pub().post('/api/check_user_found/en', body);
    const found = await ask({ link: p.link.code, email: p.host.email, entity_id: org.entityId });
    expect(found.body).toEqual({ data: { found: 1 } });
    expect((await ask({ link: p.link.code, email: 'nobody@example.test', entity_id: org.entityId })).body).toEqual({ data: { found: 0 } });
    // No link, a guessed link, another organisation's link, or a link naming another organisation: no answer.
    const none = await ask({ email: p.host.email, entity_id: org.entityId });
    expect(none.status).toBe(400);
    expect(none.body.errors.link).toBeDefined();
    expect((await ask({ link: 'x'.repeat(32), email: p.host.email, entity_id: org.entityId })).status).toBe(404);
    expect((await ask({ link: q.link.code, email: p.host.email, entity_id: org.entityId })).status).toBe(404);
    expect((await ask({ link: p.link.code, email: p.host.email, entity_id: other.entityId })).status).toBe(404);
    expect((await ask({ link: p.link.code, email: p.host.email, entity_id: 999999 })).status).toBe(404);
    // An expired link answers as an unknown one (rule 151's message).
    await h.services.database.db.update(preRegistrationLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(preRegistrationLinks.id, p.link.id));
    expect((await ask({ link: p.link.code, email: p.host.email, entity_id: org.entityId })).status).toBe(404);
    expect((await ask({ link: q.link.code, phone: '12ab', entity_id: other.entityId })).status).toBe(400);
  });
});

describe("hosts come from the user type's flow (rules 194, 197, 203)", () => {
  it('answers host settings, searches hosts by name and finds one by e-mail, never another organisation\'s', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const p = await createPlace(h, org, { flow: { hostRequired: true, allowNoHost: false } });
    const q = await createPlace(h, other);
    const settings = await pub().get(`/api/hosts/settings/${p.link.code}/${p.visitor.id}`);
    expect(settings.body.data).toEqual({ allowNotSelectHost: 0, hostUserTypesExist: 1, note: 'Please choose a host.' });
    expect((await pub().get(`/api/hosts/settings/${p.link.code}/${q.visitor.id}`)).status).toBe(400);
    const search = await pub().post('/api/hosts/search', { journey_flow_id: p.link.code, user_type_id: p.visitor.id, search: 'hostw' });
    expect(search.body.data).toEqual([{ id: p.host.id, full_name: 'Helen Hostwell' }]);
    expect((await pub().post('/api/hosts/search', { journey_flow_id: p.link.code, user_type_id: p.visitor.id, search: 'h' })).status).toBe(400);
    const byMail = await pub().post('/api/search_For_The_User_In_The_Flow_Host', { journey_flow_id: p.link.code, user_type_id: p.visitor.id, email: p.host.email });
    expect(byMail.body.data).toEqual({ id: p.host.id, full_name: 'Helen Hostwell' });
    const foreign = await pub().post('/api/search_For_The_User_In_The_Flow_Host', { journey_flow_id: p.link.code, user_type_id: p.visitor.id, email: q.host.email });
    expect(foreign.status).toBe(404);
  });

  it("the flow's host user types limit who can host; a flow without a host step offers none", async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.update(journeyFlows).set({ hostUserTypeIds: [p.contractor.id] }).where(eq(journeyFlows.id, p.flow.id)));
    expect((await pub().post('/api/hosts/search', { journey_flow_id: p.link.code, user_type_id: p.visitor.id, search: 'hostw' })).body.data).toEqual([]);
    expect((await create('en', form(p.link.code, p.visitor.id, { host: String(p.host.id) }))).status).toBe(400);
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.update(journeyFlows).set({ hostUserTypeIds: [], hostRequired: false }).where(eq(journeyFlows.id, p.flow.id)));
    const none = await pub().get(`/api/hosts/settings/${p.link.code}/${p.visitor.id}`);
    expect(none.body.data).toEqual({ allowNotSelectHost: 1, hostUserTypesExist: 0, note: 'This flow does not ask for a host.' });
    expect((await pub().post('/api/hosts/search', { journey_flow_id: p.link.code, user_type_id: p.visitor.id, search: 'hostw' })).body.data).toEqual([]);
    expect((await create('en', form(p.link.code, p.visitor.id))).status).toBe(201);
  });
});

describe('validate and create an expected visit', () => {
  it('rule 139: a visit in the past is refused in the visitor\'s language', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const res = await pub().post('/api/validate-expected-visit/es', { journey_flow_id: p.link.code, user_type_id: p.visitor.id, visit_date: dayAhead(-1), visit_time: '10:00:00' });
    expect(res.status).toBe(400);
    expect(res.body.errors.visit_date).toEqual(['La fecha o la hora de la visita no pueden estar en el pasado.']);
    const created = await create('en', form(p.link.code, p.visitor.id, { visit_date: dayAhead(-1) }));
    expect(created.status).toBe(400);
    expect(await countVisits(h, org)).toBe(0);
  });

  it('rules 135-136: the same person, area, date and time is a duplicate with message error_date', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const f = form(p.link.code, p.visitor.id);
    expect((await create('en', f)).status).toBe(201);
    const check = await pub().post('/api/validate-expected-visit/en', { journey_flow_id: p.link.code, user_type_id: p.visitor.id, visit_date: f.visit_date, visit_time: f.visit_time, phone: f.phone });
    expect(check.status).toBe(409);
    expect(check.body.message).toBe('error_date');
    const again = await create('en', f);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('error_date');
    expect(await countVisits(h, org)).toBe(1);
    const otherTime = await pub().post('/api/validate-expected-visit/en', { journey_flow_id: p.link.code, user_type_id: p.visitor.id, visit_date: f.visit_date, visit_time: '11:30:00', phone: f.phone });
    expect(otherTime.status).toBe(200);
  });

  it('refuses a host outside the journey and a missing host when one is required', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const p = await createPlace(h, org, { flow: { allowNoHost: false } });
    const q = await createPlace(h, other);
    const noHost = await create('en', form(p.link.code, p.visitor.id));
    expect(noHost.status).toBe(400);
    expect(noHost.body.errors.host).toBeDefined();
    const foreign = await create('en', form(p.link.code, p.visitor.id, { host: String(q.host.id) }));
    expect(foreign.status).toBe(400);
    expect((await create('en', form(p.link.code, p.visitor.id, { host: String(p.host.id), entity_id: String(other.entityId) }))).status).toBe(404);
    expect((await create('en', form(p.link.code, p.visitor.id, { host: String(p.host.id), area_id: String(q.area.id) }))).status).toBe(404);
    expect(await countVisits(h, org)).toBe(0);
    const ok = await create('en', form(p.link.code, p.visitor.id, { host: String(p.host.id) }));
    expect(ok.status).toBe(201);
  });

  it('creates the person and a ready visit (allowed method), read in the site time zone', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org, { timezone: 'Europe/Madrid' });
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.update(userTypes).set({ gracePeriod: 90 }).where(eq(userTypes.id, p.visitor.id)));
    const f = form(p.link.code, p.visitor.id, { visit_date: '2030-07-01', visit_time: '09:15' });
    const res = await create('ar', f);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('تمت إضافة الزيارة بنجاح.');
    expect(res.body.data).toMatchObject({ journey_stage: 'ready_to_sign_in', approval_required: 0, expectedDateTime: '2030-07-01T07:15:00.000Z' });
    expect(res.body.data.visit_url).toMatch(/^[\w-]{40,}$/);
    const v = await visitRow(h, org, res.body.data.visit_id);
    expect(v).toMatchObject({ status: 'expected', registrationMethod: 'allowed', approvalState: 'not_required', visitTime: '09:15:00', lang: 'ar', areaId: p.area.id, siteId: p.site.id });
    expect(v.linkTokenHash).not.toContain(res.body.data.visit_url);
    // Rules 190, 194: its links work until the user type's grace period (90 minutes) after the expected time.
    expect(v.linkExpiresAt?.toISOString()).toBe('2030-07-01T08:45:00.000Z');
  });

  it('rule 156: a type needing approval waits for the admin', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const res = await create('en', form(p.link.code, p.contractor.id, { host: String(p.host.id) }));
    expect(res.body.data).toMatchObject({ journey_stage: 'awaiting_admin_approval', approval_required: 1 });
    expect((await visitRow(h, org, res.body.data.visit_id)).approvalState).toBe('pending');
    // Its link (the QR code a kiosk reads) comes with the approval mail, not before.
    expect(res.body.data.visit_url).toBeNull();
  });

  it('rule 134 and 140: the photo is required when the user type asks for one, decoded and held to its limits', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org, { visitorType: { profilePhoto: true } });
    const missing = await create('en', form(p.link.code, p.visitor.id));
    expect(missing.status).toBe(400);
    expect(missing.body.errors.image).toEqual(['A photo is required for this visit.']);
    const fake = await create('en', form(p.link.code, p.visitor.id), { image: { data: Buffer.from('not really a picture'), filename: 'me.jpg', type: 'image/jpeg' } });
    expect(fake.body.errors.image).toEqual(['The photo must be a PNG or JPEG image.']);
    const small = await create('en', form(p.link.code, p.visitor.id), { image: { data: await image(249, 400), filename: 'me.jpg', type: 'image/jpeg' } });
    expect(small.body.errors.image).toEqual(['The photo must be 250 to 4096 pixels wide and 300 to 2688 pixels high.']);
    const tall = await create('en', form(p.link.code, p.visitor.id), { image: { data: await image(400, 2689, 'png'), filename: 'me.png', type: 'image/png' } });
    expect(tall.body.errors.image).toBeDefined();
    const heavy = await create('en', form(p.link.code, p.visitor.id), { image: { data: Buffer.alloc(3 * 1024 * 1024 + 10, 1), filename: 'big.jpg', type: 'image/jpeg' } });
    expect(heavy.status).toBe(413);
    expect(await countVisits(h, org)).toBe(0);
    const f = form(p.link.code, p.visitor.id);
    const ok = await create('en', f, { image: { data: await image(300, 400), filename: 'me.jpg', type: 'image/jpeg' } });
    expect(ok.status).toBe(201);
    const v = await visitRow(h, org, ok.body.data.visit_id);
    expect(v.image).toMatch(/^\/api\/files\/visitors\/\d+-[a-f0-9]{24}\.jpg$/);
    const photo = await api(h.app, org.token).get(v.image!);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await pub().get(v.image!)).status).toBe(401);
    const other = await createOrg(h);
    expect((await api(h.app, other.token).get(v.image!)).status).toBe(404);
    // The same person again: already has a photo, so none is needed (rule 134), and the form is told so.
    const known = await pub().post('/api/check_user_entity/en', { journey_flow_id: p.link.code, user_type_id: p.visitor.id, email: f.email });
    expect(known.body.data).toMatchObject({ user_exists: 1, has_image: 1 });
    const again = await create('en', { ...f, visit_time: '15:00:00' });
    expect(again.status).toBe(201);
  });

  it('a returning visitor who was archived registers again and is active again; an archived console member is not let back in', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const f = form(p.link.code, p.visitor.id);
    const [gone] = await withTenant(h.services.database.db, org.entityId, (tx) =>
      tx.insert(users).values({ entityId: org.entityId, userTypeId: p.visitor.id, firstName: 'Vera', lastName: 'Visitor', email: f.email, phone: f.phone, status: 'archived', archivedAt: new Date() }).returning(),
    );
    const res = await create('en', f);
    expect(res.status).toBe(201);
    expect((await visitRow(h, org, res.body.data.visit_id)).userId).toBe(gone.id);
    const [back] = await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(users).where(eq(users.id, gone.id)));
    expect(back).toMatchObject({ status: 'active', archivedAt: null });
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.update(users).set({ status: 'archived' }).where(eq(users.id, p.host.id)));
    const member = await create('en', form(p.link.code, p.visitor.id, { email: p.host.email! }));
    expect(member.status).toBe(400);
    expect(member.body.message).toBe("Sorry you're not allowed to register");
    const [still] = await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(users).where(eq(users.id, p.host.id)));
    expect(still.status).toBe('archived');
  });

  it('answers 400 with field messages on bad input and creates nothing', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const res = await create('en', form(p.link.code, p.visitor.id, { first_name: 'V', phone: '12-34', email: 'nope', visit_time: '25:00' }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'first_name', 'phone', 'visit_time']);
    expect(await countVisits(h, org)).toBe(0);
    const [u] = await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(users).where(eq(users.firstName, 'V')));
    expect(u).toBeUndefined();
  });

  it('rule 171: an e-mail of one person and a phone of another is a conflict', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const a = form(p.link.code, p.visitor.id);
    await create('en', a);
    const b = form(p.link.code, p.visitor.id, { phone: a.phone, visit_time: '16:00:00' });
    const res = await create('en', b);
    expect(res.status).toBe(409);
    expect(res.body.errors.phone).toEqual(['Phone number already used']);
  });

  it('is rate limited per organisation across addresses', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const window = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    await h.services.database.db.insert(preRegistrationHits).values({ entityId: org.entityId, windowStart: window, hits: ORG_LIMIT_PER_MINUTE });
    const res = await h.app.inject({ method: 'GET', url: `/api/get_pre_registration_user_type/en/${p.link.code}`, remoteAddress: '10.7.7.7' });
    expect(res.statusCode).toBe(429);
    const other = await createPlace(h, await createOrg(h));
    expect((await h.app.inject({ method: 'GET', url: `/api/get_pre_registration_user_type/en/${other.link.code}`, remoteAddress: '10.7.7.7' })).statusCode).toBe(200);
  });

  it('is rate limited per address', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    let last = 0;
    for (let i = 0; i < 61; i++) {
      const res = await h.app.inject({ method: 'GET', url: `/api/get_pre_registration_user_type/en/${p.link.code}`, remoteAddress: '10.9.9.9' });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('the client address behind proxies (TRUST_PROXY)', () => {
  const hits = async (app: TestApp['app'], code: string, forwarded: (i: number) => string, remoteAddress: string) => {
    let last = 0;
    for (let i = 0; i < 61; i++) {
      const res = await app.inject({ method: 'GET', url: `/api/get_pre_registration_user_type/en/${code}`, remoteAddress, headers: { 'x-forwarded-for': forwarded(i) } });
      last = res.statusCode;
    }
    return last;
  };

  it('by default a forged X-Forwarded-For does not reset the per-address limit', async () => {
    const p = await createPlace(h, await createOrg(h));
    expect(await hits(h.app, p.link.code, (i) => `203.0.113.${i}`, '10.8.8.8')).toBe(429);
  });

  it('from a trusted proxy, each forwarded client has its own limit', async () => {
    const proxied = await buildTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
    try {
      const p = await createPlace(proxied, await createOrg(proxied));
      expect(await hits(proxied.app, p.link.code, (i) => `203.0.113.${i}`, '10.8.8.8')).toBe(200);
      expect(await hits(proxied.app, p.link.code, () => '198.51.100.7', '10.8.8.8')).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});
