import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createAccount, createOrg, PASSWORD } from '../../../test/factories';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

describe('get-client-secret and access-token (API clients, rule 88)', () => {
  it('issues credentials once, exchanges them for a 24-hour bearer token acting in the organisation', async () => {
    const org = await createOrg(h);
    const creds = await api(h.app).post('/api/get-client-secret', { email: org.email, password: PASSWORD });
    expect(creds.status).toBe(200);
    const { client_id, client_secret } = creds.body.data;
    expect(client_id).toMatch(/^gh_/);
    const tok = await api(h.app).post('/api/access-token', { client_id, client_secret });
    expect(tok.status).toBe(200);
    expect(tok.body.data).toMatchObject({ token_type: 'Bearer', entity_id: org.entityId });
    expect(tok.body.data.expires_in).toBeGreaterThan(23 * 3600);
    expect(tok.body.data.expires_in).toBeLessThanOrEqual(24 * 3600);
    const me = await api(h.app, tok.body.data.access_token).get(`/api/get-entity/${org.entityId}`);
    expect(me.status).toBe(200);

    // a new secret replaces the old one
    const again = await api(h.app).post('/api/get-client-secret', { email: org.email, password: PASSWORD });
    expect(again.body.data.client_id).toBe(client_id);
    expect((await api(h.app).post('/api/access-token', { client_id, client_secret })).status).toBe(401);
  });

  it('refuses wrong credentials the same way for unknown and known accounts', async () => {
    const org = await createOrg(h);
    const wrong = await api(h.app).post('/api/get-client-secret', { email: org.email, password: 'not-the-password' });
    const unknown = await api(h.app).post('/api/get-client-secret', { email: 'nobody@example.test', password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect((await api(h.app).post('/api/get-client-secret', {})).status).toBe(400);
    expect((await api(h.app).post('/api/access-token', { client_id: 'gh_x', client_secret: 'y' })).status).toBe(401);
    expect((await api(h.app).post('/api/access-token', {})).status).toBe(400);
  });

  it("access-token for another organisation's id answers 404", async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const { client_id, client_secret } = (await api(h.app).post('/api/get-client-secret', { email: org.email, password: PASSWORD })).body.data;
    expect((await api(h.app).post('/api/access-token', { client_id, client_secret, entity_id: other.entityId })).status).toBe(404);
  });
});

describe('passport_auth', () => {
  it('exchanges a passport token for a console session; a console token is refused', async () => {
    const org = await createOrg(h);
    const passport = await api(h.app, org.token).get('/api/generate_passport_token');
    expect(passport.status).toBe(200);
    const res = await api(h.app).post('/api/passport_auth', { token: passport.body.data.token });
    expect(res.status).toBe(200);
    expect(res.body.data.entity.id).toBe(org.entityId);
    expect((await api(h.app, res.body.data.token).get(`/api/get-entity/${org.entityId}`)).status).toBe(200);
    expect((await api(h.app).post('/api/passport_auth', { token: org.token })).status).toBe(401);
    expect((await api(h.app).post('/api/passport_auth', { token: 'x' })).status).toBe(400);
  });

  it("passport_auth into another organisation answers 404", async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const passport = (await api(h.app, org.token).get('/api/generate_passport_token')).body.data.token;
    expect((await api(h.app).post('/api/passport_auth', { token: passport, entity_id: other.entityId })).status).toBe(404);
  });

  it('a passport token alone reaches the account calls but no organisation', async () => {
    const account = await createAccount(h);
    const login = (await api(h.app).post('/api/login', { email: account.email, password: PASSWORD })).body.data.token;
    const passport = (await api(h.app, login).get('/api/generate_passport_token')).body.data.token;
    expect((await api(h.app, passport).get('/api/user_details')).status).toBe(200);
    expect((await api(h.app).get('/api/generate_passport_token')).status).toBe(401);
  });
});
