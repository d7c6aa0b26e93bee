import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scans, userSites, users, visits } from '../../db/schema/index';
import { eq } from 'drizzle-orm';
import { createMember, createOrg, createPowerless, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { fixtures } from '../signin/test-fixtures';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

/** Two sites, a staff and a visitor type, four people and a few days of scans written directly. */
async function logbook(org: Org) {
  const f = fixtures(h, org);
  const school = await f.site({ name: 'North School' });
  const office = await f.site({ name: 'City Office', timezone: 'America/New_York' });
  const hall = await f.area(school.id, { name: 'Main Hall' });
  const lobby = await f.area(office.id, { name: 'Lobby' });
  const staff = await f.userType('Staff');
  const visitor = await f.userType('Visitor');
  const ana = await f.person({ firstName: 'Ana', lastName: 'Garcia', userTypeId: staff.id });
  const ben = await f.person({ firstName: 'Ben', lastName: 'Okafor', userTypeId: visitor.id });
  const rows: (typeof scans.$inferInsert)[] = [
    { entityId: org.entityId, userId: ana.id, areaId: hall.id, direction: 'in', method: 'qr', at: new Date('2026-03-02T08:00:00Z') },
    { entityId: org.entityId, userId: ana.id, areaId: hall.id, direction: 'out', method: 'qr', at: new Date('2026-03-02T16:00:00Z') },
    { entityId: org.entityId, userId: ben.id, areaId: lobby.id, direction: 'in', method: 'name', at: new Date('2026-03-02T14:00:00Z') },
    { entityId: org.entityId, userId: ben.id, areaId: lobby.id, direction: 'out', method: 'auto_midnight', at: new Date('2026-03-03T05:00:00Z') },
    { entityId: org.entityId, userId: ana.id, areaId: hall.id, direction: 'in', method: 'rfid', at: new Date('2026-03-03T08:10:00Z') },
  ];
  const inserted = await f.run((tx) => tx.insert(scans).values(rows).returning());
  return { f, school, office, hall, lobby, staff, visitor, ana, ben, scans: inserted, a: api(h.app, org.token) };
}

/** An employee granted the North School site only (rule 96). */
async function schoolEmployee(org: Org, l: Awaited<ReturnType<typeof logbook>>) {
  const member = await createMember(h, org, 'employee');
  await l.f.run(async (tx) => {
    await tx.update(users).set({ allSites: false }).where(eq(users.id, member.userId));
    await tx.insert(userSites).values({ entityId: org.entityId, userId: member.userId, siteId: l.school.id });
  });
  return member;
}

const q = (filter: object, extra = '') => `filterBy=${encodeURIComponent(JSON.stringify(filter))}${extra}`;

describe('GET /api/visit_list/{entityId} (the logbook)', () => {
  it('pages newest first with a count', async () => {
    const org = await createOrg(h);
    const l = await logbook(org);
    const res = await l.a.get(`/api/visit_list/${org.entityId}?limit=2&page=1`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(5);
    expect(res.body.data.map((s: { id: number }) => s.id)).toEqual([l.scans[4].id, l.scans[3].id]);
    expect(res.body.data[1]).toMatchObject({ type: 'auto_sign_out', full_name: 'Ben Okafor', site: { name: 'City Office' }, area: { name: 'Lobby' }, user_type: { name: 'Visitor' } });
    const page3 = await l.a.get(`/api/visit_list/${org.entityId}?limit=2&page=3`);
    expect(page3.body.data.map((s: { id: number }) => s.id)).toEqual([l.scans[0].id]);
  });

  it('filters by date range, area, site, user type, input method, status and search', async () => {
    const org = await createOrg(h);
    const l = await logbook(org);
    const ids = async (filter: object, extra = '') => (await l.a.get(`/api/visit_list/${org.entityId}?${q(filter, extra)}`)).body.data.map((s: { id: number }) => s.id).sort();
    const s = l.scans.map((x) => x.id);
    expect(await ids({ start_date: '2026-03-03', end_date: '2026-03-03' })).toEqual([s[3], s[4]].sort());
    expect(await ids({ area_id: l.hall.id, start_date: '2026-03-02', end_date: '2026-03-02' })).toEqual([s[0], s[1]].sort());
    expect(await ids({ site_id: [l.office.id] })).toEqual([s[2], s[3]].sort());
    expect(await ids({ user_type_id: l.staff.id })).toEqual([s[0], s[1], s[4]].sort());
    expect(await ids({ input_method: ['rfid', 'name'] })).toEqual([s[2], s[4]].sort());
    expect(await ids({ status: 'auto_sign_out' })).toEqual([s[3]]);
    expect(await ids({ status: 'sign_out' })).toEqual([s[1]]);
    expect(await ids({ search: 'okaf' })).toEqual([s[2], s[3]].sort());
    expect((await l.a.get(`/api/visit_list/${org.entityId}?filterBy=garcia`)).body.count).toBe(3);
  });

  it('filters by scan data type and by temperature, whose default filters nothing (rule 167)', async () => {
    const org = await createOrg(h);
    const l = await logbook(org);
    const s = l.scans.map((x) => x.id);
    await l.f.run(async (tx) => {
      await tx.update(scans).set({ temperature: 38.2 }).where(eq(scans.id, s[0]));
      await tx.update(scans).set({ temperature: 36.4 }).where(eq(scans.id, s[2]));
    });
    const ids = async (filter: object) => (await l.a.get(`/api/visit_list/${org.entityId}?${q(filter)}`)).body.data.map((x: { id: number }) => x.id).sort();
    expect(await ids({ scan_type: 'sign_in' })).toEqual([s[0], s[2], s[4]].sort());
    expect(await ids({ scan_type: ['sign_out', 'auto_sign_out'] })).toEqual([s[1], s[3]].sort());
    expect(await ids({ temperature: 'default' })).toEqual([...s].sort());
    expect(await ids({})).toEqual([...s].sort());
    expect(await ids({ temperature: 'high' })).toEqual([s[0]]);
    expect(await ids({ temperature: 'normal' })).toEqual([s[2]]);
    expect(await ids({ temperature: 'not_taken', scan_type: 'sign_in' })).toEqual([s[4]]);
    const bad = await l.a.get(`/api/visit_list/${org.entityId}?${q({ temperature: 'hot' })}`);
    expect(bad.status).toBe(400);
    expect((await l.a.get(`/api/visit_list/${org.entityId}?${q({ scan_type: 'teleport' })}`)).status).toBe(400);
  });

  it("rows carry their visit's journey stage, date and notes; status 'expected' lists expected visits within the caller's sites", async () => {
    const org = await createOrg(h);
    const l = await logbook(org);
    const [visit] = await l.f.run((tx) =>
      tx
        .insert(visits)
        .values({ entityId: org.entityId, userId: l.ben.id, siteId: l.office.id, areaId: l.lobby.id, status: 'expected', visitDate: '2026-03-05', visitTime: '10:00:00', expectedAt: new Date('2026-03-05T15:00:00Z'), journeyStage: 'ready_to_sign_in', hostUserId: l.ana.id, adminNotes: 'Bring the visitor badge to the lobby.' })
        .returning(),
    );
    await l.f.run((tx) => tx.insert(visits).values({ entityId: org.entityId, userId: l.ana.id, siteId: l.school.id, areaId: l.hall.id, status: 'expected', visitDate: '2026-03-09', expectedAt: new Date('2026-03-09T08:00:00Z') }));
    await l.f.run((tx) => tx.update(scans).set({ visitId: visit.id }).where(eq(scans.id, l.scans[2].id)));
    const one = await l.a.get(`/api/scans/${l.scans[2].id}`);
    expect(one.body.data).toMatchObject({ journey_stage: 'ready_to_sign_in', visit_date: '2026-03-05', visit_time: '10:00:00', admin_notes: 'Bring the visitor badge to the lobby.' });
    const expected = await l.a.get(`/api/visit_list/${org.entityId}?${q({ status: 'expected', start_date: '2026-03-01', end_date: '2026-03-06' })}`);
    expect(expected.status).toBe(200);
    expect(expected.body.count).toBe(1);
    expect(expected.body.data[0]).toMatchObject({ id: visit.id, visit_id: visit.id, type: 'expected', full_name: 'Ben Okafor', at: '2026-03-05T15:00:00.000Z', host: { id: l.ana.id, name: 'Ana Garcia' }, journey_stage: 'ready_to_sign_in', site: { name: 'City Office' } });
    expect((await l.a.get(`/api/visit_list/${org.entityId}?${q({ status: 'expected' })}`)).body.count).toBe(2);
    // What only a scan has matches no expected visit.
    expect((await l.a.get(`/api/visit_list/${org.entityId}?${q({ status: 'expected', input_method: 'qr' })}`)).body.count).toBe(0);
    const member = await schoolEmployee(org, l);
    const theirs = await api(h.app, member.token).get(`/api/visit_list/${org.entityId}?${q({ status: 'expected' })}`);
    expect(theirs.body.data.map((r: { full_name: string }) => r.full_name)).toEqual(['Ana Garcia']);
  });

  it('orders by a documented field and exports every row with isExporting', async () => {
    const org = await createOrg(h);
    const l = await logbook(org);
    const byName = await l.a.get(`/api/visit_list/${org.entityId}?sortField=full_name&orderBy=asc&limit=10`);
    expect(byName.body.data[0].full_name).toBe('Ana Garcia');
    const all = await l.a.get(`/api/visit_list/${org.entityId}?limit=1&isExporting=1`);
    expect(all.body.data.length).toBe(5);
  });

  it('shows only the sites granted to the caller (rule 96)', async () => {
    const org = await createOrg(h);
    const l = await logbook(org);
    const member = await schoolEmployee(org, l);
    const res = await api(h.app, member.token).get(`/api/visit_list/${org.entityId}`);
    expect(res.body.count).toBe(3);
    expect(res.body.data.every((s: { site: { id: number } }) => s.site.id === l.school.id)).toBe(true);
  });

  it('answers 401, 403, 404 and 400 with field messages', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    await logbook(org);
    expect((await api(h.app).get(`/api/visit_list/${org.entityId}`)).status).toBe(401);
    const powerless = await createPowerless(h, org);
    expect((await api(h.app, powerless.token).get(`/api/visit_list/${org.entityId}`)).status).toBe(403);
    expect((await api(h.app, org.token).get(`/api/visit_list/${other.entityId}`)).status).toBe(404);
    const bad = await api(h.app, org.token).get(`/api/visit_list/${org.entityId}?${q({ start_date: 'yesterday' })}&sortField=password&limit=0`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['limit', 'sortField']);
    const badFilter = await api(h.app, org.token).get(`/api/visit_list/${org.entityId}?${q({ start_date: 'yesterday' })}`);
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.errors.filterBy).toEqual(['The filter is not valid.']);
  });
});

