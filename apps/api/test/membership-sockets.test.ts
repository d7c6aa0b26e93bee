import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { sites, userTypes, users } from '../src/db/schema/index';
import { withTenant } from '../src/platform/db/tenant';
import { api, buildTestApp, type TestApp } from './harness';
import { createMember, createOrg, type Org } from './factories';
import { mailTo } from './mailbox';
import { closeSockets, connected, join, nextEvent, openSocket, pause, record, listenWithSockets } from './sockets';

/**
 * Issue 16 part 4: real-time follows membership. For each way a membership ends or changes, the member's sockets
 * leave the organisation's rooms at once; joining again is checked anew.
 */
let h: TestApp;
let base: string;
beforeAll(async () => {
  h = await buildTestApp();
  base = await listenWithSockets(h);
});
afterAll(async () => {
  closeSockets();
  await h.close();
});

const db = () => h.services.database.db;

/** A socket of `token` that has joined the organisation. */
async function joined(token: string, entityId: number) {
  const s = openSocket(base, token);
  await connected(s);
  expect(await join(s, entityId)).toEqual({ ok: true });
  return s;
}
const closed = (s: Socket) => new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));
/** What a console does after a disconnect: connect again and join. */
async function rejoin(token: string, entityId: number) {
  const s = openSocket(base, token);
  await connected(s);
  return { socket: s, ...(await join(s, entityId)) };
}
async function personType(org: Org) {
  const [t] = await withTenant(db(), org.entityId, (tx) => tx.insert(userTypes).values({ entityId: org.entityId, name: `T${Math.random()}` }).returning());
  return t.id;
}
/** An `update` event the organisation's room hears (a person created by the owner). */
async function raiseUpdate(org: Org) {
  const res = await api(h.app, org.token).post('/api/users', { first_name: 'New', last_name: 'Person', user_type_id: await personType(org) });
  expect(res.status).toBe(201);
}

