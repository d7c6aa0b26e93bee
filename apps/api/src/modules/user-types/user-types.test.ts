import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { journeyFlows, journeys, userTypes, users, userUserTypes } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createMember, createOrg, createPowerless, type Org } from '../../../test/factories';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const body = (name: string, extra: Record<string, unknown> = {}) => ({ name, registration_method: 'allowed', grace_period: 30, ...extra });
async function make(org: Org, name: string, extra: Record<string, unknown> = {}) {
  const res = await api(h.app, org.token).post('/api/user-type', body(name, extra));
  expect(res.status).toBe(201);
  return res.body.data as { id: number; name: string };
}

describe('user types: the five cases', () => {
  it('401 without a token, 403 without the permission, 404 for another organisation', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const t = await make(org, 'Staff');
    expect((await api(h.app).post('/api/user-type', body('X'))).status).toBe(401);
    expect((await api(h.app).get(`/api/user-types/${org.entityId}`)).status).toBe(401);
    const powerless = await createPowerless(h, org);
    expect((await api(h.app, powerless.token).post('/api/user-type', body('Nope'))).status).toBe(403);
    expect((await api(h.app, powerless.token).del(`/api/user-types/${t.id}`)).status).toBe(403);
    expect((await api(h.app, other.token).get(`/api/user-type/${t.id}`)).status).toBe(404);
    expect((await api(h.app, other.token).put(`/api/user-type/update/${t.id}`, body('Hijack'))).status).toBe(404);
    expect((await api(h.app, other.token).del(`/api/user-types/${t.id}`)).status).toBe(404);
    expect((await api(h.app, other.token).get(`/api/user-types/${org.entityId}`)).status).toBe(404);
    expect((await api(h.app, org.token).get(`/api/user-type/${t.id}`)).body.data.name).toBe('Staff');
  });

  it('rules 189-191: name, registration method and a grace period of at least 30 minutes are required; nothing is created', async () => {
    const org = await createOrg(h);
    const res = await api(h.app, org.token).post('/api/user-type', { name: '', grace_period: 29 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['grace_period', 'name', 'registration_method']);
    expect(res.body.errors.grace_period[0]).toMatch(/30 minutes/);
    const list = await api(h.app, org.token).get(`/api/user-types/${org.entityId}`);
    expect(list.body.count).toBe(0);
  });

  it('rule 189: names are unique per organisation (409), but another organisation may reuse them', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    await make(org, 'Visitor');
    const dup = await api(h.app, org.token).post('/api/user-type', body('visitor'));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A user type with this name already exists.');
    await make(other, 'Visitor');
    const uq = await api(h.app, org.token).get(`/api/usertypes/unique?name=VISITOR`);
    expect(uq.body.data.unique).toBe(0);
    expect((await api(h.app, org.token).get(`/api/usertypes/unique?name=Pupil`)).body.data.unique).toBe(1);
  });
});

