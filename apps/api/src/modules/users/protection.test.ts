import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTypes, users } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createMember, createOrg, type Org } from '../../../test/factories';
import { refusalOf } from './protection';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const db = () => h.services.database.db;
const personOf = async (org: Org, id: number) => (await withTenant(db(), org.entityId, (tx) => tx.select().from(users).where(and(eq(users.entityId, org.entityId), eq(users.id, id)))))[0];
async function visitor(org: Org, email?: string) {
  const [type] = await withTenant(db(), org.entityId, (tx) => tx.insert(userTypes).values({ entityId: org.entityId, name: `Type ${Math.random()}` }).returning());
  const res = await api(h.app, org.token).post('/api/users', { first_name: 'Plain', last_name: 'Visitor', user_type_id: type.id, email });
  expect(res.status).toBe(201);
  return { id: res.body.data.id as number, typeId: type.id };
}

const CONSOLE_ONLY = 'Only an administrator can archive, delete, merge, import over, or change the e-mail, role or access of a person who uses the dashboard.';
const OWNER = "The organisation's owner cannot be archived, deleted, merged, revoked or given another role.";

describe('issue 16 part 1: members with a dashboard role are protected', () => {
  it('the reported three: an employee with the users permission cannot archive, re-mail or merge away the owner', async () => {
    const org = await createOrg(h);
    const employee = api(h.app, (await createMember(h, org, 'employee')).token);
    const archive = await employee.put('/api/users_active', { users: [org.userId], status: 'archived' });
    expect(archive.status).toBe(200);
    expect(archive.body.data).toEqual({ done: [], skipped: [{ id: org.userId, reason: OWNER }] });
    const mail = await employee.post(`/api/users/update/${org.userId}`, { email: 'attacker@evil.test' });
    expect([mail.status, mail.body.message]).toEqual([403, CONSOLE_ONLY]);
    const other = await visitor(org);
    const merge = await employee.post('/api/merge_user', { keep_user_id: other.id, merge_user_id: org.userId });
    expect([merge.status, merge.body.message]).toEqual([403, OWNER]);
    const owner = await personOf(org, org.userId);
    expect(owner).toMatchObject({ status: 'active', email: org.email, roleId: org.roles.admin });
  });

  it('an employee cannot archive, reactivate, delete, merge, re-mail, re-role or re-grant another dashboard user; other details and plain people stay editable', async () => {
    const org = await createOrg(h);
    const employee = api(h.app, (await createMember(h, org, 'employee')).token);
    const colleague = await createMember(h, org, 'employee');
    const plain = await visitor(org, 'plain@people.test');
    const refused = async (res: { status: number; body: { message: string } }) => expect([res.status, res.body.message]).toEqual([403, CONSOLE_ONLY]);
    expect((await employee.put('/api/users_active', { users: [colleague.userId, plain.id], status: 'archived' })).body.data).toEqual({
      done: [plain.id],
      skipped: [{ id: colleague.userId, reason: CONSOLE_ONLY }],
    });
    await refused(await employee.post(`/api/users/update/${colleague.userId}`, { email: 'new@people.test' }));
    await refused(await employee.post('/api/update-user-details', { user_id: colleague.userId, email: 'new@people.test' }));
    await refused(await employee.post(`/api/users/update/${colleague.userId}`, { role_id: org.roles.fire_warden }));
    await refused(await employee.post(`/api/users/update/${colleague.userId}`, { all_sites: false }));
    await refused(await employee.del(`/api/users/${colleague.userId}`));
    await refused(await employee.post('/api/merge_user', { keep_user_id: plain.id, merge_user_id: colleague.userId }));
    await refused(await employee.post('/api/merge_user', { keep_user_id: colleague.userId, merge_user_id: plain.id }));
    // The same e-mail and grants as they are, and other details, are not a change of their dashboard use.
    const same = await employee.post(`/api/users/update/${colleague.userId}`, { email: colleague.email.toUpperCase(), first_name: 'Renamed', all_sites: true });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    // An archived dashboard user is reactivated by an administrator only.
    expect((await api(h.app, org.token).put('/api/users_active', { users: [colleague.userId], status: 'archived' })).body.data.done).toEqual([colleague.userId]);
    expect((await employee.put('/api/users_active', { users: [colleague.userId], status: 'active' })).body.data.skipped).toEqual([{ id: colleague.userId, reason: CONSOLE_ONLY }]);
    expect(await personOf(org, colleague.userId)).toMatchObject({ status: 'archived', email: colleague.email, roleId: org.roles.employee, firstName: 'Renamed' });
    // Plain people: the employee's everyday work is unchanged.
    expect((await employee.post(`/api/users/update/${plain.id}`, { email: 'plain2@people.test' })).status).toBe(200);
    expect((await employee.del(`/api/users/${plain.id}`)).status).toBe(200);
  });

  it('nobody gives themselves a role or wider access', async () => {
    const org = await createOrg(h);
    const member = await createMember(h, org, 'employee');
    await withTenant(db(), org.entityId, (tx) => tx.update(users).set({ allSites: false }).where(eq(users.id, member.userId)));
    const self = await api(h.app, member.token).post(`/api/users/update/${member.userId}`, { all_sites: true });
    expect([self.status, self.body.message]).toEqual([403, 'You cannot change your own role or access.']);
    const plain = await visitor(org);
    const promote = await api(h.app, member.token).post(`/api/users/update/${plain.id}`, { role_id: org.roles.admin });
    expect([promote.status, promote.body.message]).toEqual([403, CONSOLE_ONLY]);
    expect((await personOf(org, member.userId)).allSites).toBe(false);
    expect((await personOf(org, plain.id)).roleId).toBeNull();
  });

  it('even an administrator cannot archive, delete, merge away, demote or revoke the owner; they may change the owner’s e-mail and manage other administrators', async () => {
    const org = await createOrg(h);
    const admin = await createMember(h, org, 'admin');
    const a = api(h.app, admin.token);
    const plain = await visitor(org);
    const owner = async (res: { status: number; body: { message: string } }) => expect([res.status, res.body.message]).toEqual([403, OWNER]);
    expect((await a.put('/api/users_active', { users: [org.userId], status: 'archived' })).body.data.skipped).toEqual([{ id: org.userId, reason: OWNER }]);
    await owner(await a.del(`/api/users/${org.userId}`));
    await owner(await a.post('/api/merge_user', { keep_user_id: plain.id, merge_user_id: org.userId }));
    await owner(await a.post(`/api/users/update/${org.userId}`, { role_id: org.roles.employee }));
    await owner(await a.post(`/api/users/update/${org.userId}`, { role_id: null }));
    expect((await a.post('/api/mass-action-apply-revoke-users', { users: [org.userId] })).body.data.skipped).toEqual([{ id: org.userId, reason: OWNER }]);
    expect(await personOf(org, org.userId)).toMatchObject({ status: 'active', roleId: org.roles.admin, accountId: org.accountId });
    // The owner keeps the admin role (no change), and an administrator may correct the owner's e-mail.
    expect((await a.post(`/api/users/update/${org.userId}`, { role_id: org.roles.admin, email: 'owner@new.test' })).status).toBe(200);
    // Another administrator is an administrator's decision; oneself never.
    const other = await createMember(h, org, 'admin');
    expect((await a.post(`/api/users/update/${other.userId}`, { role_id: org.roles.employee })).status).toBe(200);
    expect((await a.put('/api/users_active', { users: [other.userId, admin.userId], status: 'archived' })).body.data).toEqual({
      done: [other.userId],
      skipped: [{ id: admin.userId, reason: 'You cannot delete or archive yourself.' }],
    });
  });

  it('an invitation is not a way to change a member’s role: people who already have a passport here are skipped', async () => {
    const org = await createOrg(h);
    const member = await createMember(h, org, 'employee');
    const res = await api(h.app, org.token).put('/api/invite_revoke', { users: [member.userId, org.userId], type: 'invite', role_id: org.roles.employee });
    expect(res.body.data.done).toEqual([]);
    expect(res.body.data.skipped.map((s: { reason: string }) => s.reason)).toEqual(['This person already uses the dashboard.', 'This person already uses the dashboard.']);
  });

  it('refusals are in the caller’s language', async () => {
    const org = await createOrg(h);
    const member = await createMember(h, org, 'employee');
    expect((await api(h.app, member.token).post('/api/change-lang', { lang: 'ar' })).status).toBe(200);
    const ar = await api(h.app, member.token).del(`/api/users/${org.userId}`);
    expect([ar.status, ar.body.message]).toEqual([403, 'لا يمكن أرشفة مالك المؤسسة أو حذفه أو دمجه أو إلغاء جوازه أو منحه دورًا آخر.']);
    await api(h.app, member.token).post('/api/change-lang', { lang: 'es' });
    const es = await api(h.app, member.token).del(`/api/users/${org.userId}`);
    expect(es.body.message).toBe('El propietario de la organización no se puede archivar, eliminar, fusionar, revocar ni cambiar de rol.');
  });

  it('the last administrator is kept, whoever asks (the policy, on its own)', () => {
    const p = { ownerId: null, adminRoleId: 1, admins: new Set([7]) };
    const admin = { userId: 9, roleKey: 'admin' as const };
    for (const change of ['archive', 'delete', 'merge', 'revoke'] as const) expect(refusalOf(admin, { id: 7, roleId: 1 }, change, p)).toBe('people.last_admin');
    expect(refusalOf(admin, { id: 7, roleId: 1 }, 'role', p, 2)).toBe('people.last_admin');
    expect(refusalOf(admin, { id: 7, roleId: 1 }, 'role', p, 1)).toBeNull();
    expect(refusalOf(admin, { id: 7, roleId: 1 }, 'email', p)).toBeNull();
    expect(refusalOf(admin, { id: 7, roleId: 1 }, 'archive', { ...p, admins: new Set([7, 8]) })).toBeNull();
  });
});
