import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts, sessions } from '../../db/schema/index';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createAccount, createMember, createOrg, PASSWORD, uniq } from '../../../test/factories';
import { mailTo } from '../../../test/mailbox';

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
    expect(res.body.errors.email[0]).toBe('Introduzca un correo electrónico válido.');
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

describe('register: nothing created on bad input, mail tells the owner of the address', () => {
  it('creates no account when the input is refused (400, translated field messages)', async () => {
    const email = `${uniq()}@example.test`;
    const res = await api(h.app, undefined, 'ar').post('/api/register', { first_name: 'Ana', last_name: 'R', email, password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.errors.password[0]).toBe('يجب ألا تقل كلمة المرور عن 8 أحرف.');
    expect(res.body.errors.last_name).toBeDefined();
    const rows = await h.services.database.db.select().from(accounts).where(eq(accounts.email, email));
    expect(rows).toHaveLength(0);
  });

  it('sends a welcome mail to a new address and a "you already have an account" mail to a taken one', async () => {
    const email = `${uniq()}@example.test`;
    await api(h.app).post('/api/register', { first_name: 'Ana', last_name: 'Ruiz', email, password: 'long-enough-pw' });
    await api(h.app).post('/api/register', { first_name: 'Ana', last_name: 'Ruiz', email, password: 'other-password' });
    const mails = await mailTo(h, email);
    expect(mails).toHaveLength(2);
    expect(mails[0].text).toContain('Your Gatehouse account is ready');
    expect(mails[1].text).toContain('already has an account');
    // the second sign-up did not change the password
    expect((await api(h.app).post('/api/login', { email, password: 'other-password' })).status).toBe(400);
    expect((await api(h.app).post('/api/login', { email, password: 'long-enough-pw' })).status).toBe(200);
  });
});

describe('user_details, user-role, logout, switch-entity', () => {
  it('user_details carries the fields of rule 79', async () => {
    const org = await createOrg(h);
    const res = await api(h.app, org.token).get('/api/user_details');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: org.userId, user_id: org.accountId, email: org.email, role_id: org.roles.admin, is_otp_enabled: 0, lang: 'en' });
    expect(res.body.data.passport_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data).not.toHaveProperty('password_hash');
  });

  it('user-role answers the role and its permission map, null without an organisation', async () => {
    const org = await createOrg(h);
    const member = await createMember(h, org, 'employee');
    const res = await api(h.app, member.token).get('/api/user-role');
    expect(res.status).toBe(200);
    expect(res.body.data.key).toBe('employee');
    expect(res.body.data.permissions.users.pivot.allowed).toBe(1);
    expect(res.body.data.permissions.company_details.pivot.allowed).toBe(0);
    const email = `${uniq()}@example.test`;
    await api(h.app).post('/api/register', { first_name: 'No', last_name: 'Org', email, password: 'long-enough-pw' });
    const login = await api(h.app).post('/api/login', { email, password: 'long-enough-pw' });
    expect((await api(h.app, login.body.data.token).get('/api/user-role')).body.data).toBeNull();
    expect((await api(h.app).get('/api/user-role')).status).toBe(401);
  });

  it('logout revokes only the session it is called with', async () => {
    const org = await createOrg(h);
    const a = (await api(h.app).post('/api/login', { email: org.email, password: PASSWORD })).body.data.token;
    expect((await api(h.app, a).get('/api/logout')).status).toBe(200);
    expect((await api(h.app, a).get('/api/logout')).status).toBe(401);
    expect((await api(h.app, org.token).get('/api/user_details')).status).toBe(200);
  });

  it('an expired session answers 401', async () => {
    const org = await createOrg(h);
    await h.services.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.accountId, org.accountId));
    expect((await api(h.app, org.token).get('/api/user_details')).status).toBe(401);
  });

  it('switch-entity moves the session to another organisation of the account, 404 for one it does not belong to', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    // make the owner of `org` also a member of a second organisation of their own
    const second = await api(h.app, org.token).post('/api/entity', { name: 'Second School', subdomain: uniq('sec') });
    expect(second.status).toBe(201);
    expect((await api(h.app).post('/api/switch-entity', { entity_id: second.body.data.id })).status).toBe(401);
    const bad = await api(h.app, org.token).post('/api/switch-entity', { entity_id: 'x' });
    expect(bad.status).toBe(400);
    expect((await api(h.app, org.token).post('/api/switch-entity', { entity_id: other.entityId })).status).toBe(404);
    expect((await api(h.app, org.token).get('/api/user_details')).body.data.id).toBe(org.userId);
    const res = await api(h.app, org.token).post('/api/switch-entity', { entity_id: second.body.data.id });
    expect(res.status).toBe(200);
    expect(res.body.data.entity.id).toBe(second.body.data.id);
    expect((await api(h.app, org.token).get(`/api/get-entity/${second.body.data.id}`)).status).toBe(200);
    expect((await api(h.app, org.token).get(`/api/get-entity/${org.entityId}`)).status).toBe(404);
  });

  it('login into a named organisation: 404 for an organisation the account is not in', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const res = await api(h.app).post('/api/login', { email: org.email, password: PASSWORD, entity_id: other.entityId });
    expect(res.status).toBe(404);
    const ok = await api(h.app).post('/api/login', { email: org.email, password: PASSWORD, entity_id: org.entityId });
    expect(ok.body.data.entity.id).toBe(org.entityId);
  });

  it('an account without an organisation gets 403 on tenant calls but may use account calls', async () => {
    const account = await createAccount(h);
    const login = await api(h.app).post('/api/login', { email: account.email, password: PASSWORD });
    const token = login.body.data.token;
    expect((await api(h.app, token).get('/api/check_columns_In_dashboard/1')).status).toBe(403);
    expect((await api(h.app, token).get('/api/user_details')).status).toBe(200);
  });
});

