import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg } from '../../../test/factories';
import { peopleDemo } from './demo';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

describe('people demo data', () => {
  it('seeds the user-type tree, 40 people with labels and a custom-field section, visible through the API', async () => {
    const org = await createOrg(h);
    await peopleDemo(h.services, { entityId: org.entityId, ownerUserId: org.userId, roles: [] });
    const tree = await api(h.app, org.token).get(`/api/user_type_parent_with_children/${org.entityId}`);
    expect(tree.body.data.map((t: { name: string }) => t.name)).toEqual(['Staff', 'Pupil', 'Visitor', 'Contractor']);
    expect(tree.body.data[0].children[0].name).toBe('Teacher');
    const active = await api(h.app, org.token).get(`/api/users/${org.entityId}?limit=100`);
    expect(active.body.count).toBe(40); // 39 active demo people and the owner
    const grid = await api(h.app, org.token).get(`/api/data_users_grid/${org.entityId}`);
    expect(grid.body.data.counts).toEqual({ active: 40, archived: 1 });
    expect((await api(h.app, org.token).get('/api/section/with_custom_field')).body.data[0].custom_fields).toHaveLength(4);
  });
});
