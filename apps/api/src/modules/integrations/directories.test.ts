import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations, users } from '../../db/schema/index';
import { createOrg } from '../../../test/factories';
import { startGoogleFake } from '../../../test/fakes/google';
import { startNet2Fake } from '../../../test/fakes/net2';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { fixtures } from '../signin/testing';

/** Paxton Net2 and Google through the API and the sync job (issue 19 parts 2-3, rules 268-278). */
let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

async function settled(a: ReturnType<typeof api>, id: number) {
  for (let i = 0; i < 300; i++) {
    const res = await a.get(`/api/integration/synctempjob/status?id=${id}`);
    if (![0, 1, 2, 6, 11].includes(res.body.data.code)) return res.body.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('sync did not finish');
}

describe('integrations: Paxton Net2 and Google directories through the API', () => {
  it('Net2: departments map to user types, the first sync lists who is in none (rule 278), a leaver is archived on the next full listing', async () => {
    const org = await createOrg(h);
    const net2 = await startNet2Fake({ users: 30 });
    try {
      const a = api(h.app, org.token);
      const f = fixtures(h, org);
      const site = await f.site();
      const staff = await f.userType('Staff');
      const contractor = await f.userType('Contractor');
      const wrong = await a.post(`/api/integration/authentication/${org.entityId}/paxton`, { ...net2.config, password: 'wrong' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors.credentials[0]).toContain('The user name or password is incorrect.');
      const auth = await a.post(`/api/integration/authentication/${org.entityId}/paxton`, net2.config);
      expect(auth.status).toBe(200);
      expect(JSON.stringify(auth.body)).not.toContain(net2.config.password);
      const id = auth.body.data.id as number;
      const pre = await a.get(`/api/integration/preRequest?id=${id}`);
      expect(pre.body.data.groups.map((g: { name: string }) => g.name).sort()).toEqual(['Contractors', 'None', 'Staff', 'Visitors']);
      expect(pre.body.data.fields).toContain('custom.Email');
      const saved = await a.post('/api/integration/directory', {
        id,
        name: 'Doors',
        site_ids: [site.id],
        mapped_fields: { first_name: 'firstName', last_name: 'lastName', email: 'custom.Email', id_number: 'custom.Personnel number' },
        groups: [
          { group_id: '3', user_type_id: staff.id },
          { group_id: '5', user_type_id: contractor.id },
        ],
      });
      expect(saved.status).toBe(200);
      await a.post('/api/integration/firstSync', { id });
      const first = await settled(a, id);
      expect(first.code).toBe(15);
      expect(first.errors.map((e: { type: string }) => e.type)).toContain('NO_GROUP_TO_MAP');
      expect((await a.get(`/api/integration/tempUsers/valid?id=${id}`)).body.count).toBe(20); // departments 3 and 5
      expect((await a.get(`/api/integration/tempUsers/error?id=${id}`)).body.count).toBe(10); // department 4 (Visitors) is unmapped
      await a.post('/api/integration/migrateUsers', { id, migration_field: 'email' });
      expect((await settled(a, id)).migration_stage).toBe('done');
      const synced = async () => (await h.services.database.db.select().from(users).where(eq(users.entityId, org.entityId))).filter((p) => p.idNumber?.startsWith('P'));
      const people = await synced();
      expect(people).toHaveLength(20);
      expect(people.find((p) => p.idNumber === 'P1000')).toMatchObject({ firstName: 'Ana', userTypeId: staff.id });
      // Net2 tracks no changes: the next sync lists everyone; one left, one renamed, one expired.
      net2.state.users.delete(4); // department 3 (ids 1, 4, 7… are Staff; 3, 6… Contractors)
      net2.state.users.get(1)!.lastName = 'Renamed';
      net2.state.users.get(3)!.expiryDate = '2020-01-01T00:00:00+00:00';
      expect((await a.post(`/api/integration/directory/${id}/sync`)).status).toBe(202);
      const next = await settled(a, id);
      expect(next.code).toBe(15); // the Visitors department still waits in the error list
      expect(next.counts).toMatchObject({ updated: 2, archived: 2, unchanged: 17 }); // 20 linked: 1 renamed, 1 expired, 1 gone
      const after = await synced();
      expect(after).toHaveLength(20); // archived, not deleted
      expect(after.filter((p) => p.status === 'archived').map((p) => p.idNumber).sort()).toEqual(['P1002', 'P1003']);
      expect(after.find((p) => p.idNumber === 'P1000')!.lastName).toBe('Renamed');
    } finally {
      await net2.close();
    }
  });

  it('Google: org units map to user types, suspended people are archived, a revoked refresh token is “authentication failed” (code 10)', async () => {
    const org = await createOrg(h);
    const google = await startGoogleFake({ users: 12, groups: 2 });
    try {
      const a = api(h.app, org.token);
      const f = fixtures(h, org);
      const site = await f.site();
      const staff = await f.userType('Staff');
      const pupil = await f.userType('Pupil');
      const none = await a.post(`/api/integration/authentication/${org.entityId}/google`, { base_url: google.config.base_url });
      expect(none.status).toBe(400);
      expect(none.body.errors.credentials).toBeDefined();
      const auth = await a.post(`/api/integration/authentication/${org.entityId}/google`, google.serviceAccountConfig);
      expect(auth.status).toBe(200);
      expect(JSON.stringify(await a.get(`/api/integration/info?id=${auth.body.data.id}`))).not.toContain('PRIVATE KEY');
      const id = auth.body.data.id as number;
      await a.post('/api/integration/directory', {
        id,
        name: 'Workspace',
        site_ids: [site.id],
        mapped_fields: { first_name: 'name.givenName', last_name: 'name.familyName', email: 'primaryEmail', phone: 'phones.value' },
        groups: [
          { group_id: 'ou:/Staff', user_type_id: staff.id },
          { group_id: '03x1', user_type_id: pupil.id },
        ],
      });
      await a.post('/api/integration/firstSync', { id });
      const first = await settled(a, id);
      expect(first.code).toBe(3);
      expect((await a.get(`/api/integration/tempUsers/valid?id=${id}`)).body.count).toBe(12); // /Staff (even) and group 03x1 (odd)
      await a.post('/api/integration/migrateUsers', { id, migration_field: 'email' });
      await settled(a, id);
      const people = await h.services.database.db.select().from(users).where(eq(users.entityId, org.entityId));
      expect(people.filter((p) => p.userTypeId === pupil.id)).toHaveLength(6);
      google.state.users[0].suspended = true;
      await a.post(`/api/integration/directory/${id}/sync`);
      expect((await settled(a, id)).counts).toMatchObject({ archived: 1 });
      const [gone] = await h.services.database.db.select().from(users).where(eq(users.email, google.state.users[0].primaryEmail));
      expect(gone.status).toBe('archived');
      // Re-authenticated with a refresh token that is then revoked: the sync fails with the directory's message.
      expect((await a.post('/api/integration/reAuth', { id, ...google.config, service_account_email: '', private_key: '', admin_email: '' })).status).toBe(200);
      google.state.refreshTokens.clear();
      await a.post(`/api/integration/directory/${id}/sync`);
      const failed = await settled(a, id);
      expect(failed.code).toBe(10);
      const [row] = await h.services.database.db.select().from(integrations).where(eq(integrations.id, id));
      expect(row).toMatchObject({ status: 'auth_failed', lastError: 'Token has been expired or revoked.' });
    } finally {
      await google.close();
    }
  });
});
