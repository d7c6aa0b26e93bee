import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg } from '../../../test/factories';
import { seedExpectedVisitors } from './demo';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

describe('demo data', () => {
  it('seeds expected visitors for today and tomorrow and a working pre-registration link', async () => {
    const org = await createOrg(h);
    await seedExpectedVisitors(h.services, { entityId: org.entityId, ownerUserId: org.userId, roles: [] });
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const summary = await api(h.app, org.token).get(`/api/expected_visits_summary/${org.entityId}?start_date=${today}&end_date=${tomorrow}`);
    expect(summary.body.data.map((d: { date: string; total: number }) => [d.date, d.total])).toEqual([
      [today, 3],
      [tomorrow, 2],
    ]);
    const links = await api(h.app, org.token).get(`/api/pre_registration_links/${org.entityId}`);
    const types = await api(h.app).get(`/api/get_pre_registration_user_type/en/${links.body.data[0].code}`);
    expect(types.body.data.map((t: { name: string }) => t.name)).toEqual(['Visitor', 'Contractor']);
  });
});
