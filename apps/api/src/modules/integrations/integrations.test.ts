import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, integrationPeople, integrationRuns, integrations, integrationTempUsers, scans, users } from '../../db/schema/index';
import { createOrg, createPowerless, type Org } from '../../../test/factories';
import { startGraphFake } from './fakes/graph';
import { startWondeFake } from './fakes/wonde';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { fixtures } from '../signin/testing';
import { integrationsTick, resumeRuns } from './runs';

let h: TestApp;
let wonde: Awaited<ReturnType<typeof startWondeFake>>;
beforeAll(async () => {
  h = await buildTestApp();
  wonde = await startWondeFake({ students: 6, employees: 1 });
});
afterAll(async () => {
  await wonde.close();
  await h.close();
});

/** Polls the sync status until it is no longer running (rule 270's codes 0, 1, 2, 6, 11). */
async function settled(a: ReturnType<typeof api>, id: number) {
  for (let i = 0; i < 300; i++) {
    const res = await a.get(`/api/integration/synctempjob/status?id=${id}`);
    if (![0, 1, 2, 6, 11].includes(res.body.data.code)) return res.body.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('sync did not finish');
}

/** An organisation with a site, two user types and a Wonde integration authenticated and set up. */
async function wondeSetup(org: Org, opts: { fake?: typeof wonde } = {}) {
  const fake = opts.fake ?? wonde;
  const a = api(h.app, org.token);
  const f = fixtures(h, org);
  const site = await f.site({ name: 'School', timezone: 'Europe/London' });
  const area = await f.area(site.id, { name: 'Gate' });
  const pupil = await f.userType('Pupil');
  const staff = await f.userType('Staff');
  const auth = await a.post(`/api/integration/authentication/${org.entityId}/wonde`, fake.config);
  expect(auth.status).toBe(200);
  const id = auth.body.data.id as number;
  const saved = await a.post('/api/integration/directory', {
    id,
    name: 'Wonde school',
    site_ids: [site.id],
    mapped_fields: { first_name: 'forename', last_name: 'surname', email: 'contact_details.data.emails.email' },
    groups: [
      { group_id: 'kind:student', user_type_id: pupil.id },
      { group_id: 'kind:employee', user_type_id: staff.id },
    ],
  });
  expect(saved.status).toBe(200);
  return { a, f, site, area, pupil, staff, id };
}

describe('integrations: authentication and settings (rules 266-268, 275, 279)', () => {
  it('refuses a base URL inside our network or without https, with the field’s message in en, ar and es (SSRF guard)', async () => {
    const org = await createOrg(h);
    const a = api(h.app, org.token);
    const meta = await a.post(`/api/integration/authentication/${org.entityId}/wonde`, { ...wonde.config, base_url: 'http://169.254.169.254/latest' });
    expect(meta.status).toBe(400);
    expect(meta.body.errors.base_url).toEqual(['This address is inside a private network. Enter the directory’s public address, or ask whoever runs this Gatehouse server to allow your on-site network.']);
    const azure = await a.post(`/api/integration/authentication/${org.entityId}/azure`, { tenant: 't', client: 'c', secret: 's', base_url: 'https://10.0.0.8/v1.0', login_url: 'http://93.184.216.34' });
    expect(azure.status).toBe(400);
    expect(Object.keys(azure.body.errors).sort()).toEqual(['base_url', 'login_url']);
    await h.services.database.db.update(accounts).set({ lang: 'es' }).where(eq(accounts.id, org.accountId));
    const es = await api(h.app, org.token, 'es').post(`/api/integration/authentication/${org.entityId}/paxton`, { username: 'System engineer', password: 'x', client_id: 'c', server_url: 'http://[::ffff:a9fe:a9fe]:8080/api/v1' });
    expect(es.body.errors.server_url).toEqual(['Esta dirección está dentro de una red privada. Escriba la dirección pública del directorio o pida a quien administra este servidor de Gatehouse que permita la red de su sede.']);
    await h.services.database.db.update(accounts).set({ lang: 'ar' }).where(eq(accounts.id, org.accountId));
    const ar = await api(h.app, org.token, 'ar').post(`/api/integration/authentication/${org.entityId}/azure`, { tenant: 't', client: 'c', secret: 's', login_url: 'http://93.184.216.34' });
    expect(ar.body.errors.login_url[0]).toContain('https://');
    await h.services.database.db.update(accounts).set({ lang: 'en' }).where(eq(accounts.id, org.accountId));
    expect((await h.services.database.db.select().from(integrations).where(eq(integrations.entityId, org.entityId))).length).toBe(0);
  });

  it('authenticates Wonde against its fake, keeps the token sealed and never answers it (rule 267)', async () => {
    const org = await createOrg(h);
    const a = api(h.app, org.token);
    const bad = await a.post(`/api/integration/authentication/${org.entityId}/wonde`, { ...wonde.config, token: 'wrong-token' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.credentials[0]).toContain('refused');
    await h.services.database.db.update(accounts).set({ lang: 'es' }).where(eq(accounts.id, org.accountId));
    const missing = await api(h.app, org.token, 'es').post(`/api/integration/authentication/${org.entityId}/wonde`, { school_id: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.token).toEqual(['Escriba el token.']);
    await h.services.database.db.update(accounts).set({ lang: 'en' }).where(eq(accounts.id, org.accountId));
    const ok = await a.post(`/api/integration/authentication/${org.entityId}/wonde`, wonde.config);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Authentication Success');
    expect(ok.body.data).toMatchObject({ type: 'wonde', status: 'draft', configured: expect.arrayContaining(['token', 'school_id']) });
    const id = ok.body.data.id;
    const [row] = await h.services.database.db.select().from(integrations).where(eq(integrations.id, id));
    expect(row.credentials).not.toContain(wonde.token);
    for (const url of ['/api/integration/directories', `/api/integration/info?id=${id}`, `/api/integration/status?id=${id}`]) {
      expect(JSON.stringify((await a.get(url)).body)).not.toContain(wonde.token);
    }
    const name = await a.post('/api/integration/validate_name', { name: ok.body.data.name });
    expect(name.body.data.unique).toBe(0);
    expect((await a.post('/api/integration/validate_name', { name: 'Another' })).body.data.unique).toBe(1);
    expect((await a.post('/api/integration/validate_name', { name: '' })).status).toBe(400);
    const re = await a.post('/api/integration/reAuth', { id, token: wonde.token });
    expect(re.body.message).toBe('Re-authenticated Successfully');
    expect((await a.post('/api/integration/reAuth', { id, token: 'nope' })).status).toBe(400);
    const refreshed = await a.post('/api/integration/refresh', { id });
    expect(refreshed.status).toBe(200);
    const pre = await a.get(`/api/integration/preRequest?id=${id}`);
    expect(pre.body.data.groups.map((g: { id: string }) => g.id)).toEqual(expect.arrayContaining(['kind:student', 'kind:employee', 'G7R']));
    expect(pre.body.data.fields).toContain('forename');
  });

  it('refuses settings without a name, site, field or group (rule 275) with field messages, in Arabic too', async () => {
    const org = await createOrg(h);
    const { a, id, site, pupil } = await wondeSetup(org);
    await h.services.database.db.update(accounts).set({ lang: 'ar' }).where(eq(accounts.id, org.accountId));
    const res = await api(h.app, org.token, 'ar').post('/api/integration/directory', { id, name: '', site_ids: [], mapped_fields: {}, groups: [] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['groups', 'mapped_fields', 'name', 'site_ids']);
    expect(res.body.errors.site_ids[0]).toBe('اختر موقعًا واحدًا على الأقل.');
    await h.services.database.db.update(accounts).set({ lang: 'en' }).where(eq(accounts.id, org.accountId));
    const other = await createOrg(h);
    const otherSite = await fixtures(h, other).site();
    const foreign = await a.post('/api/integration/directory', { id, name: 'X', site_ids: [otherSite.id], mapped_fields: { first_name: 'forename' }, groups: [{ group_id: 'nope', user_type_id: pupil.id }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toMatchObject({ site_ids: expect.any(Array), groups: expect.any(Array) });
    const unconfigured = await api(h.app, org.token).post(`/api/integration/authentication/${org.entityId}/wonde`, wonde.config);
    expect((await a.post('/api/integration/firstSync', { id: unconfigured.body.data.id })).status).toBe(400);
    void site;
  });
});

describe('integrations: the sync (rules 268-273, 275-278)', () => {
  it('first sync → temporary lists; fix an error, merge a duplicate (never a second person), migrate, then changes archive a leaver', async () => {
    const org = await createOrg(h);
    const fake = await startWondeFake({ students: 5, employees: 1 });
    try {
      fake.state.students[1].forename = ''; // an error: no first name
      const existing = await fixtures(h, org).person({ firstName: 'Cleo', lastName: 'Existing', email: fake.state.students[2].email! });
      const { a, id, pupil } = await wondeSetup(org, { fake });
      const started = await a.post('/api/integration/firstSync', { id });
      expect(started.status).toBe(202);
      expect((await a.post('/api/integration/firstSync', { id })).status).toBeGreaterThanOrEqual(202); // 409 while running, or a new run once done
      const done = await settled(a, id);
      expect(done.code).toBe(15); // done, with errors and duplicates to fix
      const valid = await a.get(`/api/integration/tempUsers/valid?id=${id}`);
      const error = await a.get(`/api/integration/tempUsers/error?id=${id}`);
      const duplicate = await a.get(`/api/integration/tempUsers/duplicate?id=${id}`);
      expect([valid.body.count, error.body.count, duplicate.body.count]).toEqual([4, 1, 1]);
      expect(error.body.data[0].errors.first_name).toEqual(['The first name is missing.']);
      expect(duplicate.body.data[0].duplicate_of.id).toBe(existing.id);
      // Rule 276: mapped fields cannot change while errors or duplicates exist.
      expect((await a.put(`/api/integration/directory/${id}`, { mapped_fields: { first_name: 'legal_forename', last_name: 'surname' } })).status).toBe(409);
      expect((await a.get(`/api/integration/checkDuplicate?id=${id}`)).body.data).toMatchObject({ errors: 1, duplicates: 1, can_edit_fields: 0 });
      const fixed = await a.post('/api/integration/fixError', { temp_user_id: error.body.data[0].id, first_name: 'Benedict' });
      expect(fixed.body.data.state).toBe('valid');
      const noUser = await a.post('/api/integration/fixDuplicate', { temp_user_id: duplicate.body.data[0].id });
      expect(noUser.status).toBe(400);
      expect(noUser.body.message).toBe('Please select a user');
      expect((await a.post('/api/integration/fixDuplicate', { temp_user_id: duplicate.body.data[0].id, action: 'create' })).status).toBe(409);
      expect((await a.post('/api/integration/fixDuplicate', { temp_user_id: duplicate.body.data[0].id, user_id: existing.id })).status).toBe(200);
      const migrate = await a.post('/api/integration/migrateUsers', { id, migration_field: 'email' });
      expect(migrate.status).toBe(202);
      const migrated = await settled(a, id);
      expect(migrated).toMatchObject({ code: 3, migration_stage: 'done', status: 'active' });
      const synced = await a.get(`/api/integration/users/synced?id=${id}&limit=50`);
      expect(synced.body.count).toBe(6);
      const people = await h.services.database.db.select().from(users).where(eq(users.entityId, org.entityId));
      expect(people.filter((p) => p.email === fake.state.students[2].email)).toHaveLength(1); // merged, not created twice
      expect(people.find((p) => p.firstName === 'Benedict')?.userTypeId).toBe(pupil.id);
      // Changes: one renamed, one gone (Wonde updated_after + deletions).
      fake.state.students[3].surname = 'Renamed';
      fake.state.students[3].updated = new Date(Date.now() + 2000).toISOString();
      fake.state.deletions.push({ id: fake.state.students[4].id, type: 'student', deleted_at: new Date(Date.now() + 2000).toISOString() });
      expect((await a.post(`/api/integration/directory/${id}/sync`)).status).toBe(202);
      const second = await settled(a, id);
      expect(second.code).toBe(3);
      expect(second.counts).toMatchObject({ updated: 1, archived: 1 });
      const after = await h.services.database.db.select().from(users).where(eq(users.entityId, org.entityId));
      expect(after.find((p) => p.lastName === 'Renamed')).toBeTruthy();
      expect(after.find((p) => p.email === fake.state.students[4].email)).toMatchObject({ status: 'archived' }); // kept, not deleted
      const logs = await a.get(`/api/integration/SyncLogs?id=${id}`);
      expect(logs.body.data.map((r: { kind: string }) => r.kind)).toEqual(['manual', 'migration', 'first']);
      const stats = await a.get(`/api/integration/statistics?id=${id}`);
      expect(stats.body.data).toMatchObject({ synced_users: 5, archived_users: 1, runs: 3 });
    } finally {
      await fake.close();
    }
  });

  it('Graph: NO_GROUP_TO_MAP for people in no mapped group (rule 278), delta changes after migration, a wrong secret is code 10 and “authentication failed”', async () => {
    const org = await createOrg(h);
    const graph = await startGraphFake({ users: 6, groups: 2 });
    try {
      const a = api(h.app, org.token);
      const f = fixtures(h, org);
      const site = await f.site();
      const staff = await f.userType('Staff');
      const auth = await a.post(`/api/integration/authentication/${org.entityId}/azure`, graph.config);
      expect(auth.status).toBe(200);
      const id = auth.body.data.id;
      await a.post('/api/integration/directory', { id, name: 'Entra', site_ids: [site.id], mapped_fields: { first_name: 'givenName', last_name: 'surname', email: 'mail' }, groups: [{ group_id: 'g-0', user_type_id: staff.id }] });
      await a.post('/api/integration/firstSync', { id });
      const first = await settled(a, id);
      expect(first.errors.map((e: { type: string }) => e.type)).toContain('NO_GROUP_TO_MAP');
      expect((await a.get(`/api/integration/tempUsers/valid?id=${id}`)).body.count).toBe(3);
      expect((await a.get(`/api/integration/tempUsers/error?id=${id}`)).body.data[0].errors.group).toEqual(['The person is in no group that has a user type.']);
      await a.post('/api/integration/migrateUsers', { id, migration_field: 'email' });
      await settled(a, id);
      graph.change('u-000000', { surname: 'Delta' });
      graph.remove('u-000002');
      await a.post(`/api/integration/directory/${id}/sync`);
      const delta = await settled(a, id);
      expect(delta.counts).toMatchObject({ updated: 1, archived: 1 });
      const calls = graph.state.calls.filter((c) => c.includes('/users/delta'));
      expect(calls.at(-1)).toContain('$deltatoken=');
      await a.post('/api/integration/reAuth', { id, secret: 'secret-1' });
      graph.state.tokens.clear();
      const [row] = await h.services.database.db.select().from(integrations).where(eq(integrations.id, id));
      await h.services.database.db.update(integrations).set({ credentials: row.credentials }).where(eq(integrations.id, id));
      expect((await a.post('/api/integration/reAuth', { id, secret: 'wrong' })).status).toBe(400);
    } finally {
      await graph.close();
    }
  });

  it('a sync failing midway resumes where it stopped on Retry (rule 271): nobody lost or doubled', async () => {
    const org = await createOrg(h);
    const fake = await startWondeFake({ students: 450, employees: 0 });
    try {
      const { a, id } = await wondeSetup(org, { fake });
      // Page 2 of the students fails (the directory answers 429 more often than the client retries).
      const originalCalls = fake.state.calls.length;
      let failing = true;
      const server = fake.server;
      const listeners = server.listeners('request');
      server.removeAllListeners('request');
      server.on('request', (req, res) => {
        if (failing && /[?&]page=2(&|$)/.test(req.url ?? '')) {
          res.writeHead(503, { 'content-type': 'application/json' });
          return res.end('{"message":"unavailable"}');
        }
        for (const l of listeners) (l as (q: typeof req, s: typeof res) => void)(req, res);
      });
      await a.post('/api/integration/firstSync', { id });
      const failed = await settled(a, id);
      expect(failed.code).toBe(4);
      const temp = await h.services.database.db.$count(integrationTempUsers, eq(integrationTempUsers.integrationId, id));
      expect(temp).toBe(200); // the first page is kept
      failing = false;
      const retry = await a.post('/api/integration/firstSync', { id });
      expect(retry.body.data.run_id).toBe(failed.run_id); // the same run, resumed
      const done = await settled(a, id);
      expect(done.code).toBe(3);
      expect((await a.get(`/api/integration/tempUsers/valid?id=${id}`)).body.count).toBe(450);
      const firstPages = fake.state.calls.slice(originalCalls).filter((c) => c.includes('/students') && !/[?&]page=/.test(c));
      expect(firstPages).toHaveLength(1); // page 1 was not listed again
    } finally {
      await fake.close();
    }
  });

  it('a run waiting on a slow directory page keeps beating: no sweep takes it over, it finishes once', async () => {
    const org = await createOrg(h);
    const fake = await startWondeFake({ students: 450, employees: 0 });
    const config = h.services.config;
    const beatMs = config.syncHeartbeatMs;
    config.syncHeartbeatMs = 100; // quiet for 300 ms: taken for dead
    try {
      const { a, id } = await wondeSetup(org, { fake });
      // Page 2 takes over six times as long as a run may stay quiet (a directory's Retry-After does that).
      let asked: () => void = () => undefined;
      const slow = new Promise<void>((r) => (asked = r));
      const listeners = fake.server.listeners('request') as ((q: unknown, s: unknown) => void)[];
      fake.server.removeAllListeners('request');
      fake.server.on('request', (req, res) => {
        if (!/[?&]page=2(&|$)/.test(req.url ?? '')) return listeners.forEach((l) => l(req, res));
        asked();
        setTimeout(() => listeners.forEach((l) => l(req, res)), 2000);
      });
      await a.post('/api/integration/firstSync', { id });
      await slow;
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, 400));
        expect(await resumeRuns(h.services)).toBe(0);
      }
      const done = await settled(a, id);
      expect(done).toMatchObject({ code: 3, counts: { listed: 450, valid: 450 } });
      expect(done.counts.resumed).toBeUndefined();
      expect(fake.state.calls.filter((c) => c.includes('/students?include=') && !/[?&]page=/.test(c))).toHaveLength(1);
    } finally {
      config.syncHeartbeatMs = beatMs;
      await fake.close();
    }
  });

  it('a run whose worker died (quiet heartbeat) is resumed once and finished, its log counting the resume; a due automatic sync starts (rule 277)', async () => {
    const org = await createOrg(h);
    const { a, id } = await wondeSetup(org);
    const db = h.services.database.db;
    const [run] = await db.insert(integrationRuns).values({ entityId: org.entityId, integrationId: id, kind: 'first', status: 'running', heartbeatAt: new Date(Date.now() - 3600_000) }).returning();
    // A run still beating is left to its worker, whoever sweeps.
    const [live] = await db.insert(integrationRuns).values({ entityId: org.entityId, integrationId: id, kind: 'auto', status: 'running', heartbeatAt: new Date() }).returning();
    // Two sweeps at once (two processes; this one's own sweep may also run): the run is queued again once.
    const swept = await Promise.all([resumeRuns(h.services), resumeRuns(h.services)]);
    expect(swept[0] + swept[1]).toBeLessThanOrEqual(1);
    const [untouched] = await db.select().from(integrationRuns).where(eq(integrationRuns.id, live.id));
    expect(untouched).toMatchObject({ status: 'running', counts: {} });
    await db.delete(integrationRuns).where(eq(integrationRuns.id, live.id));
    const done = await settled(a, id);
    expect(done.run_id).toBe(run.id);
    expect(done.code).toBe(3);
    expect((await a.get(`/api/integration/SyncLogs?id=${id}`)).body.data[0].counts).toMatchObject({ resumed: 1, valid: 7 });
    expect((await a.get(`/api/integration/tempUsers/valid?id=${id}`)).body.count).toBe(7);
    await a.post('/api/integration/migrateUsers', { id, migration_field: 'email' });
    await settled(a, id);
    expect((await a.post('/api/integration/autoSync', { id, enabled: 1, sync_frequency: 'daily' })).body.data.auto_sync).toBe(1);
    await db.update(integrations).set({ nextSyncAt: new Date(Date.now() - 1000) }).where(eq(integrations.id, id));
    // Rule 269: inactive stops the automatic sync.
    await a.put(`/api/integration/directory/${id}`, { status: 'inactive' });
    expect((await integrationsTick(h.services)).due).toBe(0);
    await a.put(`/api/integration/directory/${id}`, { status: 'active' });
    await db.update(integrations).set({ nextSyncAt: new Date(Date.now() - 1000) }).where(eq(integrations.id, id));
    expect((await integrationsTick(h.services)).due).toBe(1);
    const auto = await settled(a, id);
    expect(auto.code).toBe(3);
    expect((await a.get(`/api/integration/SyncLogs?id=${id}`)).body.data[0].kind).toBe('auto');
    const links = await db.$count(integrationPeople, eq(integrationPeople.integrationId, id));
    expect(links).toBe(7);
  });
});

describe('integrations: write-back to Wonde and attendance codes', () => {
  it('writes a late sign-in back with the reason’s code and minutes late, keeps the writeback_id; ignore and edit before sending', async () => {
    const org = await createOrg(h);
    const { a, f, id, area } = await wondeSetup(org);
    await a.post('/api/integration/firstSync', { id });
    await settled(a, id);
    await a.post('/api/integration/migrateUsers', { id, migration_field: 'email' });
    await settled(a, id);
    const codes = await a.get(`/api/integration/get_attendance_code/${org.entityId}/${id}`);
    expect(codes.status).toBe(200);
    const byCode = Object.fromEntries(codes.body.data.codes.map((c: { code: string; id: number }) => [c.code, c.id]));
    expect(Object.keys(byCode)).toEqual(expect.arrayContaining(['/', 'L', 'U', 'M']));
    const mode = await f.mode({ name: 'School day', fromTime: '08:30:00', toTime: '15:30:00' });
    const late = await f.reason(mode.id, { name: 'Bus late', type: 'late_sign_in', fromTime: '08:30:00', toTime: '10:00:00' });
    const bulk = await a.post('/api/integration/attendance_codes/bulk-update', { integration_id: id, modes: [{ id: mode.id, attendance_code_id: byCode['/'] }], reasons: [{ id: late.id, attendance_code_id: byCode.L }] });
    expect(bulk.body.data.updated).toBe(2);
    expect((await a.post('/api/integration/attendance_codes/bulk-update', { integration_id: id, modes: [{ id: mode.id, attendance_code_id: 999999 }] })).status).toBe(400);
    const [link] = await h.services.database.db.select().from(integrationPeople).where(and(eq(integrationPeople.integrationId, id), eq(integrationPeople.externalId, 'A100000')));
    const [other] = await h.services.database.db.select().from(integrationPeople).where(and(eq(integrationPeople.integrationId, id), eq(integrationPeople.externalId, 'A100001')));
    await f.follow(link.userId, mode.id);
    await f.follow(other.userId, mode.id);
    const today = new Date().toISOString().slice(0, 10);
    const at = new Date(`${today}T08:42:00Z`); // 08:42 in London in winter: 12 minutes late, AM
    const [s1, s2, s3] = await f.run((tx) =>
      tx
        .insert(scans)
        .values([
          { entityId: org.entityId, userId: link.userId, areaId: area.id, direction: 'in', method: 'qr', late: true, reasonId: late.id, at },
          { entityId: org.entityId, userId: other.userId, areaId: area.id, direction: 'in', method: 'qr', at: new Date(`${today}T13:05:00Z`) },
          { entityId: org.entityId, userId: other.userId, areaId: area.id, direction: 'in', method: 'qr', at: new Date(Date.now() - 2 * 86_400_000) },
        ])
        .returning(),
    );
    const list = await a.get(`/api/integration/get_intgration_scancs_list?integration_id=${id}`);
    expect(list.body.count).toBe(3);
    const row1 = list.body.data.find((x: { scan_id: number }) => x.scan_id === s1.id);
    const row2 = list.body.data.find((x: { scan_id: number }) => x.scan_id === s2.id);
    expect(row1).toMatchObject({ session: 'AM', code: 'L', minutes_late: 12, status: 'pending' });
    expect(row2).toMatchObject({ session: 'PM', code: '/' });
    expect((await a.put('/api/integration/edit_intgration_scancs', { ids: [row2.id], attendanceCodeId: byCode.M })).body.data.updated).toBe(1);
    expect((await a.put('/api/integration/ignore_intgration_scancs', { ids: [row2.id] })).body.data.updated).toBe(1);
    const sent = await a.post('/api/integration/writeBack/scans', { id, scan_ids: [s1.id, s2.id] });
    expect(sent.status).toBe(202);
    expect(sent.body.data.updated).toBe(1); // the ignored one stays out
    for (let i = 0; i < 100 && !(await a.get(`/api/integration/get_intgration_scancs_list?integration_id=${id}&status=sent`)).body.count; i++) await new Promise((r) => setTimeout(r, 100));
    const after = await a.get(`/api/integration/get_intgration_scancs_list?integration_id=${id}&status=sent`);
    expect(after.body.data[0].writeback_id).toMatch(/^W\d+$/);
    // Only the chosen sign-ins are sent: the third, pending but not chosen, stays to be sent.
    expect(wonde.state.marks.at(-1)!.attendance).toHaveLength(1);
    const pending = await a.get(`/api/integration/get_intgration_scancs_list?integration_id=${id}&status=pending`);
    expect(pending.body.data.map((x: { scan_id: number }) => x.scan_id)).toEqual([s3.id]);
    const mark = wonde.state.marks.at(-1)!.attendance[0];
    expect(mark).toMatchObject({ date: today, session: 'AM', student_id: 'A100000', attendance_code_id: 'C2', minutes_late: 12 });
    expect((await a.post('/api/integration/writeBack/scans', { id, scan_ids: [] })).status).toBe(400);
  });
});

describe('integrations: every call answers 401, 403 without `integration`, 404 for another organisation', () => {
  it('covers the 33 documented calls', async () => {
    const org = await createOrg(h);
    const { id } = await wondeSetup(org);
    const other = await createOrg(h);
    const { id: foreignId } = await wondeSetup(other);
    const e = org.entityId;
    const calls: [string, string, (x: number) => unknown][] = [
      ['GET', '/api/integration/directories', () => undefined],
      ['POST', `/api/integration/authentication/${e}/wonde`, (x) => ({ ...wonde.config, id: x })],
      ['POST', '/api/integration/validate_name', (x) => ({ name: 'n', id: x })],
      ['POST', '/api/integration/reAuth', (x) => ({ id: x })],
      ['GET', '/api/integration/status?id=%', () => undefined],
      ['GET', '/api/integration/statistics?id=%', () => undefined],
      ['POST', '/api/integration/directory', (x) => ({ id: x, name: 'n', site_ids: [1], mapped_fields: { first_name: 'forename' }, groups: [{ group_id: 'kind:student', user_type_id: 1 }] })],
      ['PUT', '/api/integration/directory/%', () => ({ status: 'active' })],
      ['POST', '/api/integration/directory/%/sync', () => ({})],
      ['POST', '/api/integration/firstSync', (x) => ({ id: x })],
      ['POST', '/api/integration/autoSync', (x) => ({ id: x, enabled: 0 })],
      ['POST', '/api/integration/migrateUsers', (x) => ({ id: x, migration_field: 'email' })],
      ['GET', '/api/integration/synctempjob/status?id=%', () => undefined],
      ['GET', '/api/integration/users/synced?id=%', () => undefined],
      ['GET', '/api/integration/tempUsers/valid?id=%', () => undefined],
      ['GET', '/api/integration/tempUsers/error?id=%', () => undefined],
      ['GET', '/api/integration/tempUsers/duplicate?id=%', () => undefined],
      ['POST', '/api/integration/fixError', () => ({ temp_user_id: 2147483000 })],
      ['POST', '/api/integration/fixDuplicate', () => ({ temp_user_id: 2147483000, user_id: 1 })],
      ['GET', '/api/integration/userType?id=%', () => undefined],
      ['GET', '/api/integration/checkDuplicate?id=%', () => undefined],
      ['GET', '/api/integration/areas?id=%', () => undefined],
      ['GET', '/api/integration/preRequest?id=%', () => undefined],
      ['GET', '/api/integration/info?id=%', () => undefined],
      ['POST', '/api/integration/refresh', (x) => ({ id: x })],
      ['GET', '/api/integration/SyncLogs?id=%', () => undefined],
      ['POST', '/api/integration/writeBack/scans', (x) => ({ id: x, scan_ids: [1] })],
      ['DELETE', '/api/integration/directory/%', () => undefined],
      ['GET', `/api/integration/get_attendance_code/${e}/%`, () => undefined],
      ['POST', '/api/integration/attendance_codes/bulk-update', (x) => ({ integration_id: x })],
      ['GET', '/api/integration/get_intgration_scancs_list?integration_id=%', () => undefined],
      ['PUT', '/api/integration/ignore_intgration_scancs', () => ({ ids: [2147483000] })],
      ['PUT', '/api/integration/edit_intgration_scancs', () => ({ ids: [2147483000], attendanceCodeId: 1 })],
    ];
    expect(calls).toHaveLength(33);
    const powerless = await createPowerless(h, org);
    const send = (token: string | undefined, m: string, url: string, body: unknown) =>
      h.app.inject({ method: m as never, url, payload: body as never, headers: token ? { authorization: `Bearer ${token}` } : {} });
    for (const [m, url, body] of calls) {
      const own = url.replace('%', String(id));
      expect((await send(undefined, m, own, body(id))).statusCode, `${m} ${url} 401`).toBe(401);
      expect((await send(powerless.token, m, own, body(id))).statusCode, `${m} ${url} 403`).toBe(403);
      if (url === '/api/integration/directories' || url === '/api/integration/validate_name') continue;
      const foreign = await send(org.token, m, url.replace('%', String(foreignId)), body(foreignId));
      expect(foreign.statusCode, `${m} ${url} 404`).toBe(404);
    }
    // The other organisation's integration is untouched.
    expect((await api(h.app, other.token).get(`/api/integration/info?id=${foreignId}`)).status).toBe(200);
    // Delete: the people stay.
    const del = await api(h.app, org.token).del(`/api/integration/directory/${id}`);
    expect(del.body.message).toBe('Integration Deleted Successfully');
    expect((await api(h.app, org.token).get(`/api/integration/info?id=${id}`)).status).toBe(404);
  });
});
