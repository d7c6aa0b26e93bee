import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTypes } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg, type Org } from '../../../test/factories';
import { mailTo } from '../../../test/mailbox';

/**
 * Issue 15 part 1: the four calls that mail a person queue the mail inside their own transaction. Queued beside
 * it, on the embedded database's one connection, the job insert waited for the transaction that waited for it,
 * and the call and every later one hung; these tests then time out in a few seconds instead.
 */
let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
  await createOrg(h); // warm: the first organisation pays for hashing the test password
});
afterAll(() => h.close());

/** A hung call fails at this bound rather than at the suite's. */
const QUICK = 15_000;

async function person(org: Org, email: string) {
  const [type] = await withTenant(h.services.database.db, org.entityId, (tx) => tx.insert(userTypes).values({ entityId: org.entityId, name: 'Staff' }).returning());
  const res = await api(h.app, org.token).post('/api/users', { first_name: 'Ada', last_name: 'Queue', email, user_type_id: type.id });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

/** The server still answers after the call, and the mail left once. */
async function stillServing(org: Org, email: string, subject: RegExp) {
  expect((await api(h.app).get('/api/health')).status).toBe(200);
  expect((await api(h.app, org.token).get(`/api/users/${org.entityId}`)).status).toBe(200);
  const mails = await mailTo(h, email);
  expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(subject)]);
}

describe('calls that mail a person queue the mail in their transaction (issue 15)', () => {
  it('PUT /api/invite_revoke (invite) answers, and the invitation mail leaves', async () => {
    const org = await createOrg(h);
    const id = await person(org, 'invite-revoke@queue.test');
    const res = await api(h.app, org.token).put('/api/invite_revoke', { type: 'invite', users: [id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.done).toEqual([id]);
    await stillServing(org, 'invite-revoke@queue.test', /invit/i);
  }, QUICK);

  it('POST /api/mass-action-apply-invite-users answers, and the invitation mail leaves', async () => {
    const org = await createOrg(h);
    const id = await person(org, 'mass-invite@queue.test');
    const res = await api(h.app, org.token).post('/api/mass-action-apply-invite-users', { users: [id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.done).toEqual([id]);
    await stillServing(org, 'mass-invite@queue.test', /invit/i);
  }, QUICK);

  it('POST /api/send_quick_pass_intructions answers, and the quick pass mail leaves', async () => {
    const org = await createOrg(h);
    const id = await person(org, 'quick-pass@queue.test');
    const res = await api(h.app, org.token).post('/api/send_quick_pass_intructions', { user_id: id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await stillServing(org, 'quick-pass@queue.test', /quick pass/i);
  }, QUICK);

  it('POST /api/send-rfid-instructions answers, and the RFID mail leaves', async () => {
    const org = await createOrg(h);
    const id = await person(org, 'rfid@queue.test');
    const res = await api(h.app, org.token).post('/api/send-rfid-instructions', { user_id: id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await stillServing(org, 'rfid@queue.test', /rfid/i);
  }, QUICK);

  it('a mail whose transaction rolls back never leaves', async () => {
    const org = await createOrg(h);
    await expect(
      withTenant(h.services.database.db, org.entityId, async (tx) => {
        await h.services.mail.queue({ to: 'rolled-back@queue.test', subject: 'never', text: 'never' }, { tx });
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    expect(await mailTo(h, 'rolled-back@queue.test')).toEqual([]);
  }, QUICK);
});

describe('the queue refuses a side effect sent beside the open transaction', () => {
  it('mail.queue and jobs.send without the transaction, inside one, throw a programming error and send nothing', async () => {
    const org = await createOrg(h);
    const db = h.services.database.db;
    await expect(withTenant(db, org.entityId, () => h.services.mail.queue({ to: 'beside@queue.test', subject: 'x', text: 'x' }))).rejects.toThrow(/mail\.queue.*without the open transaction/);
    await expect(withTenant(db, org.entityId, () => h.services.jobs.send('mail.send', { to: 'beside@queue.test', subject: 'x', text: 'x' }))).rejects.toThrow(/jobs\.send\('mail\.send'\).*jobsIn\(tx\)/);
    expect(await mailTo(h, 'beside@queue.test')).toEqual([]);
    // Outside any transaction the same calls are fine.
    await h.services.mail.queue({ to: 'outside@queue.test', subject: 'outside', text: 'outside' });
    expect((await mailTo(h, 'outside@queue.test')).map((m) => m.subject)).toEqual(['outside']);
  }, QUICK);
});
