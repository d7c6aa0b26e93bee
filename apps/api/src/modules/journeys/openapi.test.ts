import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../../test/harness';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

it('documents every journeys and compliance call in OpenAPI at its documented path', async () => {
  const res = await api(h.app).get('/api/openapi.json');
  expect(res.status).toBe(200);
  const paths = Object.keys(res.body.paths);
  for (const p of ['/api/journey_flow_and_check_user_type_by_joruney/{id}', '/api/compliance-resent', '/api/get_online_compliance_user', '/api/hosts/{journeyId}/{userTypeId}', '/api/journey_flow/{id}']) {
    expect(paths).toContain(p);
  }
});
