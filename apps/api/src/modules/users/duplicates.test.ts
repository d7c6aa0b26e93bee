import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { customFields, customFieldValues, scans, sections, userDocuments, userLabels, userTypes, users, visits } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg, createPowerless, type Org } from '../../../test/factories';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());
const db = () => h.services.database.db;

async function setup(org: Org) {
  const [t] = await withTenant(db(), org.entityId, (tx) => tx.insert(userTypes).values({ entityId: org.entityId, name: 'Visitor' }).returning());
  const mk = async (body: Record<string, unknown>) => (await api(h.app, org.token).post('/api/users', { user_type_id: t.id, ...body })).body.data.id as number;
  return { typeId: t.id, mk };
}

describe('duplicates', () => {
  it('finds pairs by e-mail, phone, ID and similar names, each pair once', async () => {
    const org = await createOrg(h);
    const { mk } = await setup(org);
    const a = await mk({ first_name: 'Jonathan', last_name: 'Smith', email: 'jon@x.test' });
    const b = await mk({ first_name: 'Jonathon', last_name: 'Smith', phone: '5551234' });
    const c = await mk({ first_name: 'Maria', last_name: 'Lopez', phone: '07700900123', id_number: 'P-77' });
    const d = await mk({ first_name: 'Unrelated', last_name: 'Person', phone: '447700900123' });
    const e = await mk({ first_name: 'Kofi', last_name: 'Mensah', email: 'kofi.mensah+work@x.test' });
    const f = await mk({ first_name: 'Abena', last_name: 'Owusu', email: 'kofimensah@x.test', id_number: 'p77' });
    const res = await api(h.app, org.token).get(`/api/get_users_duplicate/${org.entityId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pairs = res.body.data.map((p: { user: { id: number }; duplicate: { id: number }; reasons: string[] }) => [p.user.id, p.duplicate.id, p.reasons]);
    expect(pairs).toContainEqual([a, b, ['name']]);
    expect(pairs).toContainEqual([c, d, ['phone']]);
    expect(pairs).toContainEqual([e, f, ['email']]);
    expect(pairs).toContainEqual([c, f, ['id_number']]);
    expect(res.body.count).toBe(4);
    const byPhone = await api(h.app, org.token).get(`/api/get_users_duplicate/${org.entityId}?filterBy=${encodeURIComponent('{"reason":"phone"}')}`);
    expect(byPhone.body.count).toBe(1);
    expect((await api(h.app, (await createOrg(h)).token).get(`/api/get_users_duplicate/${org.entityId}`)).status).toBe(404);
    expect((await api(h.app, (await createPowerless(h, org)).token).get(`/api/get_users_duplicate/${org.entityId}`)).status).toBe(403);
    expect((await api(h.app).get(`/api/get_users_duplicate/${org.entityId}`)).status).toBe(401);
  });
});

describe('merge_user', () => {
  it("rule 180: 'Please select a user' when none is chosen; nothing changes", async () => {
    const org = await createOrg(h);
    const { mk } = await setup(org);
    const a = await mk({ first_name: 'Solo', last_name: 'Person' });
    const res = await api(h.app, org.token).post('/api/merge_user', { keep_user_id: a });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please select a user');
    expect((await api(h.app, org.token).get(`/api/user/${a}`)).status).toBe(200);
    const other = await createOrg(h);
    expect((await api(h.app, other.token).post('/api/merge_user', { keep_user_id: a, merge_user_id: org.userId })).status).toBe(404);
  });

  it('keeps every visit, scan, document, label and custom-field value of both people', async () => {
    const org = await createOrg(h);
    const { mk } = await setup(org);
    const e = org.entityId;
    const [sec] = await withTenant(db(), e, (tx) => tx.insert(sections).values({ entityId: e, value: 'Details' }).returning());
    const [car, diet, shoe] = await withTenant(db(), e, (tx) =>
      tx.insert(customFields).values([{ entityId: e, sectionId: sec.id, name: 'Car plate', type: 'text' }, { entityId: e, sectionId: sec.id, name: 'Diet', type: 'text' }, { entityId: e, sectionId: sec.id, name: 'Shoe size', type: 'number' }]).returning(),
    );
    const keep = await mk({ first_name: 'Jon', last_name: 'Smith', email: 'jon@x.test', labels: ['Parent'], custom_fields: [{ custom_field_id: car.id, value: 'AB-123' }, { custom_field_id: shoe.id, value: '42' }] });
    const drop = await mk({ first_name: 'Jonathan', last_name: 'Smith', phone: '5551234', id_number: 'P-1', labels: ['Volunteer', 'Parent'], custom_fields: [{ custom_field_id: diet.id, value: 'Vegan' }, { custom_field_id: shoe.id, value: '43' }] });
    await withTenant(db(), e, async (tx) => {
      for (const uid of [keep, drop]) {
        const [v] = await tx.insert(visits).values({ entityId: e, userId: uid, status: 'signed_out' }).returning();
        await tx.insert(scans).values([{ entityId: e, visitId: v.id, userId: uid, direction: 'in', method: 'kiosk' }, { entityId: e, visitId: v.id, userId: uid, direction: 'out', method: 'kiosk' }]);
        await tx.insert(userDocuments).values({ entityId: e, userId: uid, type: 'covid_vaccine', vaccineName: `Dose for ${uid}` });
      }
      await tx.insert(visits).values({ entityId: e, userId: keep, hostUserId: drop, status: 'expected' });
    });
    const res = await api(h.app, org.token).post('/api/merge_user', { keep_user_id: keep, merge_user_id: drop });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Merged User');
    expect(res.body.data).toMatchObject({ id: keep, email: 'jon@x.test', phone: '5551234', id_number: 'P-1' });
    await withTenant(db(), e, async (tx) => {
      expect(await tx.select().from(users).where(eq(users.id, drop))).toHaveLength(0);
      expect(await tx.select().from(visits).where(eq(visits.userId, keep))).toHaveLength(3);
      expect((await tx.select().from(visits).where(eq(visits.hostUserId, keep))).length).toBe(1);
      expect(await tx.select().from(scans).where(eq(scans.userId, keep))).toHaveLength(4);
      expect(await tx.select().from(userDocuments).where(eq(userDocuments.userId, keep))).toHaveLength(2);
      expect(await tx.select().from(userLabels).where(eq(userLabels.userId, keep))).toHaveLength(2);
      const values = await tx.select().from(customFieldValues).where(inArray(customFieldValues.userId, [keep, drop]));
      expect(Object.fromEntries(values.map((v) => [v.customFieldId, [v.userId, v.value]]))).toEqual({ [car.id]: [keep, 'AB-123'], [diet.id]: [keep, 'Vegan'], [shoe.id]: [keep, '42'] });
    });
    // The conflicting value ('43') is kept in the audit entry.
    const audit = await withTenant(db(), e, (tx) => tx.execute(`select changes from audit_log where action = 'merge'` as never));
    expect(JSON.stringify((audit as unknown as { rows: unknown[] }).rows)).toContain('"value":"43"');
  });
});
