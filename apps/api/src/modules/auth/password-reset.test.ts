import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../db/schema/index';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg, PASSWORD, uniq } from '../../../test/factories';
import { mailTo } from '../../../test/mailbox';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const resetToken = async (email: string) => {
  const mails = await mailTo(h, email);
  const link = mails.at(-1)?.text.match(/https?:\/\/\S+forgot-password\?token=([\w%-]+)/);
  if (!link) throw new Error(`no reset link mailed to ${email}`);
  return decodeURIComponent(link[1]);
};

describe('forgot-password and reset-password', () => {
  it('writes the reset mail to DATA_DIR/mail as .eml; the link works once; the reset logs out every session', async () => {
    const org = await createOrg(h);
    const res = await api(h.app).post('/api/forgot-password', { email: org.email.toUpperCase() });
    expect(res.status).toBe(200);
    const mails = await mailTo(h, org.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].file).toMatch(/\.eml$/);
    expect(mails[0].subject).toBe('Reset your Gatehouse password');
    const token = await resetToken(org.email);

    const bad = await api(h.app).post('/api/reset-password', { token, password: 'short' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.password).toEqual(['The password must be at least 8 characters.']);
    // a refused new password does not use up the link
    const ok = await api(h.app).post('/api/reset-password', { token, password: 'brand-new-password' });
    expect(ok.status).toBe(200);
    expect((await api(h.app, org.token).get('/api/user_details')).status).toBe(401);
    expect((await api(h.app).post('/api/login', { email: org.email, password: PASSWORD })).status).toBe(400);
    expect((await api(h.app).post('/api/login', { email: org.email, password: 'brand-new-password' })).status).toBe(200);

    const again = await api(h.app).post('/api/reset-password', { token, password: 'third-password-here' });
    expect(again.status).toBe(400);
    expect(again.body.errors.token).toEqual(['This reset link is not valid or has expired.']);
  });

  it('issue 16 part 2: using a link ends every other link of the account, older or newer, and the client credentials', async () => {
    const org = await createOrg(h);
    const { client_id, client_secret } = (await api(h.app).post('/api/get-client-secret', { email: org.email, password: PASSWORD })).body.data;
    const links = async (n: number) => {
      for (let i = 0; i < n; i++) await api(h.app).post('/api/forgot-password', { email: org.email });
      return (await mailTo(h, org.email)).slice(-n).map((m) => decodeURIComponent(m.text.match(/forgot-password\?token=([\w%-]+)/)![1]));
    };
    const [older, newer] = await links(2);
    expect((await api(h.app).post('/api/reset-password', { token: newer, password: 'second-password' })).status).toBe(200);
    expect((await api(h.app).post('/api/reset-password', { token: older, password: 'third-password' })).body.errors.token).toEqual(['This reset link is not valid or has expired.']);
    expect((await api(h.app).post('/api/access-token', { client_id, client_secret })).status).toBe(401);
    const [first, second] = await links(2);
    expect((await api(h.app).post('/api/reset-password', { token: first, password: 'fourth-password' })).status).toBe(200);
    expect((await api(h.app).post('/api/reset-password', { token: second, password: 'fifth-password' })).status).toBe(400);
    expect((await api(h.app).post('/api/login', { email: org.email, password: 'fourth-password' })).status).toBe(200);
  });

  it('the link expires after one hour', async () => {
    const org = await createOrg(h);
    await api(h.app).post('/api/forgot-password', { email: org.email });
    const token = await resetToken(org.email);
    const [row] = await h.services.database.db.select().from(passwordResets).where(eq(passwordResets.accountId, org.accountId));
    const minutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(Math.round(minutes)).toBe(60);
    await h.services.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.id, row.id));
    const res = await api(h.app).post('/api/reset-password', { token, password: 'brand-new-password' });
    expect(res.status).toBe(400);
    expect((await api(h.app, org.token).get('/api/user_details')).status).toBe(200);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const org = await createOrg(h);
    const known = await api(h.app).post('/api/forgot-password', { email: org.email });
    const email = `${uniq()}@example.test`;
    const unknown = await api(h.app).post('/api/forgot-password', { email });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await mailTo(h, email)).toHaveLength(0);
  });

  it('sends the mail in the account language', async () => {
    const org = await createOrg(h);
    await api(h.app, org.token).post('/api/change-lang', { lang: 'es' });
    await api(h.app).post('/api/forgot-password', { email: org.email });
    expect((await mailTo(h, org.email)).at(-1)!.subject).toBe('Restablece tu contraseña de Gatehouse');
  });

  it('refuses a malformed request with field messages', async () => {
    const res = await api(h.app).post('/api/reset-password', { token: 'x' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['password', 'token']);
    expect((await api(h.app).post('/api/forgot-password', {})).status).toBe(400);
  });
});

