import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, users } from '../../db/schema/index';
import { asSystem, withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createMember, createOrg, uniq } from '../../../test/factories';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const tokenHash = async (id: number) =>
  (await asSystem(h.services.database.db, (tx) => tx.select({ hash: entities.clientTokenHash }).from(entities).where(eq(entities.id, id))))[0].hash;

describe('API integration token (rule 293)', () => {
  it('is shown once, works as a bearer token acting as the owner, is replaced by a new one and revoked by delete', async () => {
    const org = await createOrg(h);
    const res = await api(h.app, org.token).post('/api/client_token', { entity_id: org.entityId });
    expect(res.status).toBe(200);
    const token: string = res.body.data.token;
    expect(token).toMatch(/^ghe_[\w-]{40,}$/);
    expect(await tokenHash(org.entityId)).not.toContain(token.slice(4));
    const entity = await api(h.app, org.token).get(`/api/get-entity/${org.entityId}`);
    expect(entity.body.data.has_client_token).toBe(1);
    expect(JSON.stringify(entity.body)).not.toContain(token);

    const me = await api(h.app, token).get('/api/user_details');
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(org.userId);
    expect((await api(h.app, token).get(`/api/get-entity/${org.entityId}`)).status).toBe(200);

    const second = (await api(h.app, org.token).post('/api/client_token', { entity_id: org.entityId })).body.data.token;
    expect(second).not.toBe(token);
    expect((await api(h.app, token).get('/api/user_details')).status).toBe(401);
    expect((await api(h.app, second).get('/api/user_details')).status).toBe(200);

    const del = await api(h.app, org.token).del(`/api/client_token?entity_id=${org.entityId}`);
    expect(del.status).toBe(200);
    expect((await api(h.app, second).get('/api/user_details')).status).toBe(401);
    expect(await tokenHash(org.entityId)).toBeNull();
  });

  it('401 without a token, 404 for another organisation, 403 without company_details, 400 without entity_id', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const member = await createMember(h, org, 'employee');
    expect((await api(h.app).post('/api/client_token', { entity_id: org.entityId })).status).toBe(401);
    expect((await api(h.app).del(`/api/client_token?entity_id=${org.entityId}`)).status).toBe(401);
    expect((await api(h.app, other.token).post('/api/client_token', { entity_id: org.entityId })).status).toBe(404);
    expect((await api(h.app, other.token).del(`/api/client_token?entity_id=${org.entityId}`)).status).toBe(404);
    expect((await api(h.app, member.token).post('/api/client_token', { entity_id: org.entityId })).status).toBe(403);
    expect((await api(h.app, member.token).del(`/api/client_token?entity_id=${org.entityId}`)).status).toBe(403);
    const bad = await api(h.app, org.token).post('/api/client_token', {});
    expect(bad.status).toBe(400);
    expect(bad.body.errors.entity_id).toHaveLength(1);
    expect((await api(h.app, org.token).del('/api/client_token')).status).toBe(400);
    expect(await tokenHash(org.entityId)).toBeNull();
    expect(await tokenHash(other.entityId)).toBeNull();
  });
});

