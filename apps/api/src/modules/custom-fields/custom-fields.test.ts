import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customFieldValues, sections, userTypes } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg, createPowerless } from '../../../test/factories';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const ALL_TYPES = [
  { name: 'Car plate', type: 'text', binding: 'car_plate', badge_printable: 1 },
  { name: 'Guests', type: 'number' },
  { name: 'Arrival', type: 'date' },
  { name: 'Notes', type: 'long_text', fillable_by_user: 1 },
  { name: 'Mood', type: 'rating', display: 'smileys' },
  { name: 'Service', type: 'rating', display: 'labels', options: ['Poor', 'Good'] },
  { name: 'Parking', type: 'toggle', required_at_pre_registration: 1 },
  { name: 'Allergies', type: 'checkboxes', options: ['Nuts', 'Gluten'] },
  { name: 'Lunch', type: 'radio', options: ['Veg', 'Meat'] },
];

describe('custom fields and sections', () => {
  it('the five cases and rule 12 (plan): 401, 404, 403 without permission or on the lite plan', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const created = await api(h.app, org.token).post('/api/section', { value: 'Visit details', custom_fields: [{ name: 'Car plate', type: 'text' }] });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect((await api(h.app).get('/api/section/with_custom_field')).status).toBe(401);
    expect((await api(h.app, other.token).get(`/api/sections/${id}`)).status).toBe(404);
    expect((await api(h.app, other.token).del(`/api/section/delete_with_custom_field/${id}`)).status).toBe(404);
    expect((await api(h.app, other.token).put(`/api/section/${id}`, { value: 'Mine', custom_fields: [] })).status).toBe(404);
    expect((await api(h.app, (await createPowerless(h, org)).token).post('/api/section', { value: 'X' })).status).toBe(403);
    const lite = await createOrg(h, { plan: 1 });
    const refused = await api(h.app, lite.token).post('/api/section', { value: 'Details' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/professional or enterprise/);
    expect((await api(h.app, lite.token).get('/api/section/with_custom_field')).status).toBe(403);
    expect((await api(h.app, await createOrg(h, { plan: 2 }).then((o) => o.token)).post('/api/section', { value: 'Details' })).status).toBe(201);
  });

  it('rule 216: every type with its options; bad options refused and nothing created', async () => {
    const org = await createOrg(h);
    const ok = await api(h.app, org.token).post('/api/section', { value: 'Everything', custom_fields: ALL_TYPES });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data.custom_fields.map((f: { type: string }) => f.type)).toEqual(ALL_TYPES.map((f) => f.type));
    expect(ok.body.data.custom_fields[0]).toMatchObject({ binding: 'car_plate', badge_printable: 1, fillable_by_user: 0 });
    const bad = await api(h.app, org.token).post('/api/section', { value: 'Broken', custom_fields: [{ name: 'Pick', type: 'radio' }, { name: 'Stars', type: 'rating' }, { name: 'Dup', type: 'checkboxes', options: ['A', 'a'] }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['custom_fields.0.options', 'custom_fields.1.display', 'custom_fields.2.options']);
    const all = await api(h.app, org.token).get('/api/section/with_custom_field');
    expect(all.body.count).toBe(1);
  });

  it('rule 219: section and field names are unique (409)', async () => {
    const org = await createOrg(h);
    await api(h.app, org.token).post('/api/section', { value: 'Vehicle', custom_fields: [{ name: 'Plate', type: 'text' }] });
    expect((await api(h.app, org.token).post('/api/section', { value: 'vehicle' })).status).toBe(409);
    const f = await api(h.app, org.token).post('/api/section', { value: 'Other', custom_fields: [{ name: 'PLATE', type: 'text' }] });
    expect(f.status).toBe(409);
    expect(f.body.message).toBe('A custom field with this name already exists.');
    expect((await api(h.app, org.token).post('/api/section', { value: 'Twice', custom_fields: [{ name: 'A1', type: 'text' }, { name: 'a1', type: 'text' }] })).status).toBe(409);
    expect((await api(h.app, org.token).get('/api/sections/unique?value=VEHICLE')).body.data.unique).toBe(0);
    expect((await api(h.app, org.token).get('/api/section/with_custom_field')).body.count).toBe(1);
  });

  it('rule 218: values are checked per type and stored per user; PUT renames and removes fields', async () => {
    const org = await createOrg(h);
    const sec = (await api(h.app, org.token).post('/api/section', { value: 'Everything', custom_fields: ALL_TYPES })).body.data;
    const byName = Object.fromEntries(sec.custom_fields.map((f: { name: string; id: number }) => [f.name, f.id]));
    const [t] = await withTenant(h.services.database.db, org.entityId, (tx) => tx.insert(userTypes).values({ entityId: org.entityId, name: 'Visitor' }).returning());
    const good = [
      { custom_field_id: byName['Car plate'], value: 'AB-123' },
      { custom_field_id: byName.Guests, value: 3 },
      { custom_field_id: byName.Mood, value: '5' },
      { custom_field_id: byName.Service, value: 'Good' },
      { custom_field_id: byName.Parking, value: 1 },
      { custom_field_id: byName.Allergies, value: '["Nuts"]' },
      { custom_field_id: byName.Lunch, value: 'Veg' },
    ];
    const u = await api(h.app, org.token).post('/api/users', { first_name: 'Ana', last_name: 'Ruiz', user_type_id: t.id, custom_fields: good });
    expect(u.status, JSON.stringify(u.body)).toBe(201);
    const fields = u.body.data.sections[0].custom_fields;
    expect(fields.find((f: { name: string }) => f.name === 'Allergies').value).toBe('["Nuts"]');
    expect(fields.find((f: { name: string }) => f.name === 'Parking').value).toBe('1');
    const bad = await api(h.app, org.token).post(`/api/users/update/${u.body.data.id}`, { custom_fields: [{ custom_field_id: byName.Lunch, value: 'Fish' }, { custom_field_id: byName.Mood, value: '9' }, { custom_field_id: byName.Allergies, value: '["Eggs"]' }, { custom_field_id: 999999, value: 'x' }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toHaveLength(4);
    const put = await api(h.app, org.token).put(`/api/section/${sec.id}`, { value: 'Renamed', custom_fields: [{ id: byName['Car plate'], name: 'Number plate', type: 'text' }] });
    expect(put.body.data.custom_fields).toMatchObject([{ id: byName['Car plate'], name: 'Number plate' }]);
    const left = await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(customFieldValues).where(eq(customFieldValues.userId, u.body.data.id)));
    expect(left.map((v) => v.value)).toEqual(['AB-123']);
    expect((await api(h.app, org.token).del(`/api/section/delete_with_custom_field/${sec.id}`)).status).toBe(200);
    expect(await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(sections).where(eq(sections.id, sec.id)))).toHaveLength(0);
  });
});