describe('rate limits never reveal whether an account exists', () => {
  it('login answers 429 after 10 failed attempts for an e-mail, whether the account exists or not', async () => {
    const org = await createOrg(h);
    const unknown = `${uniq()}@example.test`;
    for (const email of [org.email, unknown]) {
      for (let i = 0; i < 10; i++) {
        const res = await api(h.app).post('/api/login', { email, password: 'wrong-password' });
        expect(res.status).toBe(400);
      }
      const limited = await api(h.app).post('/api/login', { email, password: PASSWORD });
      expect(limited.status).toBe(429);
      // a forged client address does not reset the limit
      const forged = await api(h.app).post('/api/login', { email, password: PASSWORD }, { 'x-forwarded-for': '203.0.113.9' });
      expect(forged.status).toBe(429);
      expect(limited.body.message).toBe('Too many attempts. Please wait a moment and try again.');
    }
    // another e-mail from the same address is still served
    const other = await createOrg(h);
    expect((await api(h.app).post('/api/login', { email: other.email, password: PASSWORD })).status).toBe(200);
  });

  it('successful logins do not count toward the limit, and a success clears earlier failures', async () => {
    const org = await createOrg(h);
    for (let i = 0; i < 12; i++) expect((await api(h.app).post('/api/login', { email: org.email, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 9; i++) await api(h.app).post('/api/login', { email: org.email, password: 'wrong-password' });
    expect((await api(h.app).post('/api/login', { email: org.email, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await api(h.app).post('/api/login', { email: org.email, password: 'wrong-password' })).status).toBe(400);
    expect((await api(h.app).post('/api/login', { email: org.email, password: PASSWORD })).status).toBe(200);
  });

  it('issue 16 part 5: 40 guesses at once are counted atomically: 10 are checked, 30 answer 429', async () => {
    const org = await createOrg(h);
    const answers = await Promise.all(Array.from({ length: 40 }, () => api(h.app).post('/api/login', { email: org.email, password: 'wrong-password' })));
    const codes = answers.map((r) => r.status);
    expect(codes.filter((c) => c === 400)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(30);
  });

  it('get-client-secret shares the login lock: failures of either count for both', async () => {
    const org = await createOrg(h);
    for (let i = 0; i < 5; i++) expect((await api(h.app).post('/api/login', { email: org.email, password: 'wrong-password' })).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await api(h.app).post('/api/get-client-secret', { email: org.email, password: 'wrong-password' })).status).toBe(400);
    expect((await api(h.app).post('/api/get-client-secret', { email: org.email, password: PASSWORD })).status).toBe(429);
    expect((await api(h.app).post('/api/login', { email: org.email, password: PASSWORD })).status).toBe(429);
  });

  it('forgot-password answers 429 after 5 requests for an e-mail, whether the account exists or not', async () => {
    const org = await createOrg(h);
    const unknown = `${uniq()}@example.test`;
    const answers: number[][] = [];
    for (const email of [org.email, unknown]) {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await api(h.app).post('/api/forgot-password', { email })).status);
      answers.push(codes);
    }
    expect(answers[0]).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[1]).toEqual(answers[0]);
    expect(await mailTo(h, org.email)).toHaveLength(5);
  });
});