describe('subdomain checks', () => {
  it('check_subdomain: free 1, taken 0 (own subdomain counts as free), 400 for a malformed one, 401 without a token', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const free = await api(h.app, org.token).get(`/api/check_subdomain?subdomain=${uniq('free')}`);
    expect(free.status).toBe(200);
    expect(free.body.data.available).toBe(1);
    expect((await api(h.app, org.token).get(`/api/check_subdomain?subdomain=${other.subdomain}`)).body.data.available).toBe(0);
    expect((await api(h.app, org.token).get(`/api/check_subdomain?subdomain=${org.subdomain}`)).body.data.available).toBe(1);
    expect((await api(h.app, org.token).get('/api/check_subdomain?subdomain=www')).body.data.available).toBe(0);
    const bad = await api(h.app, org.token).get('/api/check_subdomain?subdomain=Not%20OK');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.subdomain).toBeDefined();
    expect((await api(h.app).get(`/api/check_subdomain?subdomain=${uniq('free')}`)).status).toBe(401);
  });

  it('entity_by_subdomain answers only the public face, 404 when unknown, 400 when malformed', async () => {
    const org = await createOrg(h);
    const res = await api(h.app).get(`/api/entity_by_subdomain?subdomain=${org.subdomain}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['id', 'logo', 'name', 'subdomain']);
    expect((await api(h.app).get(`/api/entity_by_subdomain?subdomain=${uniq('none')}`)).status).toBe(404);
    expect((await api(h.app).get('/api/entity_by_subdomain?subdomain=-x-')).status).toBe(400);
  });
});

describe('check-unique-field', () => {
  it("checks e-mail, phone and ID among the organisation's own people only", async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const email = `${uniq()}@example.test`;
    const [person] = await withTenant(h.services.database.db, org.entityId, (tx) =>
      tx.insert(users).values({ entityId: org.entityId, firstName: 'Sam', lastName: 'Lee', email, phone: '5551234', idNumber: 'ID-77' }).returning(),
    );
    const check = (token: string, field: string, value: string, id?: number) => api(h.app, token).post('/api/check-unique-field', { field, value, id });
    const taken = await check(org.token, 'email', email.toUpperCase());
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({ message: 'Email already in use', data: { unique: 0 } });
    expect((await check(org.token, 'phone', '5551234')).body.data.unique).toBe(0);
    expect((await check(org.token, 'id_number', 'ID-77')).body.data.unique).toBe(0);
    expect((await check(org.token, 'email', email, person.id)).body.data.unique).toBe(1);
    // another organisation learns nothing about these people
    expect((await check(other.token, 'email', email)).body.data.unique).toBe(1);
    expect((await check(other.token, 'phone', '5551234')).body.data.unique).toBe(1);
    expect((await check(org.token, 'subdomain', other.subdomain)).body.data.unique).toBe(0);
    expect((await check(org.token, 'subdomain', uniq('free'))).body.data.unique).toBe(1);
  });

  it('401 without a token, 404 with another organisation, 400 for an unknown field', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    expect((await api(h.app).post('/api/check-unique-field', { field: 'email', value: 'a@b.test' })).status).toBe(401);
    expect((await api(h.app, org.token).post('/api/check-unique-field', { field: 'email', value: 'a@b.test', entity_id: other.entityId })).status).toBe(404);
    const bad = await api(h.app, org.token).post('/api/check-unique-field', { field: 'password', value: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['field', 'value']);
  });
});

describe('users_entities', () => {
  it("lists the account's organisations with its role, marks the current one; 404 for someone else's id", async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const second = await api(h.app, org.token).post('/api/entity', { name: 'Annex Campus', subdomain: uniq('annex') });
    const res = await api(h.app, org.token).get(`/api/users_entities/${org.accountId}`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    const ids = res.body.data.map((e: { id: number }) => e.id).sort();
    expect(ids).toEqual([org.entityId, second.body.data.id].sort());
    expect(res.body.data.find((e: { id: number }) => e.id === org.entityId)).toMatchObject({ role: 'admin', current: 1 });
    expect((await api(h.app, org.token).get(`/api/users_entities/${org.userId}`)).status).toBe(200);
    // the path takes the account id or the member id; pick one of the other owner's that is neither of ours
    const foreign = [other.accountId, other.userId].find((id) => id !== org.accountId && id !== org.userId)!;
    expect((await api(h.app, org.token).get(`/api/users_entities/${foreign}`)).status).toBe(404);
    expect((await api(h.app).get(`/api/users_entities/${org.accountId}`)).status).toBe(401);
    expect((await api(h.app, org.token).get('/api/users_entities/abc')).status).toBe(400);
  });
});
