import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, invitations, users } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createAccount, createOrg, type Org, PASSWORD } from '../../../test/factories';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const passportOf = async (token: string) => (await api(h.app, token).get('/api/user_details')).body.data.passport_id as string;

async function invite(org: Org, email: string, role: 'employee' | 'admin' = 'employee') {
  const [row] = await withTenant(h.services.database.db, org.entityId, (tx) =>
    tx.insert(invitations).values({ entityId: org.entityId, email, roleId: org.roles[role], invitedBy: org.userId }).returning(),
  );
  return row;
}

describe('passport activation (rules 62, 82)', () => {
  it('check-activation-status answers active, then the days since deactivation; reactivate turns it back on', async () => {
    const org = await createOrg(h);
    const passport_id = await passportOf(org.token);
    const first = await api(h.app, org.token).post('/api/check-activation-status', { passport_id });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ passport_id, is_active: 1, days_since_deactivation: null });
    expect((await api(h.app, org.token).post('/api/deactivate-passport-account', { passport_id })).status).toBe(200);
    await h.services.database.db.update(accounts).set({ deactivatedAt: new Date(Date.now() - 3 * 86_400_000 - 60_000) }).where(eq(accounts.id, org.accountId));
    // Deactivating ends every session (issue 16 part 2, docs/decisions.md): the old token is refused and signing
    // in again is how the passport is reactivated.
    expect((await api(h.app, org.token).post('/api/check-activation-status', { passport_id })).status).toBe(401);
    const token = (await api(h.app).post('/api/login', { email: org.email, password: PASSWORD, entity_id: org.entityId })).body.data.token as string;
    const off = await api(h.app, token).post('/api/check-activation-status', { passport_id });
    expect(off.body.data).toMatchObject({ is_active: 0, days_since_deactivation: 3 });
    const re = await api(h.app, token).post('/api/reactivate-passport-account', { passport_id });
    expect(re.status).toBe(200);
    expect((await api(h.app, token).post('/api/check-activation-status', { passport_id })).body.data.is_active).toBe(1);
  });

  it("another account's passport id answers 404 and changes nothing; bad ids 400; no token 401", async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const theirs = await passportOf(other.token);
    for (const url of ['/api/check-activation-status', '/api/reactivate-passport-account', '/api/deactivate-passport-account', '/api/generate-token-by-id']) {
      expect((await api(h.app, org.token).post(url, { passport_id: theirs })).status).toBe(404);
      expect((await api(h.app, org.token).post(url, { passport_id: randomUUID() })).status).toBe(404);
      const bad = await api(h.app, org.token).post(url, { passport_id: 'nope' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.passport_id).toHaveLength(1);
      expect((await api(h.app).post(url, { passport_id: theirs })).status).toBe(401);
    }
    const [row] = await h.services.database.db.select().from(accounts).where(eq(accounts.id, other.accountId));
    expect(row.isActive).toBe(true);
  });
});

describe('generate-token-by-id and generate_passport_token', () => {
  it("issues a console token for the caller's own passport; 404 for another organisation", async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const passport_id = await passportOf(org.token);
    const res = await api(h.app, org.token).post('/api/generate-token-by-id', { passport_id });
    expect(res.status).toBe(200);
    expect(res.body.data.entity.id).toBe(org.entityId);
    expect(res.body.data.token).not.toBe(org.token);
    expect((await api(h.app, res.body.data.token).get(`/api/get-entity/${org.entityId}`)).status).toBe(200);
    expect((await api(h.app, org.token).post('/api/generate-token-by-id', { passport_id, entity_id: other.entityId })).status).toBe(404);
  });

  it('generate_passport_token answers a passport token (401 without a session)', async () => {
    const org = await createOrg(h);
    const res = await api(h.app, org.token).get('/api/generate_passport_token');
    expect(res.status).toBe(200);
    expect(new Date(res.body.data.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect((await api(h.app).get('/api/generate_passport_token')).status).toBe(401);
  });
});

describe('invitations from the cloud (rule 10)', () => {
  it('lists pending invitations for the passport e-mail; accepting makes the account a member with the invited role', async () => {
    const org = await createOrg(h);
    const account = await createAccount(h);
    const inv = await invite(org, account.email);
    const token = (await api(h.app).post('/api/login', { email: account.email, password: PASSWORD })).body.data.token;
    const list = await api(h.app, token).get('/api/passport/invitations');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([expect.objectContaining({ id: inv.id, entity_id: org.entityId, role: 'employee' })]);
    expect((await api(h.app).get('/api/passport/invitations')).status).toBe(401);

    const res = await api(h.app, token).post('/api/accept-invitation-from-cloud', { invitation_id: inv.id });
    expect(res.status).toBe(200);
    expect(res.body.data.entity_id).toBe(org.entityId);
    const login = await api(h.app).post('/api/login', { email: account.email, password: PASSWORD, entity_id: org.entityId });
    expect(login.status).toBe(200);
    expect(login.body.data.role.name).toBe('employee');
    // answered: it cannot be answered again, and the list is empty
    expect((await api(h.app, token).post('/api/reject-invitation-from-cloud', { invitation_id: inv.id })).status).toBe(404);
    expect((await api(h.app, token).get('/api/passport/invitations')).body.count).toBe(0);
  });

  it('accepting links an existing person of the organisation instead of creating a second one', async () => {
    const org = await createOrg(h);
    const account = await createAccount(h);
    await withTenant(h.services.database.db, org.entityId, (tx) =>
      tx.insert(users).values({ entityId: org.entityId, firstName: 'Known', lastName: 'Person', email: account.email.toUpperCase() }),
    );
    const inv = await invite(org, account.email);
    const token = (await api(h.app).post('/api/login', { email: account.email, password: PASSWORD })).body.data.token;
    expect((await api(h.app, token).post('/api/accept-invitation-from-cloud', { invitation_id: inv.id })).status).toBe(200);
    const people = await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(users).where(and(eq(users.entityId, org.entityId), eq(users.accountId, account.id))));
    expect(people).toHaveLength(1);
    expect(people[0].firstName).toBe('Known');
  });

  it('rejecting records the answer and grants nothing', async () => {
    const org = await createOrg(h);
    const account = await createAccount(h);
    const inv = await invite(org, account.email);
    const token = (await api(h.app).post('/api/login', { email: account.email, password: PASSWORD })).body.data.token;
    expect((await api(h.app, token).post('/api/reject-invitation-from-cloud', { invitation_id: inv.id })).status).toBe(200);
    expect((await api(h.app).post('/api/login', { email: account.email, password: PASSWORD, entity_id: org.entityId })).status).toBe(404);
    const [row] = await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(invitations).where(eq(invitations.id, inv.id)));
    expect(row.status).toBe('rejected');
  });

  it("an invitation addressed to someone else answers 404 and stays pending; bad ids 400", async () => {
    const org = await createOrg(h);
    const stranger = await createOrg(h);
    const inv = await invite(org, 'someone-else@example.test');
    for (const url of ['/api/accept-invitation-from-cloud', '/api/reject-invitation-from-cloud']) {
      expect((await api(h.app, stranger.token).post(url, { invitation_id: inv.id })).status).toBe(404);
      expect((await api(h.app, stranger.token).post(url, { invitation_id: 'abc' })).status).toBe(400);
      expect((await api(h.app).post(url, { invitation_id: inv.id })).status).toBe(401);
    }
    const [row] = await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(invitations).where(eq(invitations.id, inv.id)));
    expect(row.status).toBe('pending');
  });
});
