import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg } from '../../../test/factories';
import { createPlace } from './test-fixtures';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const section = (value: string) => ({
  value,
  custom_fields: [
    { name: `${value} dietary needs`, type: 'text', fillable_by_user: 1 },
    { name: `${value} vehicle plate`, type: 'text', required_at_pre_registration: 1 },
    { name: `${value} internal note`, type: 'text' },
  ],
});

describe('GET /api/get_custom_fields_to_expected_visit/{lang} (rules 87, 12, 217)', () => {
  it('answers the fields a visitor fills in, without a token; internal fields stay hidden', async () => {
    const org = await createOrg(h, { plan: 2 });
    const place = await createPlace(h, org);
    expect((await api(h.app, org.token).post('/api/section', section('Visit'))).status).toBe(201);
    const res = await api(h.app).get(`/api/get_custom_fields_to_expected_visit/es?link=${place.link.code}`);
    expect(res.status).toBe(200);
    const names = res.body.data.flatMap((s: { custom_fields: { name: string }[] }) => s.custom_fields.map((f) => f.name));
    expect(names).toEqual(['Visit dietary needs', 'Visit vehicle plate']);
    expect(res.body.data[0].custom_fields[1].required).toBe(1);
  });

  it('answers none on the lite plan (rule 12), 404 for an unknown link and 400 for a malformed one', async () => {
    const lite = await createOrg(h, { plan: 1 });
    const place = await createPlace(h, lite);
    const res = await api(h.app).get(`/api/get_custom_fields_to_expected_visit/en?link=${place.link.code}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect((await api(h.app).get(`/api/get_custom_fields_to_expected_visit/en?link=${'x'.repeat(32)}`)).status).toBe(404);
    expect((await api(h.app).get('/api/get_custom_fields_to_expected_visit/en')).status).toBe(400);
    expect((await api(h.app).get(`/api/get_custom_fields_to_expected_visit/fr?link=${place.link.code}`)).status).toBe(400);
  });

  it("a link shows only its own organisation's fields", async () => {
    const a = await createOrg(h, { plan: 3 });
    const b = await createOrg(h, { plan: 3 });
    const placeA = await createPlace(h, a);
    await api(h.app, b.token).post('/api/section', section('Other'));
    await api(h.app, a.token).post('/api/section', section('Mine'));
    const res = await api(h.app).get(`/api/get_custom_fields_to_expected_visit/en?link=${placeA.link.code}`);
    expect(JSON.stringify(res.body)).not.toContain('Other');
    expect(JSON.stringify(res.body)).toContain('Mine');
  });
});
