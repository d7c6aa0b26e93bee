import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg } from '../../../test/factories';
import { seedJourneys } from './demo';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

it('seeds a School reception journey with visitor, contractor and staff flows and a health questionnaire', async () => {
  const org = await createOrg(h);
  await seedJourneys(h.services, { entityId: org.entityId, ownerUserId: org.userId, roles: [] });
  const c = api(h.app, org.token);
  const list = await c.get(`/api/journeys/${org.entityId}`);
  expect(list.body.data.map((j: { name: string }) => j.name)).toEqual(['School reception']);
  const builder = await c.get(`/api/journey_flow_builder/${list.body.data[0].id}`);
  expect(builder.body.data.flows.map((f: { name: string }) => f.name)).toEqual(['Visitors', 'Contractors', 'Staff']);
  const compliances = await c.get(`/api/compliances/${org.entityId}`);
  expect(compliances.body.data[0]).toMatchObject({ name: 'Health questionnaire', version: 1 });
  expect(compliances.body.data[0].questions).toHaveLength(3);
});