describe('user types: tree, moves and deletion', () => {
  it('builds a tree, lists children, and refuses a move that makes a cycle', async () => {
    const org = await createOrg(h);
    const staff = await make(org, 'Staff', { is_staff: 1 });
    const teacher = await make(org, 'Teacher', { parent_id: staff.id });
    const head = await make(org, 'Head of year', { parent_id: teacher.id });
    const tree = await api(h.app, org.token).get(`/api/user_type_parent_with_children/${org.entityId}`);
    expect(tree.body.data[0].children[0].children[0].id).toBe(head.id);
    expect((await api(h.app, org.token).get(`/api/user_type_parent/${org.entityId}`)).body.data.map((x: { id: number }) => x.id)).toEqual([staff.id]);
    expect((await api(h.app, org.token).get(`/api/user_type_parent/${org.entityId}/${staff.id}`)).body.data.map((x: { id: number }) => x.id)).toEqual([teacher.id]);
    const cycle = await api(h.app, org.token).put('/api/user-types/move', { id: staff.id, parent_id: head.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.errors.parent_id).toBeDefined();
    const self = await api(h.app, org.token).put(`/api/user-type/update/${staff.id}`, body('Staff', { parent_id: staff.id }));
    expect(self.status).toBe(400);
    const ok = await api(h.app, org.token).put('/api/user-types/move', { id: head.id, parent_id: null });
    expect(ok.status).toBe(200);
    expect(ok.body.data.parent_id).toBeNull();
  });

  it('rule 103: refuses to delete a type people still have, or one the actor has no access to', async () => {
    const org = await createOrg(h);
    const pupil = await make(org, 'Pupil');
    const db = h.services.database.db;
    const [u] = await withTenant(db, org.entityId, (tx) => tx.insert(users).values({ entityId: org.entityId, firstName: 'Ada', lastName: 'Lovelace', userTypeId: pupil.id }).returning());
    expect((await api(h.app, org.token).get(`/api/user-types/count/${pupil.id}`)).body.data.count).toBe(1);
    expect((await api(h.app, org.token).del(`/api/user-types/${pupil.id}`)).status).toBe(409);
    await withTenant(db, org.entityId, (tx) => tx.delete(users).where(eq(users.id, u.id)));
    // An admin limited to other user types may not remove this one.
    const limited = await createMember(h, org, 'admin');
    const other = await make(org, 'Contractor');
    await withTenant(db, org.entityId, async (tx) => {
      await tx.update(users).set({ allUserTypes: false }).where(eq(users.id, limited.userId));
      await tx.insert(userUserTypes).values({ entityId: org.entityId, userId: limited.userId, userTypeId: other.id });
    });
    expect((await api(h.app, limited.token).del(`/api/user-types/${pupil.id}`)).status).toBe(403);
    // Rule 96: the limited admin sees only the granted type.
    expect((await api(h.app, limited.token).get(`/api/user_types/${org.entityId}`)).body.data.map((x: { id: number }) => x.id)).toEqual([other.id]);
    const del = await api(h.app, org.token).del(`/api/user-types/${pupil.id}`);
    expect(del.status).toBe(200);
    expect(await withTenant(db, org.entityId, (tx) => tx.select().from(userTypes).where(eq(userTypes.id, pupil.id)))).toHaveLength(0);
  });

  it('issue 15 part 8: each type shows its own number of active people (users_count), in the list and the tree', async () => {
    const org = await createOrg(h);
    const pupil = await make(org, 'Pupil');
    const staff = await make(org, 'Staff');
    await make(org, 'Contractor');
    const db = h.services.database.db;
    await withTenant(db, org.entityId, (tx) =>
      tx.insert(users).values([
        ...['Ada', 'Bea', 'Cy'].map((firstName) => ({ entityId: org.entityId, firstName, lastName: 'P', userTypeId: pupil.id })),
        { entityId: org.entityId, firstName: 'Dee', lastName: 'S', userTypeId: staff.id },
        { entityId: org.entityId, firstName: 'Old', lastName: 'S', userTypeId: staff.id, status: 'archived' as const },
      ]),
    );
    const counts = (rows: { name: string; users_count?: number }[]) => Object.fromEntries(rows.filter((r) => r.name !== 'Visitor').map((r) => [r.name, r.users_count]));
    expect(counts((await api(h.app, org.token).get(`/api/user-types/list/${org.entityId}`)).body.data)).toMatchObject({ Pupil: 3, Staff: 1, Contractor: 0 });
    expect(counts((await api(h.app, org.token).get(`/api/user_type_parent_with_children/${org.entityId}`)).body.data)).toMatchObject({ Pupil: 3, Staff: 1, Contractor: 0 });
  });

  it('rule 193: switching is allowed only when the type allows it, and never from staff to a visitor type', async () => {
    const org = await createOrg(h);
    const staff = await make(org, 'Staff', { is_staff: 1, allow_switch: 1 });
    const visitor = await make(org, 'Visitor', { allow_switch: 1 });
    const fixed = await make(org, 'Contractor');
    const check = (id: number, to?: number) => api(h.app, org.token).get(`/api/check-change-userType-registration-allowed/${id}${to ? `?to=${to}` : ''}`);
    expect((await check(staff.id, visitor.id)).body.data.can_change_user_type).toBe(0);
    expect((await check(visitor.id, staff.id)).body.data.can_change_user_type).toBe(1);
    expect((await check(fixed.id)).body.data.can_change_user_type).toBe(0);
  });

  it("rule 192: a type cannot be edited to 'registration not required' when a journey of its has another such type", async () => {
    const org = await createOrg(h);
    const staff = await make(org, 'Staff', { registration_method: 'not_required' });
    const pupil = await make(org, 'Pupil', { registration_method: 'by_admin' });
    const loose = await make(org, 'Governor');
    await withTenant(h.services.database.db, org.entityId, async (tx) => {
      const [j] = await tx.insert(journeys).values({ entityId: org.entityId, name: 'School day' }).returning();
      await tx.insert(journeyFlows).values([
        { entityId: org.entityId, journeyId: j.id, userTypeId: staff.id, name: 'Staff' },
        { entityId: org.entityId, journeyId: j.id, userTypeId: pupil.id, name: 'Pupils' },
      ]);
    });
    const res = await api(h.app, org.token).put(`/api/user-type/update/${pupil.id}`, body('Pupil', { registration_method: 'not_required' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.registration_method).toEqual(["The journey “School day” already has a user type with 'registration not required': a journey can have only one."]);
    expect((await api(h.app, org.token).get(`/api/user-type/${pupil.id}`)).body.data.registration_method).toBe('by_admin');
    // Staff keeps its own method; a type in no journey may take it.
    expect((await api(h.app, org.token).put(`/api/user-type/update/${staff.id}`, body('Staff', { registration_method: 'not_required', grace_period: 45 }))).status).toBe(200);
    expect((await api(h.app, org.token).put(`/api/user-type/update/${loose.id}`, body('Governor', { registration_method: 'not_required' }))).status).toBe(200);
  });

  it('answers the QR code, the pre-registration types and host settings', async () => {
    const org = await createOrg(h);
    const staff = await make(org, 'Staff', { registration_method: 'not_required' });
    const visitor = await make(org, 'Visitor', { registration_method: 'approval_required', allowNotSelectHost: 1, host_user_type_ids: [staff.id], mandatory_data: ['email', 'phone'], profile_photo: 1 });
    const qr = await api(h.app, org.token).get(`/api/user-type-qr/${visitor.id}`);
    expect(qr.body.data.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(qr.body.data.url).toContain(`user_type_id=${visitor.id}`);
    const pre = await api(h.app, org.token).get(`/api/user_types_by_pre_registation_method/${org.entityId}`);
    expect(pre.body.data.map((x: { id: number }) => x.id)).toEqual([visitor.id]);
    const one = (await api(h.app, org.token).get(`/api/user-type/${visitor.id}`)).body.data;
    expect(one).toMatchObject({ allowNotSelectHost: 1, hostUserTypesExist: 1, profile_photo: 1, mandatory_data: ['email', 'phone'], registration_method: 'approval_required' });
    expect((await api(h.app, org.token).get(`/api/user-types/sites/flows?site_ids=1,2`)).status).toBe(200);
    expect((await api(h.app, org.token).get(`/api/user-types/list/${org.entityId}?limit=1&page=2&sortField=name`)).body).toMatchObject({ count: 2, data: [{ name: 'Visitor' }] });
  });
});
