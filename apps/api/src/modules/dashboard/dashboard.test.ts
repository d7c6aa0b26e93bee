import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, journeys, preRegistrationLinks, scans, visits } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { makeArea, makeSite, pairKiosk } from '../../../test/places';
import { eq } from 'drizzle-orm';
import { createOrg, createPowerless } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { logbook, siteLimitedMember } from './test-logbook';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const q = (filter: object, extra = '') => `filterBy=${encodeURIComponent(JSON.stringify(filter))}${extra}`;

describe('GET /api/visit_list/{entityId} (the logbook)', () => {
  it('pages newest first with a count', async () => {
    const org = await createOrg(h);
    const l = await logbook(h, org);
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
    const l = await logbook(h, org);
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
    const l = await logbook(h, org);
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
    const l = await logbook(h, org);
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
    // Issue 15 part 4: "Awaiting approval" in the status filter lists the expected visits whose approval is pending.
    expect((await l.a.get(`/api/visit_list/${org.entityId}?${q({ status: 'awaiting_approval' })}`)).body.count).toBe(0);
    await l.f.run((tx) => tx.update(visits).set({ approvalState: 'pending' }).where(eq(visits.id, visit.id)));
    const awaiting = await l.a.get(`/api/visit_list/${org.entityId}?${q({ status: 'awaiting_approval' })}`);
    expect(awaiting.body.count).toBe(1);
    expect(awaiting.body.data[0]).toMatchObject({ visit_id: visit.id, visit_status: 'awaiting_approval', full_name: 'Ben Okafor' });
    const member = await siteLimitedMember(h, org, l.school.id);
    const theirs = await api(h.app, member.token).get(`/api/visit_list/${org.entityId}?${q({ status: 'expected' })}`);
    expect(theirs.body.data.map((r: { full_name: string }) => r.full_name)).toEqual(['Ana Garcia']);
  });

  it('orders by a documented field and exports every row with isExporting', async () => {
    const org = await createOrg(h);
    const l = await logbook(h, org);
    const byName = await l.a.get(`/api/visit_list/${org.entityId}?sortField=full_name&orderBy=asc&limit=10`);
    expect(byName.body.data[0].full_name).toBe('Ana Garcia');
    const all = await l.a.get(`/api/visit_list/${org.entityId}?limit=1&isExporting=1`);
    expect(all.body.data.length).toBe(5);
  });

  it('shows only the sites granted to the caller (rule 96)', async () => {
    const org = await createOrg(h);
    const l = await logbook(h, org);
    const member = await siteLimitedMember(h, org, l.school.id);
    const res = await api(h.app, member.token).get(`/api/visit_list/${org.entityId}`);
    expect(res.body.count).toBe(3);
    expect(res.body.data.every((s: { site: { id: number } }) => s.site.id === l.school.id)).toBe(true);
  });

  it('answers 401, 403, 404 and 400 with field messages', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    await logbook(h, org);
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

describe('lookups and one scan', () => {
  it('lists scan data types (and visit statuses with type=visit) and input methods in the caller’s language', async () => {
    const org = await createOrg(h);
    const a = api(h.app, org.token);
    expect((await a.get('/api/sacn_data_type')).body.data.map((d: { id: string }) => d.id)).toEqual(['sign_in', 'sign_out', 'auto_sign_out']);
    expect((await a.get('/api/sacn_data_type?type=visit')).body.data.map((d: { id: string }) => d.id)).toEqual(['expected', 'signed_in', 'signed_out', 'auto_closed', 'awaiting_approval']);
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
    const l = await logbook(h, org);
    const member = await siteLimitedMember(h, org, l.school.id);
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
    const l = await logbook(h, org);
    const res = await l.a.get(`/api/scans/${l.scans[2].id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: l.scans[2].id, full_name: 'Ben Okafor', input_method: 'name', direction: 'in' });
    expect((await api(h.app, other.token).get(`/api/scans/${l.scans[2].id}`)).status).toBe(404);
    expect((await api(h.app).get(`/api/scans/${l.scans[2].id}`)).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).get(`/api/scans/${l.scans[2].id}`)).status).toBe(403);
    expect((await l.a.get('/api/scans/abc')).status).toBe(400);
  });
});

describe('GET /api/dashboard/setup/{entityId} (the first-run checklist, issue 15 part 4)', () => {
  it('ticks each step from the organisation’s own data, and another organisation’s id is 404', async () => {
    const org = await createOrg(h);
    const a = api(h.app, org.token);
    const steps = async () => {
      const res = await a.get(`/api/dashboard/setup/${org.entityId}`);
      expect(res.status).toBe(200);
      return Object.fromEntries(res.body.data.steps.map((s: { key: string; done: number }) => [s.key, s.done]));
    };
    expect(await steps()).toEqual({ site: 0, area: 0, kiosk: 0, journey: 0, link: 0 });
    const site = await makeSite(h, org);
    const area = await makeArea(h, org, site.id);
    expect(await steps()).toMatchObject({ site: 1, area: 1, kiosk: 0, journey: 0, link: 0 });
    await pairKiosk(h, org, area.id);
    const [journey] = await withTenant(h.services.database.db, org.entityId, (tx) => tx.insert(journeys).values({ entityId: org.entityId, name: 'Visitors' }).returning());
    // A journey nobody follows is not yet set up.
    expect(await steps()).toMatchObject({ kiosk: 1, journey: 0 });
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.update(areas).set({ journeyId: journey.id }).where(eq(areas.id, area.id)));
    expect(await steps()).toMatchObject({ journey: 1, link: 0 });
    // An expired link does not count; an open one does.
    await withTenant(h.services.database.db, org.entityId, (tx) =>
      tx.insert(preRegistrationLinks).values({ entityId: org.entityId, code: `expired-${org.entityId}`, journeyId: journey.id, areaId: area.id, expiresAt: new Date(Date.now() - 60_000) }),
    );
    expect((await steps()).link).toBe(0);
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.insert(preRegistrationLinks).values({ entityId: org.entityId, code: `open-${org.entityId}`, journeyId: journey.id, areaId: area.id }));
    const done = await a.get(`/api/dashboard/setup/${org.entityId}`);
    expect(done.body.data.complete).toBe(1);
    const other = await createOrg(h);
    expect((await api(h.app, other.token).get(`/api/dashboard/setup/${org.entityId}`)).status).toBe(404);
    expect((await api(h.app, (await createPowerless(h, org)).token).get(`/api/dashboard/setup/${org.entityId}`)).status).toBe(403);
  });
});
