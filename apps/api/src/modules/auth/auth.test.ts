import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg, PASSWORD, uniq } from '../../../test/factories';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

describe('register, login, logout', () => {
  it('signs up, logs in and sees no organisation yet', async () => {
    const email = `${uniq()}@example.test`;
    const reg = await api(h.app).post('/api/register', { first_name: 'Ana', last_name: 'Ruiz', email, password: 'long-enough-pw' });
    expect(reg.status).toBe(201);
    const login = await api(h.app).post('/api/login', { email, password: 'long-enough-pw' });
    expect(login.status).toBe(200);
    expect(login.body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(login.body.data.entity).toBeNull();
    expect(login.body.data.user.fullName).toBe('Ana Ruiz');
  });

  it('answers registration the same way when the e-mail is taken (no account enumeration)', async () => {
    const org = await createOrg(h);
    const again = await api(h.app).post('/api/register', { first_name: 'Ana', last_name: 'Ruiz', email: org.email, password: 'another-password' });
    const fresh = await api(h.app).post('/api/register', { first_name: 'Ana', last_name: 'Ruiz', email: `${uniq()}@example.test`, password: 'another-password' });
    expect(again.status).toBe(fresh.status);
    expect(again.body).toEqual(fresh.body);
  });

  it('refuses a wrong password and an unknown e-mail with the same 400', async () => {
    const org = await createOrg(h);
    const wrong = await api(h.app).post('/api/login', { email: org.email, password: 'nope-nope-nope' });
    const unknown = await api(h.app).post('/api/login', { email: `${uniq()}@example.test`, password: 'nope-nope-nope' });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.body.errors.password).toBeDefined();
  });

  it('gives field messages in the caller\'s language for bad input', async () => {
    const res = await api(h.app, undefined, 'es').post('/api/register', { first_name: 'A', last_name: '', email: 'not-an-email', password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Los datos enviados no son válidos.');
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'first_name', 'last_name', 'password']);
    expect(res.body.errors.email[0]).toBe('Introduce un correo electrónico válido.');
  });

  it('logs in to the organisation with permissions, and logout revokes the token', async () => {
    const org = await createOrg(h);
    const login = await api(h.app).post('/api/login', { email: org.email, password: PASSWORD });
    expect(login.status).toBe(200);
    const { token, entity, permissions, role } = login.body.data;
    expect(entity.id).toBe(org.entityId);
    expect(role.name).toBe('admin');
    expect(permissions.company_details.pivot.allowed).toBe(1);
    expect((await api(h.app, token).get('/api/user_details')).status).toBe(200);
    expect((await api(h.app, token).get('/api/logout')).status).toBe(200);
    expect((await api(h.app, token).get('/api/user_details')).status).toBe(401);
  });

  it('answers 401 without a token and with a bad one', async () => {
    expect((await api(h.app).get('/api/user_details')).status).toBe(401);
    expect((await api(h.app, 'not-a-real-token').get('/api/user_details')).status).toBe(401);
  });

  it('answers unknown API paths with 404 JSON and malformed JSON with 400', async () => {
    const res = await api(h.app).get('/api/no-such-call');
    expect(res.status).toBe(404);
    expect(res.body.message).toBeTruthy();
    const bad = await api(h.app).raw('POST', '/api/login', '{"email":', { 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
  });
});
