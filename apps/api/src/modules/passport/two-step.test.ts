import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema/index';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createMember, createOrg, freshOtp, PASSWORD } from '../../../test/factories';

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
    const ok = await api(h.app).post('/api/login', { email: org.email, password: PASSWORD, otp: await freshOtp(h, org.accountId, secret) });
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
    const token = (await api(h.app).post('/api/login', { email: org.email, password: PASSWORD, otp: await freshOtp(h, org.accountId, secret) })).body.data.token;
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
    const login = await api(h.app).post('/api/login', { email: member.email, password: PASSWORD, otp: await freshOtp(h, member.accountId, secret) });
    expect((await call(login.body.data.token)).status).toBe(200);
  });

  it('disable needs the password; afterwards login needs no code', async () => {
    const org = await createOrg(h);
    const secret = await enableTwoStep(org.token);
    const token = (await api(h.app).post('/api/login', { email: org.email, password: PASSWORD, otp: await freshOtp(h, org.accountId, secret) })).body.data.token;
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

/** Waits, when needed, until at least 12 seconds remain in the current 30-second step (so a test's codes keep their steps). */
async function steadyStep() {
  const left = 30 - ((Date.now() / 1000) % 30);
  if (left < 12) await new Promise((r) => setTimeout(r, left * 1000 + 50));
}
const codeAt = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe('issue 16 part 2: two-step holds on every way in', () => {
  it('a code is accepted once: no reuse, no earlier step after a later one; one step of drift either way', async () => {
    const org = await createOrg(h);
    await steadyStep();
    const secret = await enableTwoStep(org.token);
    const login = (otp: string) => api(h.app).post('/api/login', { email: org.email, password: PASSWORD, otp });
    // The enabling code was used: it does not log in.
    expect((await login(await codeAt(secret, 0))).body.code).toBe('otp_invalid');
    const next = await codeAt(secret, 1);
    expect((await login(next)).status).toBe(200);
    expect((await login(next)).body.code).toBe('otp_invalid');
    expect((await login(await codeAt(secret, 0))).body.code).toBe('otp_invalid');
    expect((await login(await codeAt(secret, 2))).body.code).toBe('otp_invalid');
    // A step behind is drift the server allows, when that step has not been used.
    await freshOtp(h, org.accountId, secret);
    expect((await login(await codeAt(secret, -1))).status).toBe(200);
  });

  it('two racing logins with one code: exactly one session', async () => {
    const org = await createOrg(h);
    const secret = await enableTwoStep(org.token);
    const otp = await freshOtp(h, org.accountId, secret);
    const both = await Promise.all([1, 2].map(() => api(h.app).post('/api/login', { email: org.email, password: PASSWORD, otp })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('get-client-secret and access-token need the code when two-step is on', async () => {
    const org = await createOrg(h);
    const secret = await enableTwoStep(org.token);
    const noCode = await api(h.app).post('/api/get-client-secret', { email: org.email, password: PASSWORD });
    expect([noCode.status, noCode.body.code]).toEqual([400, 'otp_needed']);
    expect(noCode.body.errors.otp).toEqual(['Enter the six-digit code from your authenticator app.']);
    const creds = await api(h.app).post('/api/get-client-secret', { email: org.email, password: PASSWORD, otp: await freshOtp(h, org.accountId, secret) });
    expect(creds.status).toBe(200);
    const { client_id, client_secret } = creds.body.data;
    const bare = await api(h.app).post('/api/access-token', { client_id, client_secret });
    expect([bare.status, bare.body.code]).toEqual([400, 'otp_needed']);
    const otp = await freshOtp(h, org.accountId, secret);
    const token = await api(h.app).post('/api/access-token', { client_id, client_secret, otp });
    expect(token.status).toBe(200);
    expect((await api(h.app).post('/api/access-token', { client_id, client_secret, otp })).body.code).toBe('otp_invalid');
    expect((await api(h.app).post('/api/access-token', { client_id, client_secret, otp: '12' })).status).toBe(400);
  });

  it('turning two-step on revokes the client credentials and every API token obtained without it', async () => {
    const org = await createOrg(h);
    const { client_id, client_secret } = (await api(h.app).post('/api/get-client-secret', { email: org.email, password: PASSWORD })).body.data;
    const apiToken = (await api(h.app).post('/api/access-token', { client_id, client_secret })).body.data.access_token;
    expect((await api(h.app, apiToken).get('/api/user_details')).status).toBe(200);
    const secret = await enableTwoStep(org.token);
    expect((await api(h.app, apiToken).get('/api/user_details')).status).toBe(401);
    const otp = await freshOtp(h, org.accountId, secret);
    expect((await api(h.app).post('/api/access-token', { client_id, client_secret, otp })).status).toBe(401);
  });

  it('deactivating the passport ends every session, passport token, API token and client credential', async () => {
    const org = await createOrg(h);
    const { client_id, client_secret } = (await api(h.app).post('/api/get-client-secret', { email: org.email, password: PASSWORD })).body.data;
    const apiToken = (await api(h.app).post('/api/access-token', { client_id, client_secret })).body.data.access_token;
    const passport = (await api(h.app, org.token).get('/api/generate_passport_token')).body.data.token;
    const other = (await api(h.app).post('/api/login', { email: org.email, password: PASSWORD })).body.data.token;
    const passportId = (await api(h.app, org.token).get('/api/user_details')).body.data.passport_id;
    expect((await api(h.app, passport).post('/api/deactivate-passport-account', { passport_id: passportId })).status).toBe(200);
    for (const t of [org.token, apiToken, passport, other]) expect((await api(h.app, t).get('/api/user_details')).status).toBe(401);
    expect((await api(h.app).post('/api/access-token', { client_id, client_secret })).status).toBe(401);
    const refused = await api(h.app).post('/api/get-client-secret', { email: org.email, password: PASSWORD });
    expect([refused.status, refused.body.message]).toEqual([403, 'This passport account is deactivated.']);
    // Signing in again is how the passport is reactivated (seed 001).
    const again = (await api(h.app).post('/api/login', { email: org.email, password: PASSWORD })).body.data.token;
    expect((await api(h.app, again).post('/api/reactivate-passport-account', { passport_id: passportId })).status).toBe(200);
    expect((await api(h.app).post('/api/get-client-secret', { email: org.email, password: PASSWORD })).status).toBe(200);
  });
});

