import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createMember, createOrg, createPowerless } from '../../../test/factories';
import { closeSockets, connected, join, nextEvent, openSocket, pause, record, listenWithSockets } from '../../../test/sockets';

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

async function listen(token: string, entityId: number) {
  const s = openSocket(base, token);
  await connected(s);
  expect(await join(s, entityId)).toEqual({ ok: true });
  return s;
}

describe('role permissions and the Permissions Updated notice (rules 66-69, 90)', () => {
  it('reads a role map; 401 without a token, 404 for another organisation, 403 without permission', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    expect((await api(h.app).get(`/api/role_permissions/${org.roles.employee}`)).status).toBe(401);
    expect((await api(h.app, org.token).get(`/api/role_permissions/${other.roles.employee}`)).status).toBe(404);
    const none = await createPowerless(h, org);
    expect((await api(h.app, none.token).get(`/api/role_permissions/${org.roles.employee}`)).status).toBe(403);
    const res = await api(h.app, org.token).get(`/api/role_permissions/${org.roles.employee}`);
    expect(res.status).toBe(200);
    expect(res.body.data.permissions.dashboard.pivot.allowed).toBe(1);
    expect(res.body.data.permissions.company_details.pivot.allowed).toBe(0);
  });

  it('changes a role map: members of the role are told live and their next call follows it; the admin is not told', async () => {
    const org = await createOrg(h);
    const member = await createMember(h, org, 'employee');
    const memberSocket = await listen(member.token, org.entityId);
    const adminSocket = await listen(org.token, org.entityId);
    const adminHeard = record(adminSocket);
    const notice = nextEvent(memberSocket, 'pongUpdateUserRole');
    const res = await api(h.app, org.token).put(`/api/role_permissions/${org.roles.employee}`, { permissions: { dashboard: 0, reporting: 1 } });
    expect(res.status).toBe(200);
    const payload = (await notice) as { oldRole: string; newRole: string; siteNames: string[]; userTypeNames: string[] };
    expect(payload.newRole).toBe('employee');
    expect(Array.isArray(payload.siteNames)).toBe(true);
    await pause(100);
    expect(adminHeard.some((e) => e.event === 'pongUpdateUserRole')).toBe(false);
    const role = await api(h.app, member.token).get('/api/user-role');
    expect(role.body.data.permissions.dashboard.pivot.allowed).toBe(0);
    expect(role.body.data.permissions.reporting.pivot.allowed).toBe(1);
  });

  it('refuses bad input and a change to the admin’s own role, changing nothing', async () => {
    const org = await createOrg(h);
    const bad = await api(h.app, org.token).put(`/api/role_permissions/${org.roles.employee}`, { permissions: { not_a_key: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toBeDefined();
    const own = await api(h.app, org.token).put(`/api/role_permissions/${org.roles.admin}`, { permissions: { dashboard: 0 } });
    expect(own.status).toBe(403);
    const still = await api(h.app, org.token).get(`/api/role_permissions/${org.roles.admin}`);
    expect(still.body.data.permissions.dashboard.pivot.allowed).toBe(1);
    const employee = await createMember(h, org, 'employee');
    expect((await api(h.app, employee.token).put(`/api/role_permissions/${org.roles.fire_warden}`, { permissions: { dashboard: 0 } })).status).toBe(403);
  });

  it("changing a person's role tells them live with the old and new role", async () => {
    const org = await createOrg(h);
    const member = await createMember(h, org, 'employee');
    const s = await listen(member.token, org.entityId);
    const notice = nextEvent(s, 'pongUpdateUserRole');
    const res = await api(h.app, org.token).post(`/api/users/update/${member.userId}`, { role_id: org.roles.fire_warden });
    expect(res.status).toBe(200);
    const payload = (await notice) as { oldRole: string; newRole: string };
    expect(payload).toMatchObject({ oldRole: 'employee', newRole: 'fire warden' });
  });

  it('role_change_details answers the sites and user types of the person; another organisation’s person is 404', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const mine = await api(h.app, org.token).post('/api/role_change_details', { entity_id: org.entityId, user_id: org.userId });
    expect(mine.status).toBe(200);
    expect(mine.body.data.role).toBe('admin');
    expect((await api(h.app, org.token).post('/api/role_change_details', { entity_id: org.entityId, user_id: other.userId })).status).toBe(404);
    expect((await api(h.app, org.token).post('/api/role_change_details', { entity_id: other.entityId, user_id: other.userId })).status).toBe(404);
  });
});
