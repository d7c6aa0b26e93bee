import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { invitations, scans, sites, userSites, userTypes, users, userUserTypes, visits } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createAccount, createMember, createOrg, createPowerless, type Org } from '../../../test/factories';
import { mailTo } from '../../../test/mailbox';
import { issueSession } from '../../platform/auth/sessions';
import { image, multipart } from './testing';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const db = () => h.services.database.db;
async function typeOf(org: Org, name = 'Staff', extra: Record<string, unknown> = {}) {
  const [row] = await withTenant(db(), org.entityId, (tx) => tx.insert(userTypes).values({ entityId: org.entityId, name, ...extra }).returning());
  return row.id;
}
const person = (typeId: number, extra: Record<string, unknown> = {}) => ({ first_name: 'Grace', last_name: 'Hopper', user_type_id: typeId, ...extra });
async function create(org: Org, body: Record<string, unknown>) {
  const res = await api(h.app, org.token).post('/api/users', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number };
}
const countPeople = async (org: Org) => (await withTenant(db(), org.entityId, (tx) => tx.select().from(users).where(eq(users.entityId, org.entityId)))).length;

describe('users: the five cases', () => {
  it('401, 404 for another organisation, 403 without the permission', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const t = await typeOf(org);
    const u = await create(org, person(t));
    const noAuth = api(h.app);
    for (const [m, url] of [['GET', `/api/users/${org.entityId}`], ['GET', `/api/user/${u.id}`], ['POST', '/api/users'], ['POST', `/api/users/update/${u.id}`], ['DELETE', `/api/users/${u.id}`], ['PUT', '/api/users_active'], ['PUT', '/api/users_usertype'], ['POST', '/api/merge_user']] as const) {
      const valid = { users: [u.id], status: 'archived', keep_user_id: u.id, merge_user_id: u.id, ...person(t) };
      expect((await noAuth.raw(m, url, m === 'GET' || m === 'DELETE' ? undefined : valid)).status, url).toBe(401);
    }
    const o = api(h.app, other.token);
    expect((await o.get(`/api/users/${org.entityId}`)).status).toBe(404);
    expect((await o.get(`/api/user/${u.id}`)).status).toBe(404);
    expect((await o.post(`/api/users/update/${u.id}`, { first_name: 'Evil' })).status).toBe(404);
    expect((await o.del(`/api/users/${u.id}`)).status).toBe(404);
    const mass = await o.put('/api/users_active', { users: [u.id], status: 'archived' });
    expect(mass.body.data.done).toEqual([]);
    expect(mass.body.data.skipped[0].id).toBe(u.id);
    const powerless = await createPowerless(h, org);
    const p = api(h.app, powerless.token);
    expect((await p.get(`/api/users/${org.entityId}`)).status).toBe(403);
    expect((await p.post('/api/users', person(t))).status).toBe(403);
    expect((await p.del(`/api/users/${u.id}`)).status).toBe(403);
    expect((await api(h.app, org.token).get(`/api/user/${u.id}`)).body.data.first_name).toBe('Grace');
  });

  it('rules 169-170: names of at least 2 characters, phone digits only up to 20, valid e-mail; nothing created', async () => {
    const org = await createOrg(h);
    const t = await typeOf(org);
    const before = await countPeople(org);
    const res = await api(h.app, org.token).post('/api/users', { first_name: 'G', last_name: '', email: 'nope', phone: '12ab', user_type_id: t });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'first_name', 'last_name', 'phone']);
    expect(res.body.errors.first_name[0]).toBe('Names must be at least 2 characters.');
    expect((await api(h.app, org.token).post('/api/users', person(t, { phone: '1'.repeat(21) }))).status).toBe(400);
    expect((await api(h.app, org.token).post('/api/users', person(t, { labels: ['x'.repeat(31)] }))).status).toBe(400);
    expect(await countPeople(org)).toBe(before);
  });

  it('rule 171: e-mail, phone and ID are unique per organisation with the documented messages', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const t = await typeOf(org);
    await create(org, person(t, { email: 'grace@navy.test', phone: '5550001', id_number: 'ID-1' }));
    const e = await api(h.app, org.token).post('/api/users', person(t, { email: 'GRACE@navy.test' }));
    expect(e.status).toBe(409);
    expect(e.body.message).toBe('Email already in use');
    const p = await api(h.app, org.token).post('/api/users', person(t, { phone: '5550001' }));
    expect([p.status, p.body.message]).toEqual([409, 'Phone number already used']);
    const i = await api(h.app, org.token).post('/api/users', person(t, { id_number: 'ID-1' }));
    expect([i.status, i.body.message]).toEqual([409, 'ID already exists']);
    await create(other, person(await typeOf(other), { email: 'grace@navy.test', phone: '5550001' }));
  });

  it('rule 174: the photo is decoded: too small or not an image is refused, a good one is stored', async () => {
    const org = await createOrg(h);
    const t = await typeOf(org);
    const send = async (data: Buffer) => {
      const m = multipart({ first_name: 'Ada', last_name: 'King', user_type_id: String(t) }, { image: { name: 'p.jpg', data, type: 'image/jpeg' } });
      return h.app.inject({ method: 'POST', url: '/api/users', payload: m.payload, headers: { ...m.headers, authorization: `Bearer ${org.token}` } });
    };
    const small = await send(await image(200, 300));
    expect(small.statusCode).toBe(400);
    expect(small.json().errors.image[0]).toMatch(/250/);
    expect((await send(Buffer.from('GIF89a not really'))).statusCode).toBe(400);
    expect((await send(await image(100, 100, 'png').then(() => sharpGif()))).statusCode).toBe(400);
    expect(await countPeople(org)).toBe(1);
    const ok = await send(await image(300, 400, 'png'));
    expect(ok.statusCode).toBe(201);
    const img = ok.json().data.image as string;
    expect(img).toMatch(/^\/api\/files\/people\//);
    const file = await api(h.app, org.token).get(img);
    expect(file.status).toBe(200);
    expect((await api(h.app, (await createOrg(h)).token).get(img)).status).toBe(404);
    const face = await api(h.app, org.token).post('/api/generate_faceId', { user_id: ok.json().data.id });
    expect(face.body.data.face_id).toMatch(/^face_/);
  });
});

