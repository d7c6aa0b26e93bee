import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userTypes, users, visits } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg, type Org } from '../../../test/factories';
import { makeArea, makeSite } from '../../../test/places';
import { image, multipart } from './testing';

/** The console's user form (people-pages): multipart with the JSON body in `data` beside the photo; the details view. */
let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const db = () => h.services.database.db;
async function typeOf(org: Org) {
  const [row] = await withTenant(db(), org.entityId, (tx) => tx.insert(userTypes).values({ entityId: org.entityId, name: 'Visitor' }).returning());
  return row.id;
}
const send = (org: Org, url: string, fields: Record<string, string>, photo?: Buffer) => {
  const m = multipart(fields, photo ? { image: { name: 'me.png', data: photo, type: 'image/png' } } : {});
  return h.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...m.headers, authorization: `Bearer ${org.token}` } });
};
const count = async (org: Org) => (await withTenant(db(), org.entityId, (tx) => tx.select().from(users).where(eq(users.entityId, org.entityId)))).length;

describe('the user form as multipart: the JSON body in `data` beside the photo', () => {
  it('keeps lists, records and custom-field values as JSON does (rule 218), and clears lists with []', async () => {
    const org = await createOrg(h);
    const t = await typeOf(org);
    const section = await api(h.app, org.token).post('/api/section', {
      value: 'Visit',
      custom_fields: [
        { name: 'Diet', type: 'checkboxes', options: ['Vegan', 'Halal'] },
        { name: 'Parking', type: 'toggle' },
      ],
    });
    const [diet, parking] = section.body.data.custom_fields as { id: number }[];
    const body = {
      first_name: 'Amira',
      last_name: 'Haddad',
      user_type_id: t,
      labels: ['Year 7', 'Choir'],
      resources: { 'Parking space': 'P-4' },
      custom_fields: [
        { custom_field_id: diet.id, type: 'checkboxes', value: '["Halal"]' },
        { custom_field_id: parking.id, type: 'toggle', value: 1 },
      ],
    };
    const created = await send(org, '/api/users', { data: JSON.stringify(body) }, await image(300, 400, 'png'));
    expect(created.statusCode, created.body).toBe(201);
    const u = created.json().data;
    expect(created.json().message).toBe('User Created');
    expect(u.image).toMatch(/^\/api\/files\/people\//);
    expect(u.labels.map((l: { name: string }) => l.name).sort()).toEqual(['Choir', 'Year 7']);
    expect(u.resources).toEqual({ 'Parking space': 'P-4' });
    const values = Object.fromEntries(u.sections[0].custom_fields.map((f: { custom_field_id: number; value: string }) => [f.custom_field_id, f.value]));
    expect(values).toEqual({ [diet.id]: '["Halal"]', [parking.id]: '1' });

    const updated = await send(org, `/api/users/update/${u.id}`, { data: JSON.stringify({ labels: [], phone_code: null, resources: {} }) }, await image(320, 420, 'png'));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ labels: [], resources: {}, first_name: 'Amira' });
    expect(updated.json().data.image).not.toBe(u.image);
  });

  it('refuses a `data` that is not a JSON object, and a photo under 250 x 300, before anything is written (rule 174)', async () => {
    const org = await createOrg(h);
    const t = await typeOf(org);
    const before = await count(org);
    const broken = await send(org, '/api/users', { data: '{"first_name": "Amira"' }, await image(300, 400, 'png'));
    expect(broken.statusCode).toBe(400);
    const list = await send(org, '/api/users', { data: '["Amira"]' });
    expect(list.statusCode).toBe(400);
    const small = await send(org, '/api/users', { data: JSON.stringify({ first_name: 'Amira', last_name: 'Haddad', user_type_id: t }) }, await image(240, 400, 'png'));
    expect(small.statusCode).toBe(400);
    expect(small.json().errors.image[0]).toBe('The photo must be at least 250 pixels wide and 300 pixels high.');
    const taken = await api(h.app, org.token).post('/api/users', { first_name: 'Lena', last_name: 'Park', user_type_id: t, phone: '7700900123' });
    expect(taken.status).toBe(201);
    const dup = await send(org, '/api/users', { data: JSON.stringify({ first_name: 'Amira', last_name: 'Haddad', user_type_id: t, phone: '7700900123' }) }, await image(300, 400, 'png'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.phone).toEqual(['Phone number already used']);
    expect(await count(org)).toBe(before + 1);
  });
});

describe('the details view (rule 185)', () => {
  it("the last visit names its area; another organisation's person is 404", async () => {
    const org = await createOrg(h);
    const t = await typeOf(org);
    const site = await makeSite(h, org);
    const area = await makeArea(h, org, site.id, { name: 'Science Block' });
    const u = (await api(h.app, org.token).post('/api/users', { first_name: 'Kofi', last_name: 'Mensah', user_type_id: t })).body.data;
    expect((await api(h.app, org.token).get(`/api/user/${u.id}`)).body.data.last_visit).toBeNull();
    await withTenant(db(), org.entityId, (tx) => tx.insert(visits).values({ entityId: org.entityId, userId: u.id, siteId: site.id, areaId: area.id, status: 'signed_in', signedInAt: new Date() }));
    const one = await api(h.app, org.token).get(`/api/user/${u.id}`);
    expect(one.body.data.last_visit).toMatchObject({ status: 'signed_in', area_id: area.id, area: 'Science Block' });
    expect((await api(h.app, (await createOrg(h)).token).get(`/api/user/${u.id}`)).status).toBe(404);
  });
});