describe('issue 16 part 4: a member whose membership ends hears nothing more', () => {
  it('archived: the sockets close at once, joining again is refused, and no update reaches them', async () => {
    const org = await createOrg(h);
    const member = await createMember(h, org, 'employee');
    const s = await joined(member.token, org.entityId);
    const bye = closed(s);
    expect((await api(h.app, org.token).put('/api/users_active', { users: [member.userId], status: 'archived' })).body.data.done).toEqual([member.userId]);
    expect(await bye).toBe('io server disconnect');
    const again = await rejoin(member.token, org.entityId);
    expect(again.ok).toBe(false);
    const heard = record(again.socket);
    const owner = await joined(org.token, org.entityId);
    const ownerHears = nextEvent(owner, 'update');
    await raiseUpdate(org);
    await ownerHears;
    await pause(200);
    expect(heard).toEqual([]);
  });

  it('deleted, merged away or revoked: the sockets close and joining again is refused', async () => {
    const org = await createOrg(h);
    const [gone, merged, revoked] = [await createMember(h, org), await createMember(h, org), await createMember(h, org)];
    const keep = (await api(h.app, org.token).post('/api/users', { first_name: 'Kept', last_name: 'Person', user_type_id: await personType(org) })).body.data.id;
    const sockets = await Promise.all([gone, merged, revoked].map((m) => joined(m.token, org.entityId)));
    const byes = sockets.map(closed);
    expect((await api(h.app, org.token).del(`/api/users/${gone.userId}`)).status).toBe(200);
    expect((await api(h.app, org.token).post('/api/merge_user', { keep_user_id: keep, merge_user_id: merged.userId })).status).toBe(200);
    expect((await api(h.app, org.token).post('/api/mass-action-apply-revoke-users', { users: [revoked.userId] })).body.data.done).toEqual([revoked.userId]);
    expect(await Promise.all(byes)).toEqual(['io server disconnect', 'io server disconnect', 'io server disconnect']);
    expect((await rejoin(gone.token, org.entityId)).ok).toBe(false);
    expect((await rejoin(revoked.token, org.entityId)).ok).toBe(false);
    // The merged-away member's passport now belongs to the kept person, who holds the role: that is their membership.
    expect((await withTenant(db(), org.entityId, (tx) => tx.select().from(users).where(eq(users.id, keep))))[0].accountId).toBe(merged.accountId);
  });

  it('loses their role: the sockets close and joining again is refused', async () => {
    const org = await createOrg(h);
    const member = await createMember(h, org);
    const s = await joined(member.token, org.entityId);
    const bye = closed(s);
    expect((await api(h.app, org.token).post(`/api/users/update/${member.userId}`, { role_id: null })).status).toBe(200);
    expect(await bye).toBe('io server disconnect');
    expect((await rejoin(member.token, org.entityId)).ok).toBe(false);
  });

  it('changes role or loses a grant: the notice arrives first, then the sockets close; joining again follows what they may now', async () => {
    const org = await createOrg(h);
    const member = await createMember(h, org);
    const s = await joined(member.token, org.entityId);
    const heard = record(s);
    const bye = closed(s);
    expect((await api(h.app, org.token).post(`/api/users/update/${member.userId}`, { role_id: org.roles.fire_warden })).status).toBe(200);
    expect(await bye).toBe('io server disconnect');
    expect(heard.map((e) => e.event)).toEqual(['pongUpdateUserRole']);
    const again = await rejoin(member.token, org.entityId);
    expect(again.ok).toBe(true);

    const [site] = await withTenant(db(), org.entityId, (tx) => tx.insert(sites).values({ entityId: org.entityId, name: 'North' }).returning());
    const bye2 = closed(again.socket);
    expect((await api(h.app, org.token).post(`/api/users/update/${member.userId}`, { all_sites: false, sites: [site.id] })).status).toBe(200);
    expect(await bye2).toBe('io server disconnect');
    // Saving the same grants again changes nothing: the sockets stay.
    const third = (await rejoin(member.token, org.entityId)).socket;
    const heardThird = record(third);
    expect((await api(h.app, org.token).post(`/api/users/update/${member.userId}`, { all_sites: false, sites: [site.id], first_name: 'Same' })).status).toBe(200);
    // Editing only a phone number sends no "Permissions Updated" notice (issue 15 part 8).
    expect((await api(h.app, org.token).post(`/api/users/update/${member.userId}`, { phone: '07700900123' })).status).toBe(200);
    await pause(200);
    expect(third.connected).toBe(true);
    expect(heardThird.filter((e) => e.event === 'pongUpdateUserRole')).toEqual([]);
  });

  it("their role's permissions change: that role's members' sockets close after the notice, the others' stay", async () => {
    const org = await createOrg(h);
    const employee = await createMember(h, org, 'employee');
    const warden = await createMember(h, org, 'fire_warden');
    const e = await joined(employee.token, org.entityId);
    const w = await joined(warden.token, org.entityId);
    const notice = nextEvent(e, 'pongUpdateUserRole');
    const bye = closed(e);
    expect((await api(h.app, org.token).put(`/api/role_permissions/${org.roles.employee}`, { permissions: { users: 0 } })).status).toBe(200);
    await notice;
    expect(await bye).toBe('io server disconnect');
    await pause(200);
    expect(w.connected).toBe(true);
  });

  it('a role that needs two-step the member has not set up: joining is refused (rules 83-84)', async () => {
    const org = await createOrg(h);
    const member = await createMember(h, org, 'employee');
    expect((await api(h.app, org.token).post(`/api/entity/${org.entityId}`, { otp_roles: [org.roles.employee] })).status).toBe(200);
    expect((await rejoin(member.token, org.entityId)).ok).toBe(false);
    expect((await rejoin(org.token, org.entityId)).ok).toBe(true);
  });
});

describe('issue 16 part 4: a revoked token hears nothing more', () => {
  it('password reset and passport deactivation close every socket of the account', async () => {
    const org = await createOrg(h);
    const member = await createMember(h, org);
    const reset = await joined(member.token, org.entityId);
    const bye = closed(reset);
    await api(h.app).post('/api/forgot-password', { email: member.email });
    const token = decodeURIComponent((await mailTo(h, member.email)).at(-1)!.text.match(/forgot-password\?token=([\w%-]+)/)![1]);
    expect((await api(h.app).post('/api/reset-password', { token, password: 'a-new-password' })).status).toBe(200);
    expect(await bye).toBe('io server disconnect');

    const s = await joined(org.token, org.entityId);
    const bye2 = closed(s);
    const passportId = (await api(h.app, org.token).get('/api/user_details')).body.data.passport_id;
    expect((await api(h.app, org.token).post('/api/deactivate-passport-account', { passport_id: passportId })).status).toBe(200);
    expect(await bye2).toBe('io server disconnect');
    await expect(connected(openSocket(base, org.token))).rejects.toThrow('unauthenticated');
  });

  it("deleting or replacing the organisation's API integration token closes its sockets", async () => {
    const org = await createOrg(h);
    const token = (await api(h.app, org.token).post('/api/client_token', { entity_id: org.entityId })).body.data.token;
    const s = await joined(token, org.entityId);
    const bye = closed(s);
    expect((await api(h.app, org.token).del(`/api/client_token?entity_id=${org.entityId}`)).status).toBe(200);
    expect(await bye).toBe('io server disconnect');
    await expect(connected(openSocket(base, token))).rejects.toThrow('unauthenticated');
  });
});
