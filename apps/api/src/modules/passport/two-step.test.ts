import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema/index';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createMember, createOrg, PASSWORD } from '../../../test/factories';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const otpEnabled = async (accountId: number) =>
  (await h.services.database.db.select({ on: accounts.otpEnabled }).from(accounts).where(eq(accounts.id, accountId)))[0].on;

/** Sets up two-step for the holder of `token` and answers the secret. */
async function enableTwoStep(token: string) {
  const setup = await api(h.app, token).get('/api/passport/otp/setup');
  expect(setup.status).toBe(200);
  expect(setup.body.data.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
  expect(setup.body.data.qr).toMatch(/^data:image\/png;base64,/);
  const secret: string = setup.body.data.secret;
  const res = await api(h.app, token).post('/api/passport/otp/enable', { otp: await generate({ secret }) });
  expect(res.status).toBe(200);
  return secret;
}

describe('two-step authentication (rules 83-85)', () => {
  it('rule 85: enabling two-step logs out every session; login then needs the code', async () => {
    const org = await createOrg(h);
    const second = (await api(h.app).post('/api/login', { email: org.email, password: PASSWORD })).body.data.token;
    const secret = await enableTwoStep(org.token);
    expect(await otpEnabled(org.accountId)).toBe(true);
    expect((await api(h.app, org.token).get('/api/user_details')).status).toBe(401);
    expect((await api(h.app, second).get('/api/user_details')).status).toBe(401);

    const noCode = await api(h.app).post('/api/login', { email: org.email, password: PASSWORD });
    expect(noCode.status).toBe(400);
    expect(noCode.body.code).toBe('otp_needed');
    const wrong = await api(h.app).post('/api/login', { email: org.email, password: PASSWORD, otp: '000000' === (await generate({ secret })) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('otp_invalid');
    const ok = await api(h.app).post('/api/login', { email: org.email, password: PASSWORD, otp: await generate({ secret }) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.is_otp_enabled).toBe(1);
    // a wrong password with a good code says nothing about the code
    const badPw = await api(h.app).post('/api/login', { email: org.email, password: 'not-the-password', otp: await generate({ secret }) });
    expect(badPw.status).toBe(400);
    expect(badPw.body.code).toBeUndefined();
  });

  it('a wrong first code changes nothing (400 with a field message)', async () => {
    const org = await createOrg(h);
    const setup = await api(h.app, org.token).get('/api/passport/otp/setup');
    const code = await generate({ secret: setup.body.data.secret });
    const res = await api(h.app, org.token).post('/api/passport/otp/enable', { otp: code === '123456' ? '654321' : '123456' });
    expect(res.status).toBe(400);
    expect(res.body.errors.otp).toBeDefined();
    const format = await api(h.app, org.token).post('/api/passport/otp/enable', { otp: '12ab' });
    expect(format.status).toBe(400);
    expect(format.body.errors.otp).toEqual(['The code is six digits.']);
    expect(await otpEnabled(org.accountId)).toBe(false);
    expect((await api(h.app, org.token).get('/api/user_details')).status).toBe(200);
  });

  it('enable without a set-up secret is refused; set-up when already on answers 409', async () => {
    const org = await createOrg(h);
    expect((await api(h.app, org.token).post('/api/passport/otp/enable', { otp: '123456' })).status).toBe(400);
    const secret = await enableTwoStep(org.token);
    const token = (await api(h.app).post('/api/login', { email: org.email, password: PASSWORD, otp: await generate({ secret }) })).body.data.token;
    expect((await api(h.app, token).get('/api/passport/otp/setup')).status).toBe(409);
  });

  it('rules 83-84: a role in otp_roles without two-step gets 403 with otp_error on tenant calls, not on passport calls', async () => {
    const org = await createOrg(h);
    const member = await createMember(h, org, 'employee');
    const call = (token: string) => api(h.app, token).get(`/api/check_columns_In_dashboard/${org.entityId}`);
    expect((await call(member.token)).status).toBe(200);
    const upd = await api(h.app, org.token).post(`/api/entity/${org.entityId}`, { otp_roles: [org.roles.employee] });
    expect(upd.status).toBe(200);
    const res = await call(member.token);
    expect(res.status).toBe(403);
    expect(res.body.otp_error).toBe(true);
    expect(res.body.message).toBe('Your role requires two-step authentication. Enable it on your passport account page.');
    // the owner (admin, not in otp_roles) is not affected
    expect((await call(org.token)).status).toBe(200);
    // the passport pages and the organisation's details stay reachable so that the member can set it up
    expect((await api(h.app, member.token).get('/api/user_details')).status).toBe(200);
    expect((await api(h.app, member.token).get(`/api/get-entity/${org.entityId}`)).status).toBe(200);
    const secret = await enableTwoStep(member.token);
    const login = await api(h.app).post('/api/login', { email: member.email, password: PASSWORD, otp: await generate({ secret }) });
    expect((await call(login.body.data.token)).status).toBe(200);
  });

  it('disable needs the password; afterwards login needs no code', async () => {
    const org = await createOrg(h);
    const secret = await enableTwoStep(org.token);
    const token = (await api(h.app).post('/api/login', { email: org.email, password: PASSWORD, otp: await generate({ secret }) })).body.data.token;
    expect((await api(h.app).post('/api/passport/otp/disable', { password: PASSWORD })).status).toBe(401);
    expect((await api(h.app, token).post('/api/passport/otp/disable', {})).status).toBe(400);
    expect((await api(h.app, token).post('/api/passport/otp/disable', { password: 'not-the-password' })).status).toBe(400);
    expect(await otpEnabled(org.accountId)).toBe(true);
    expect((await api(h.app, token).post('/api/passport/otp/disable', { password: PASSWORD })).status).toBe(200);
    expect(await otpEnabled(org.accountId)).toBe(false);
    expect((await api(h.app).post('/api/login', { email: org.email, password: PASSWORD })).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await api(h.app).get('/api/passport/otp/setup')).status).toBe(401);
    expect((await api(h.app).post('/api/passport/otp/enable', { otp: '123456' })).status).toBe(401);
  });
});