describe('GET /api/dashboard/{entityId} (daily counts, rule 163)', () => {
  it('counts sign-ins, sign-outs and people per day in totals.daily, with who is on site now', async () => {
    const org = await createOrg(h);
    const l = await logbook(org);
    await l.f.run((tx) => tx.insert(visits).values({ entityId: org.entityId, userId: l.ana.id, areaId: l.hall.id, siteId: l.school.id, status: 'signed_in', signedInAt: new Date() }));
    const res = await l.a.get(`/api/dashboard/${org.entityId}?start_date=2026-03-01&end_date=2026-03-03`);
    expect(res.status).toBe(200);
    expect(res.body.totals.daily).toEqual([
      { date: '2026-03-01', sign_ins: 0, sign_outs: 0, people: 0 },
      { date: '2026-03-02', sign_ins: 2, sign_outs: 1, people: 2 },
      { date: '2026-03-03', sign_ins: 1, sign_outs: 1, people: 2 },
    ]);
    expect(res.body.totals.on_site).toBe(1);
    // In New York's time zone Ben's 05:00 UTC auto sign-out falls on the 3rd at midnight, his sign-in on the 2nd.
    const ny = await l.a.get(`/api/dashboard/${org.entityId}?start_date=2026-03-02&end_date=2026-03-03&site_id=${l.office.id}`);
    expect(ny.body.totals.daily).toEqual([
      { date: '2026-03-02', sign_ins: 1, sign_outs: 0, people: 1 },
      { date: '2026-03-03', sign_ins: 0, sign_outs: 1, people: 1 },
    ]);
    expect((await l.a.get(`/api/dashboard/${org.entityId}`)).body.totals.daily.length).toBe(7);
  });

  it('answers 401, 403, 404 and 400', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const theirs = await fixtures(h, other).site();
    expect((await api(h.app).get(`/api/dashboard/${org.entityId}`)).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).get(`/api/dashboard/${org.entityId}`)).status).toBe(403);
    expect((await api(h.app, org.token).get(`/api/dashboard/${other.entityId}`)).status).toBe(404);
    expect((await api(h.app, org.token).get(`/api/dashboard/${org.entityId}?site_id=${theirs.id}`)).status).toBe(404);
    const bad = await api(h.app, org.token).get(`/api/dashboard/${org.entityId}?start_date=2025-01-01&end_date=2026-01-01`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.start_date).toEqual(['Choose at most 92 days.']);
    expect((await api(h.app, org.token).get(`/api/dashboard/${org.entityId}?start_date=March`)).status).toBe(400);
  });
});

