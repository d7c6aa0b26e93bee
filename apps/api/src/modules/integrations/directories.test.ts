import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationPeople, integrations, net2Visitors, scans, users, visits } from '../../db/schema/index';
import { createOrg } from '../../../test/factories';
import { startGoogleFake } from './fakes/google';
import { startNet2Fake } from './fakes/net2';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { fixtures } from '../signin/testing';
import { readDoorEvents } from './net2-events';
import { net2VisitorSweep, reconcileNet2Visitor } from './net2-visitors';

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

/** Waits until `check` answers true (jobs run in the background, with pg-boss's retries). */
async function until(check: () => boolean | Promise<boolean>, ms = 20_000) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) if (await check()) return;
  throw new Error('timed out');
}

describe('integrations: Paxton Net2 visitors and door events (issue 19 part 4)', () => {
  let net2: Awaited<ReturnType<typeof startNet2Fake>>;
  beforeAll(async () => {
    net2 = await startNet2Fake({ users: 3 });
    net2.state.tokensPerSecond = Infinity;
  });
  afterAll(() => net2.close());

  async function net2Setup(org: Awaited<ReturnType<typeof createOrg>>) {
    const a = api(h.app, org.token);
    const f = fixtures(h, org);
    const site = await f.site({ timezone: 'Europe/London' });
    const area = await f.area(site.id, { name: 'Reception' });
    const visitor = await f.userType('Visitor');
    const auth = await a.post(`/api/integration/authentication/${org.entityId}/paxton`, net2.config);
    expect(auth.status).toBe(200);
    return { a, f, site, area, visitor, id: auth.body.data.id as number };
  }
  const pendingVisit = async (f: ReturnType<typeof fixtures>, p: { site: { id: number }; area: { id: number }; visitor: { id: number } }, personId: number, entityId: number) =>
    (await f.run((tx) => tx.insert(visits).values({ entityId, userId: personId, siteId: p.site.id, areaId: p.area.id, userTypeId: p.visitor.id, status: 'expected', approvalState: 'pending', expectedAt: new Date(Date.now() + 3600_000) }).returning()))[0];
  const net2UsersNamed = (last: string) => [...net2.state.users.values()].filter((u) => u.lastName === last);

  it('an approved visitor of a configured type gets a Net2 user (expiry, card token, access level), retried after a 500; removed when the visit ends or is rejected; another organisation is untouched', async () => {
    const org = await createOrg(h);
    const p = await net2Setup(org);
    const { a, f, id } = p;
    const other = await createOrg(h);
    // Settings: 400 for a user type that is not the organisation's; the options come from the Net2 server.
    const foreignType = await fixtures(h, other).userType('Guest');
    const bad = await a.put(`/api/integration/net2/${id}`, { visitor_access_levels: [{ user_type_id: foreignType.id, access_level_id: 2 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.visitor_access_levels).toBeDefined();
    const options = await a.get(`/api/integration/net2/options?id=${id}`);
    expect(options.body.data.access_levels.map((l: { name: string }) => l.name)).toContain('Visitors - reception');
    expect((await a.put(`/api/integration/net2/${id}`, { visitor_access_levels: [{ user_type_id: p.visitor.id, access_level_id: 2 }] })).status).toBe(200);
    expect((await api(h.app, other.token).put(`/api/integration/net2/${id}`, { door_areas: [] })).status).toBe(404);

    const person = await f.person({ userTypeId: p.visitor.id, firstName: 'Vera', lastName: 'Visitwell' });
    await f.run((tx) => tx.update(users).set({ rfid: '4412345678' }).where(eq(users.id, person.id)));
    const visit = await pendingVisit(f, p, person.id, org.entityId);
    expect(net2UsersNamed('Visitwell')).toHaveLength(0); // nothing before approval
    // Net2 answers 500 five times: the HTTP layer's own five attempts give up, the job fails, pg-boss runs it again.
    net2.state.fail500 = 5;
    const posts = () => net2.state.calls.filter((c) => c === 'POST /api/v1/users').length;
    const before = posts();
    expect((await a.post('/api/approve-visit', { entity_id: org.entityId, visit_id: visit.id })).status).toBe(200);
    await until(async () => (await f.run((tx) => tx.select().from(net2Visitors).where(eq(net2Visitors.visitId, visit.id))))[0]?.state === 'added');
    expect(posts() - before).toBe(6); // five refused, then the job's second run
    const made = net2UsersNamed('Visitwell');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ firstName: 'Vera', accessLevels: [2], tokens: [{ tokenNumber: '4412345678', tokenType: 0 }] });
    // The visit's day on the site's clock (London): the user expires at its last second.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(visit.expectedAt!);
    const expiry = new Date(made[0].expiryDate!);
    expect(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(expiry)).toBe(`${day}, 23:59`);
    // The job again (a retry after a lost answer) does nothing twice.
    await reconcileNet2Visitor(h.services, { entityId: org.entityId, visitId: visit.id });
    expect(net2UsersNamed('Visitwell')).toHaveLength(1);

    // Another organisation: its visit (no Net2 settings) gets nobody on the doors; ours cannot be approved by it.
    const op = await net2Setup(other);
    const stranger = await op.f.person({ userTypeId: op.visitor.id, lastName: 'Strangewell' });
    const theirs = await pendingVisit(op.f, op, stranger.id, other.entityId);
    expect((await a.post('/api/approve-visit', { entity_id: org.entityId, visit_id: theirs.id })).status).toBe(404);
    expect((await op.a.post('/api/approve-visit', { entity_id: other.entityId, visit_id: theirs.id })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(net2UsersNamed('Strangewell')).toHaveLength(0);
    expect(net2UsersNamed('Visitwell')).toHaveLength(1);

    // Rejected after approval: the queued job removes the Net2 user.
    expect((await a.post('/api/reject-approved-visit', { entity_id: org.entityId, visit_id: visit.id })).status).toBe(200);
    await until(() => net2UsersNamed('Visitwell').length === 0);
    // Approved again, then signed out: the minute's sweep removes them (sign-outs are not told one by one).
    expect((await a.post('/api/approve-rejected-visit', { entity_id: org.entityId, visit_id: visit.id })).status).toBe(200);
    await until(() => net2UsersNamed('Visitwell').length === 1);
    await f.run((tx) => tx.update(visits).set({ status: 'signed_out', signedOutAt: new Date() }).where(eq(visits.id, visit.id)));
    expect(await net2VisitorSweep(h.services)).toBeGreaterThanOrEqual(1);
    expect(net2UsersNamed('Visitwell')).toHaveLength(0);
    const [row] = await f.run((tx) => tx.select().from(net2Visitors).where(eq(net2Visitors.visitId, visit.id)));
    expect(row.state).toBe('removed');
  });

  it('door events become sign-ins at the mapped area, once per event, for the people the sync brought', async () => {
    const org = await createOrg(h);
    const p = await net2Setup(org);
    const { a, f, id } = p;
    const badDoor = await a.put(`/api/integration/net2/${id}`, { door_areas: [{ door_id: 'main', area_id: p.area.id }] });
    expect(badDoor.status).toBe(400);
    expect(badDoor.body.errors['door_areas.0.door_id']).toEqual(['This door is not one of the Net2 server’s.']);
    const foreignArea = await fixtures(h, await createOrg(h)).area((await fixtures(h, await createOrg(h)).site()).id);
    expect((await a.put(`/api/integration/net2/${id}`, { door_areas: [{ door_id: '1160131', area_id: foreignArea.id }] })).status).toBe(400);
    expect((await a.put(`/api/integration/net2/${id}`, { door_areas: [{ door_id: '1160131', area_id: p.area.id }] })).body.data.door_areas).toEqual([{ door_id: '1160131', area_id: p.area.id }]);
    const person = await f.person({ firstName: 'Ana' });
    await f.run((tx) => tx.insert(integrationPeople).values({ entityId: org.entityId, integrationId: id, externalId: '2', userId: person.id }));
    const now = Date.now();
    const at = (minAgo: number) => new Date(now - minAgo * 60_000).toISOString();
    const base = net2.state.events.length + 1000;
    net2.state.events.push(
      { id: base + 1, eventType: 20, eventDate: at(5), userId: 2, doorId: 1160131, tokenNumber: '1' }, // granted by card: signed in
      { id: base + 2, eventType: 23, eventDate: at(4), userId: 2, doorId: 1160131, tokenNumber: '1' }, // denied
      { id: base + 3, eventType: 20, eventDate: at(3), userId: 99, doorId: 1160131, tokenNumber: '9' }, // not one of ours
      { id: base + 4, eventType: 26, eventDate: at(2), userId: 2, doorId: 1160132, tokenNumber: '1' }, // a door not mapped
    );
    const first = await readDoorEvents(h.services, org.entityId, id);
    expect(first).toEqual({ read: 3, signedIn: 1, skipped: 2 });
    const theirScans = () => f.run((tx) => tx.select().from(scans).where(eq(scans.userId, person.id)));
    const [scan] = await theirScans();
    expect(scan).toMatchObject({ areaId: p.area.id, direction: 'in', method: 'rfid', at: new Date(at(5)) });
    // Read again: nothing new after the cursor; from the start again, the same event records no second scan.
    expect((await readDoorEvents(h.services, org.entityId, id)).read).toBe(0);
    await f.run((tx) => tx.update(integrations).set({ cursor: {} }).where(eq(integrations.id, id)));
    await readDoorEvents(h.services, org.entityId, id);
    expect(await theirScans()).toHaveLength(1);
  });
});
