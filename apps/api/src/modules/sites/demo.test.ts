import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOrg } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { seedPlaces } from './demo';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

it('seeds a school with two sites, an area tree, a kiosk and doors', async () => {
  const org = await createOrg(h);
  await seedPlaces(h.services, { entityId: org.entityId, ownerUserId: org.userId, roles: [] });
  const tree = await api(h.app, org.token).get(`/api/sites_and_areas/${org.entityId}`);
  expect(tree.body.data.map((s: { name: string }) => s.name)).toEqual(['Main Campus', 'Sixth Form Centre']);
  const main = tree.body.data[0];
  expect(main).toMatchObject({ areas_count: 8, devices_count: 3, timezone: 'Europe/London' });
  const building = main.areas.find((a: { name: string }) => a.name === 'Main Building');
  expect(building.children.find((a: { name: string }) => a.name === 'Science Block').children).toHaveLength(2);
  const reception = main.areas.find((a: { name: string }) => a.name === 'Main Reception');
  expect(reception.kiosks[0].name).toBe('Reception Kiosk');
  expect(reception.doors[0].name).toBe('Reception Front Door');
});