describe('lookups and one scan', () => {
  it('lists scan data types (and visit statuses with type=visit) and input methods in the caller’s language', async () => {
    const org = await createOrg(h);
    const a = api(h.app, org.token);
    expect((await a.get('/api/sacn_data_type')).body.data.map((d: { id: string }) => d.id)).toEqual(['sign_in', 'sign_out', 'auto_sign_out']);
    expect((await a.get('/api/sacn_data_type?type=visit')).body.data.map((d: { id: string }) => d.id)).toEqual(['expected', 'signed_in', 'signed_out', 'auto_closed']);
    expect((await a.get('/api/sacn_data_type?type=people')).status).toBe(400);
    await a.post('/api/change-lang', { lang: 'ar' });
    expect((await a.get('/api/input_method')).body.data[0]).toEqual({ id: 'qr', name: 'رمز QR' });
    expect((await api(h.app).get('/api/input_method')).status).toBe(401);
    expect((await api(h.app).get('/api/sacn_data_type')).status).toBe(401);
    const powerless = await createPowerless(h, org);
    expect((await api(h.app, powerless.token).get('/api/input_method')).status).toBe(403);
    expect((await api(h.app, powerless.token).get('/api/sacn_data_type')).status).toBe(403);
  });

  it("the logbook's place lookups (areas, kiosks, sites) answer an employee with the dashboard but not sites_devices, within their sites", async () => {
    const org = await createOrg(h);
    const l = await logbook(org);
    const member = await schoolEmployee(org, l);
    const m = api(h.app, member.token);
    expect((await m.get(`/api/sites/${org.entityId}`)).status).toBe(403);
    const areas = await m.get(`/api/areas/${org.entityId}?limit=500`);
    expect(areas.status).toBe(200);
    expect(areas.body.data.map((a: { name: string }) => a.name)).toEqual(['Main Hall']);
    expect((await m.get(`/api/sites/normal/${org.entityId}`)).body.data.map((x: { name: string }) => x.name)).toEqual(['North School']);
    expect((await m.get(`/api/kiosk/${org.entityId}`)).status).toBe(200);
    const powerless = await createPowerless(h, org);
    expect((await api(h.app, powerless.token).get(`/api/areas/${org.entityId}`)).status).toBe(403);
  });

  it('GET /api/scans/{id}: one scan, 404 for another organisation’s', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const l = await logbook(org);
    const res = await l.a.get(`/api/scans/${l.scans[2].id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: l.scans[2].id, full_name: 'Ben Okafor', input_method: 'name', direction: 'in' });
    expect((await api(h.app, other.token).get(`/api/scans/${l.scans[2].id}`)).status).toBe(404);
    expect((await api(h.app).get(`/api/scans/${l.scans[2].id}`)).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).get(`/api/scans/${l.scans[2].id}`)).status).toBe(403);
    expect((await l.a.get('/api/scans/abc')).status).toBe(400);
  });
});
