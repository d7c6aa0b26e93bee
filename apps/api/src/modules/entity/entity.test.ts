import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, users } from '../../db/schema/index';
import { asSystem } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createAccount, createMember, createOrg, makeSupport, PASSWORD, uniq } from '../../../test/factories';
import { multipart, png } from '../../../test/multipart';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const entityRow = async (id: number) => (await asSystem(h.services.database.db, (tx) => tx.select().from(entities).where(eq(entities.id, id))))[0];

describe('POST /api/entity (create an organisation)', () => {
  it('anyone signed in creates one and becomes its owner with the admin role; the session moves into it', async () => {
    const account = await createAccount(h);
    const token = (await api(h.app).post('/api/login', { email: account.email, password: PASSWORD })).body.data.token;
    const subdomain = uniq('school');
    const res = await api(h.app, token).post('/api/entity', { name: 'Hillside School', subdomain: subdomain.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Hillside School', subdomain, package: 'Cloud', plan: 1, subscription: 'cloud', has_client_token: 0 });
    const role = await api(h.app, token).get('/api/user-role');
    expect(role.body.data.key).toBe('admin');
    const [owner] = await asSystem(h.services.database.db, (tx) => tx.select().from(users).where(eq(users.entityId, res.body.data.id)));
    expect(res.body.data.owner_id).toBe(owner.id);
    expect((await api(h.app, token).get(`/api/get-entity/${res.body.data.id}`)).status).toBe(200);
  });

  it('the new owner sees nothing of another organisation', async () => {
    const other = await createOrg(h);
    const account = await createAccount(h);
    const token = (await api(h.app).post('/api/login', { email: account.email, password: PASSWORD })).body.data.token;
    await api(h.app, token).post('/api/entity', { name: 'Harbour Offices', subdomain: uniq('harbour') });
    expect((await api(h.app, token).get(`/api/get-entity/${other.entityId}`)).status).toBe(404);
    expect((await api(h.app, token).get(`/api/adminPreference/${other.entityId}?page_url=/users`)).status).toBe(404);
    expect((await api(h.app, token).post(`/api/entity/${other.entityId}`, { name: 'Taken over' })).status).toBe(404);
    const me = (await api(h.app, token).get('/api/user_details')).body.data;
    const foreign = [other.accountId, other.userId].find((id) => id !== me.id && id !== me.user_id)!;
    expect((await api(h.app, token).get(`/api/users_entities/${foreign}`)).status).toBe(404);
    expect((await entityRow(other.entityId)).name).not.toBe('Taken over');
  });

  it('refuses bad input with field messages and creates nothing; a taken subdomain answers 409; a reserved one 400', async () => {
    const org = await createOrg(h);
    const subdomain = uniq('bad');
    // messages come in the signed-in user's language
    await api(h.app, org.token).post('/api/change-lang', { lang: 'es' });
    const res = await api(h.app, org.token).post('/api/entity', { name: 'A', subdomain: `-${subdomain}` });
    expect(res.status).toBe(400);
    expect(res.body.errors.subdomain).toEqual(['Use solo letras minúsculas, dígitos y guiones.']);
    expect(res.body.errors.name).toHaveLength(1);
    const rows = await asSystem(h.services.database.db, (tx) => tx.select().from(entities).where(eq(entities.subdomain, subdomain)));
    expect(rows).toHaveLength(0);
    await api(h.app, org.token).post('/api/change-lang', { lang: 'en' });
    const taken = await api(h.app, org.token).post('/api/entity', { name: 'Copy', subdomain: org.subdomain });
    expect(taken.status).toBe(409);
    expect(taken.body.errors.subdomain).toEqual(['This subdomain is already taken.']);
    expect((await api(h.app, org.token).post('/api/entity', { name: 'Copy', subdomain: 'admin' })).status).toBe(400);
    expect((await api(h.app).post('/api/entity', { name: 'Copy', subdomain: uniq('s') })).status).toBe(401);
  });
});

describe('POST /api/entity/{id} (company details, rules 293-295)', () => {
  it('updates name and subdomain; 409 for a subdomain another organisation has', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const subdomain = uniq('new');
    const res = await api(h.app, org.token).post(`/api/entity/${org.entityId}`, { name: 'Riverside Offices', subdomain });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Riverside Offices', subdomain });
    const clash = await api(h.app, org.token).post(`/api/entity/${org.entityId}`, { subdomain: other.subdomain });
    expect(clash.status).toBe(409);
    expect((await entityRow(org.entityId)).subdomain).toBe(subdomain);
  });

  it('401 without a token, 404 for another organisation, 403 without company_details, 400 with nothing changed', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const member = await createMember(h, org, 'employee');
    const before = await entityRow(org.entityId);
    expect((await api(h.app).post(`/api/entity/${org.entityId}`, { name: 'X Y' })).status).toBe(401);
    expect((await api(h.app, other.token).post(`/api/entity/${org.entityId}`, { name: 'X Y' })).status).toBe(404);
    expect((await api(h.app, member.token).post(`/api/entity/${org.entityId}`, { name: 'X Y' })).status).toBe(403);
    const bad = await api(h.app, org.token).post(`/api/entity/${org.entityId}`, { name: 'X', plan: 9, otp_roles: ['a'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['name', 'otp_roles.0', 'plan']);
    const unknownRole = await api(h.app, org.token).post(`/api/entity/${org.entityId}`, { name: 'Changed Name', otp_roles: [other.roles.admin] });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.errors.otp_roles).toBeDefined();
    const after = await entityRow(org.entityId);
    expect(after.name).toBe(before.name);
    expect(after.otpRoles).toEqual([]);
  });

  it('rules 7 and 11: package and plan change only by the technical support account', async () => {
    const org = await createOrg(h, { plan: 1 });
    const denied = await api(h.app, org.token).post(`/api/entity/${org.entityId}`, { plan: 3 });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Only the technical support account can change the package or plan.');
    expect((await api(h.app, org.token).post(`/api/entity/${org.entityId}`, { package: 'Standalone' })).status).toBe(403);
    // the same plan is no change
    expect((await api(h.app, org.token).post(`/api/entity/${org.entityId}`, { plan: 1 })).status).toBe(200);
    const support = await createMember(h, org, 'admin');
    await makeSupport(h, support.accountId);
    const up = await api(h.app, support.token).post(`/api/entity/${org.entityId}`, { plan: 2 });
    expect(up.status).toBe(200);
    expect(up.body.data.plan).toBe(2);
    const down = await api(h.app, support.token).post(`/api/entity/${org.entityId}`, { package: 'Standalone' });
    expect(down.body.data).toMatchObject({ package: 'Standalone', subscription: 'standalone' });
    // rule 92: on Standalone the company page is the support account's only
    expect((await api(h.app, org.token).post(`/api/entity/${org.entityId}`, { name: 'Owner Edit' })).status).toBe(403);
    expect((await api(h.app, support.token).post(`/api/entity/${org.entityId}`, { package: 'Cloud' })).body.data.subscription).toBe('cloud');
  });

  it('rule 294: the logo is decoded; a 100x20 PNG is refused, a 400x100 PNG is stored and served', async () => {
    const org = await createOrg(h);
    const small = multipart({ name: 'Logo School' }, { logo: { filename: 'logo.png', data: await png(100, 20), type: 'image/png' } });
    const refused = await api(h.app, org.token).raw('POST', `/api/entity/${org.entityId}`, small.payload, small.headers);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.logo).toEqual(['The logo must be at least 200 pixels wide and 45 pixels high.']);
    expect((await entityRow(org.entityId)).logo).toBeNull();
    expect((await entityRow(org.entityId)).name).not.toBe('Logo School');

    const fake = multipart({}, { logo: { filename: 'logo.png', data: Buffer.from('not an image at all'), type: 'image/png' } });
    expect((await api(h.app, org.token).raw('POST', `/api/entity/${org.entityId}`, fake.payload, fake.headers)).status).toBe(400);

    const good = multipart({ name: 'Logo School', remove_logo: '0' }, { logo: { filename: 'logo.png', data: await png(400, 100), type: 'image/png' } });
    const ok = await api(h.app, org.token).raw('POST', `/api/entity/${org.entityId}`, good.payload, good.headers);
    expect(ok.status).toBe(200);
    expect(ok.body.data.name).toBe('Logo School');
    expect(ok.body.data.logo).toMatch(new RegExp(`^/api/files/logos/${org.entityId}-[a-f0-9]{16}\\.png$`));
    const file = await h.app.inject({ method: 'GET', url: ok.body.data.logo });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await api(h.app).get('/api/files/logos/1-0000000000000000.png')).status).toBe(404);

    const removed = await api(h.app, org.token).post(`/api/entity/${org.entityId}`, { remove_logo: 1 });
    expect(removed.body.data.logo).toBeNull();
  });

  it('a refused update stores no logo file', async () => {
    const org = await createOrg(h, { plan: 1 });
    const form = multipart({ plan: '3' }, { logo: { filename: 'logo.png', data: await png(400, 100), type: 'image/png' } });
    const res = await api(h.app, org.token).raw('POST', `/api/entity/${org.entityId}`, form.payload, form.headers);
    expect(res.status).toBe(403);
    const dir = join(h.dataDir, 'files', 'logos');
    expect(existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith(`${org.entityId}-`)) : []).toEqual([]);
  });

  it('a logo over 2 MB answers 413', async () => {
    const org = await createOrg(h);
    const big = multipart({}, { logo: { filename: 'logo.png', data: Buffer.alloc(2 * 1024 * 1024 + 10, 1), type: 'image/png' } });
    const res = await api(h.app, org.token).raw('POST', `/api/entity/${org.entityId}`, big.payload, big.headers);
    expect(res.status).toBe(413);
  });
});

describe('GET /api/get-entity/{entity_id}', () => {
  it('answers the current organisation to any member, 404 for another, 401 without a token, 400 for a bad id', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const member = await createMember(h, org, 'fire_warden');
    const res = await api(h.app, member.token).get(`/api/get-entity/${org.entityId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: org.entityId, subdomain: org.subdomain, otp_roles: [] });
    expect(res.body.data).not.toHaveProperty('client_token_hash');
    expect((await api(h.app, org.token).get(`/api/get-entity/${other.entityId}`)).status).toBe(404);
    expect((await api(h.app).get(`/api/get-entity/${org.entityId}`)).status).toBe(401);
    expect((await api(h.app, org.token).get('/api/get-entity/abc')).status).toBe(400);
  });
});