async function sharpGif() {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 0, g: 0, b: 0 } } }).gif().toBuffer();
}

describe('users: list, update, status and moves', () => {
  it('pages, sorts, filters and searches on the server', async () => {
    const org = await createOrg(h);
    const staff = await typeOf(org, 'Staff');
    const pupil = await typeOf(org, 'Pupil');
    for (const [f, l, t] of [['Amira', 'Haddad', staff], ['Bruno', 'Costa', pupil], ['Chen', 'Wei', pupil], ['Dana', 'Scully', staff]] as const) await create(org, { first_name: f, last_name: l, user_type_id: t, labels: t === pupil ? ['Year 7'] : [] });
    const q = (s: string) => api(h.app, org.token).get(`/api/users/${org.entityId}?${s}`);
    const page2 = await q('limit=2&page=2&sortField=first_name&orderBy=asc');
    expect(page2.body.data.map((u: { first_name: string }) => u.first_name)).toEqual(['Chen', 'Dana']);
    expect(page2.body.count).toBe(5);
    const pupils = await q(`filterBy=${encodeURIComponent(JSON.stringify({ user_type_id: pupil }))}&sortField=last_name&orderBy=desc`);
    expect(pupils.body.data.map((u: { last_name: string }) => u.last_name)).toEqual(['Wei', 'Costa']);
    const labels = await api(h.app, org.token).get(`/api/labels/${org.entityId}`);
    const year7 = labels.body.data.find((x: { name: string }) => x.name === 'Year 7');
    expect(year7.users_count).toBe(2);
    expect((await q(`filterBy=${encodeURIComponent(JSON.stringify({ label: year7.id }))}`)).body.count).toBe(2);
    expect((await q('filterBy=scul')).body.data[0].last_name).toBe('Scully');
    expect((await q(`filterBy=${encodeURIComponent('{"search":"100%_"}')}`)).body.count).toBe(0);
    expect((await q('filterBy={bad')).status).toBe(400);
  });

  it('rule 173: archiving signs a signed-in person out; reactivating brings them back', async () => {
    const org = await createOrg(h);
    const t = await typeOf(org);
    const u = await create(org, person(t));
    await withTenant(db(), org.entityId, (tx) => tx.insert(visits).values({ entityId: org.entityId, userId: u.id, status: 'signed_in', signedInAt: new Date() }));
    const res = await api(h.app, org.token).put('/api/users_active', { users: [u.id], status: 'archived' });
    expect(res.body).toMatchObject({ message: 'User Status Updated', data: { done: [u.id], skipped: [] } });
    const [v] = await withTenant(db(), org.entityId, (tx) => tx.select().from(visits).where(eq(visits.userId, u.id)));
    expect(v.status).toBe('auto_closed');
    const out = await withTenant(db(), org.entityId, (tx) => tx.select().from(scans).where(eq(scans.userId, u.id)));
    expect(out[0]).toMatchObject({ direction: 'out', method: 'archive' });
    expect((await api(h.app, org.token).get(`/api/users/${org.entityId}?filterBy=${encodeURIComponent('{"status":"archived"}')}`)).body.count).toBe(1);
    await api(h.app, org.token).put('/api/users_active', { users: [u.id], status: 'active' });
    expect((await api(h.app, org.token).get(`/api/user/${u.id}`)).body.data.status).toBe('active');
    const self = await api(h.app, org.token).put('/api/users_active', { users: [org.userId], status: 'archived' });
    expect(self.body.data.done).toEqual([]);
  });

  it('rules 96 and 100: a limited member sees only granted people; mass actions skip the others with a reason', async () => {
    const org = await createOrg(h);
    const staff = await typeOf(org, 'Staff');
    const pupil = await typeOf(org, 'Pupil');
    const a = await create(org, person(pupil, { first_name: 'Pupil' }));
    const b = await create(org, person(staff, { first_name: 'Teacher' }));
    const member = await createMember(h, org, 'employee');
    await withTenant(db(), org.entityId, async (tx) => {
      await tx.update(users).set({ allUserTypes: false }).where(eq(users.id, member.userId));
      await tx.insert(userUserTypes).values({ entityId: org.entityId, userId: member.userId, userTypeId: pupil });
    });
    const m = api(h.app, member.token);
    expect((await m.get(`/api/users/${org.entityId}`)).body.data.map((u: { id: number }) => u.id)).toEqual([a.id]);
    const denied = await m.get(`/api/user/${b.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(/outside/);
    const mass = await m.post('/api/mass_action_apply_labels', { users: [a.id, b.id], labels: ['Trip'] });
    expect(mass.body.data.done).toEqual([a.id]);
    expect(mass.body.data.skipped).toEqual([{ id: b.id, reason: 'This person is outside the sites or user types you have access to.' }]);
    expect((await m.post('/api/users', person(staff))).status).toBe(403);
    // Site grants: a person tied to a site the member lacks is hidden too.
    const [site] = await withTenant(db(), org.entityId, (tx) => tx.insert(sites).values({ entityId: org.entityId, name: 'North campus' }).returning());
    await withTenant(db(), org.entityId, async (tx) => {
      await tx.update(users).set({ allSites: false }).where(eq(users.id, member.userId));
      await tx.update(users).set({ allSites: false }).where(eq(users.id, a.id));
      await tx.insert(userSites).values({ entityId: org.entityId, userId: a.id, siteId: site.id });
    });
    expect((await m.get(`/api/users/${org.entityId}`)).body.count).toBe(0);
  });

  it('moves people to another type, updates details, deletes, and refuses to delete oneself', async () => {
    const org = await createOrg(h);
    const staff = await typeOf(org, 'Staff');
    const visitor = await typeOf(org, 'Visitor');
    const u = await create(org, person(staff, { department: 'Science', resources: { locker: 'B12' } }));
    const moved = await api(h.app, org.token).put('/api/users_usertype', { users: [u.id], user_type_id: visitor });
    expect(moved.body.message).toBe('User Moved');
    expect((await api(h.app, org.token).put('/api/users_usertype', { users: [u.id], user_type_id: 999999 })).status).toBe(400);
    const upd = await api(h.app, org.token).post(`/api/users/update/${u.id}`, { last_name: 'Murray', company_name: 'Navy' });
    expect(upd.body.data).toMatchObject({ last_name: 'Murray', user_type_id: visitor, company_name: 'Navy', departments: [{ name: 'Science' }], resources: { locker: 'B12' } });
    const walk = await api(h.app, org.token).post('/api/update-user-details', { user_id: u.id, phone: '0123' });
    expect(walk.body.data.phone).toBe('0123');
    expect((await api(h.app, org.token).del(`/api/users/${org.userId}`)).status).toBe(403);
    expect((await api(h.app, org.token).del(`/api/users/${u.id}`)).body.message).toBe('User Deleted');
    expect((await api(h.app, org.token).get(`/api/user/${u.id}`)).status).toBe(404);
  });
});

describe('users: passports, RFID, quick pass', () => {
  it('rule 178: invites create an invitation the passport accepts; revoke unlinks it', async () => {
    const org = await createOrg(h);
    const t = await typeOf(org);
    const account = await createAccount(h);
    const u = await create(org, person(t, { email: account.email }));
    const noMail = await create(org, person(t, { first_name: 'Nomail' }));
    const res = await api(h.app, org.token).put('/api/invite_revoke', { users: [u.id, noMail.id], type: 'invite' });
    expect(res.body.message).toBe('Passport Invitation Sent');
    expect(res.body.data.done).toEqual([u.id]);
    expect(res.body.data.skipped[0].id).toBe(noMail.id);
    const [inv] = await withTenant(db(), org.entityId, (tx) => tx.select().from(invitations).where(and(eq(invitations.userId, u.id), eq(invitations.status, 'pending'))));
    const { token } = await issueSession(db(), account.id, null);
    const accept = await api(h.app, token).post('/api/accept-invitation-from-cloud', { invitation_id: inv.id });
    expect(accept.status).toBe(200);
    expect((await api(h.app, org.token).get(`/api/user/${u.id}`)).body.data.has_passport).toBe(1);
    const rev = await api(h.app, org.token).post('/api/mass-action-apply-revoke-users', { users: [u.id] });
    expect(rev.body.message).toBe('Passport Revoked');
    expect((await api(h.app, org.token).get(`/api/user/${u.id}`)).body.data.has_passport).toBe(0);
    const employee = await createMember(h, org, 'employee');
    expect((await api(h.app, employee.token).put('/api/invite_revoke', { users: [u.id], type: 'invite' })).status).toBe(403);
    const preview = await api(h.app, org.token).get(`/api/mass-action-invite-users?users=${u.id},${noMail.id}`);
    expect(preview.body.data.find((x: { id: number }) => x.id === noMail.id).can_invite).toBe(0);
  });

  it('rule 172: RFID enrolment by the mailed link records a unique value', async () => {
    const org = await createOrg(h);
    const t = await typeOf(org);
    const a = await create(org, person(t, { email: 'a@rfid.test', rfid: 'CARD-1' }));
    const b = await create(org, person(t, { email: 'b@rfid.test' }));
    expect((await api(h.app, org.token).post('/api/send-rfid-instructions', { user_id: b.id })).status).toBe(200);
    // The code is only in the mail.
    const [mail] = await mailTo(h, 'b@rfid.test');
    const code = /\/rfid\/([\w-]+)/.exec(mail.text)![1];
    expect((await api(h.app).post('/api/verify-rfid-code', { code, rfid: 'CARD-1' })).status).toBe(409);
    expect((await api(h.app).post('/api/verify-rfid-code', { code, rfid: 'CARD-2' })).status).toBe(200);
    const have = await api(h.app, org.token).get(`/api/get_users_have_rfid_enrollment?userIds=${a.id},${b.id}`);
    expect(have.body.data.every((x: { has_rfid: number }) => x.has_rfid === 1)).toBe(true);
    expect((await api(h.app).post('/api/verify-rfid-code', { code, rfid: 'CARD-3' })).status).toBe(404);
    expect((await api(h.app, org.token).post('/api/send_quick_pass_intructions', { user_id: a.id })).status).toBe(200);
  });
});
