import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { invitations, sites, userSites, userTypes, users, userUserTypes } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createMember, createOrg, createPowerless, type Org } from '../../../test/factories';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const db = () => h.services.database.db;
async function setup(org: Org) {
  return withTenant(db(), org.entityId, async (tx) => {
    const [type] = await tx.insert(userTypes).values({ entityId: org.entityId, name: 'Staff' }).returning();
    const [site] = await tx.insert(sites).values({ entityId: org.entityId, name: 'North campus' }).returning();
    return { type: type.id, site: site.id };
  });
}
async function person(org: Org, typeId: number, extra: Record<string, unknown>) {
  const res = await api(h.app, org.token).post('/api/users', { first_name: 'Ada', last_name: 'Lovelace', user_type_id: typeId, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

describe('dashboard invitations with rows (rules 166, 179)', () => {
  it('needs a role, a site, a user type, a country code and an unused phone; failing rows are skipped with every reason (rule 100)', async () => {
    const org = await createOrg(h);
    const { type, site } = await setup(org);
    const ready = await person(org, type, { email: 'ready@invite.test' });
    const empty = await person(org, type, { email: 'empty@invite.test', first_name: 'Empty' });
    await person(org, type, { email: 'taken@invite.test', phone: '5550001', first_name: 'Taken' });
    const clash = await person(org, type, { email: 'clash@invite.test', first_name: 'Clash' });
    const res = await api(h.app, org.token).post('/api/mass-action-apply-invite-users', {
      users: [
        { id: ready, role_id: org.roles.employee, sites: [site], user_types: [type], phone_code: '+44', phone: '7700900' },
        { id: empty, sites: [], user_types: [] },
        { id: clash, role_id: org.roles.employee, sites: [site], user_types: [type], phone_code: '+44', phone: '5550001' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Passport Invitation Sent');
    expect(res.body.data.done).toEqual([ready]);
    const reason = (id: number) => res.body.data.skipped.find((s: { id: number }) => s.id === id)?.reason as string;
    expect(reason(empty)).toContain('Choose the role');
    expect(reason(empty)).toContain('Choose at least one site.');
    expect(reason(empty)).toContain('Choose at least one user type.');
    expect(reason(empty)).toContain('The country code and phone number are required.');
    expect(reason(clash)).toBe('Phone number already used');
    // The ready row's phone and grants are written and its invitation carries the chosen role.
    const [row] = await withTenant(db(), org.entityId, (tx) => tx.select().from(users).where(eq(users.id, ready)));
    expect([row.phone, row.phoneCode, row.allSites, row.allUserTypes]).toEqual(['7700900', '+44', false, false]);
    const grants = await withTenant(db(), org.entityId, async (tx) => [
      (await tx.select().from(userSites).where(eq(userSites.userId, ready))).map((x) => x.siteId),
      (await tx.select().from(userUserTypes).where(eq(userUserTypes.userId, ready))).map((x) => x.userTypeId),
    ]);
    expect(grants).toEqual([[site], [type]]);
    const [inv] = await withTenant(db(), org.entityId, (tx) => tx.select().from(invitations).where(and(eq(invitations.userId, ready), eq(invitations.status, 'pending'))));
    expect(inv.roleId).toBe(org.roles.employee);
    // Nothing was written for the refused rows.
    expect(await withTenant(db(), org.entityId, (tx) => tx.select().from(invitations).where(eq(invitations.userId, clash)))).toEqual([]);
    // The preview answers the rule 179 row with the grants just written.
    const preview = await api(h.app, org.token).get(`/api/mass-action-invite-users?users=${ready}`);
    expect(preview.body.data[0]).toMatchObject({ id: ready, sites: [site], user_types: [type], phone_code: '+44' });
  });

  it('another organisation’s site, role or person is refused; 400 for no rows; 403 for non-administrators and without the permission', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const mine = await setup(org);
    const theirs = await setup(other);
    const id = await person(org, mine.type, { email: 'cross@invite.test' });
    const theirPerson = await person(other, theirs.type, { email: 'their@invite.test' });
    const res = await api(h.app, org.token).post('/api/mass-action-apply-invite-users', {
      users: [
        { id, role_id: other.roles.employee, sites: [theirs.site], user_types: [mine.type], phone_code: '+1', phone: '2025550100' },
        { id: theirPerson, role_id: org.roles.employee, sites: [mine.site], user_types: [mine.type], phone_code: '+1', phone: '2025550101' },
      ],
    });
    expect(res.body.data.done).toEqual([]);
    const reason = (x: number) => res.body.data.skipped.find((s: { id: number }) => s.id === x)?.reason as string;
    expect(reason(id)).toContain('That role does not exist.');
    expect(reason(id)).toContain('outside the sites or user types');
    expect(reason(theirPerson)).toBeTruthy();
    const bad = await api(h.app, org.token).post('/api/mass-action-apply-invite-users', { users: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.users).toContain('Please select a user');
    const row = { id, role_id: org.roles.employee, sites: [mine.site], user_types: [mine.type], phone_code: '+1', phone: '2025550102' };
    expect((await api(h.app, (await createMember(h, org, 'employee')).token).post('/api/mass-action-apply-invite-users', { users: [row] })).status).toBe(403);
    expect((await api(h.app, (await createPowerless(h, org)).token).post('/api/mass-action-apply-invite-users', { users: [row] })).status).toBe(403);
    expect((await api(h.app).post('/api/mass-action-apply-invite-users', { users: [row] })).status).toBe(401);
  });

  it('the users list filters the people who can be invited: an e-mail and no passport', async () => {
    const org = await createOrg(h);
    const { type } = await setup(org);
    const withMail = await person(org, type, { email: 'list@invite.test' });
    const noMail = await person(org, type, { first_name: 'Nomail' });
    const res = await api(h.app, org.token).get(`/api/users/${org.entityId}?filterBy=${encodeURIComponent(JSON.stringify({ invitable: 1 }))}&limit=100`);
    const ids = res.body.data.map((u: { id: number }) => u.id);
    expect(ids).toContain(withMail);
    expect(ids).not.toContain(noMail);
    // The owner has a passport already.
    expect(ids).not.toContain(org.userId);
  });

  it('rule 172: an unknown RFID link answers 404 with its own message', async () => {
    const res = await api(h.app).post('/api/verify-rfid-code', { code: 'not-a-real-code-123' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('This RFID enrolment link is not valid or has expired.');
  });
});
