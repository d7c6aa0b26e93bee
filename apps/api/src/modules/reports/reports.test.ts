import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, areas, auditLog, kioskRequests, privacyRuns, scans, sites, userAttendanceModes, users, userSites, userUserTypes, visits } from '../../db/schema/index';
import { createMember, createOrg, createPowerless, PASSWORD, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { fixtures } from '../signin/testing';
import { reportsOrg } from './test-reports';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

/**
 * People of the organisation and a day of visits (2 March 2026: London is on GMT, Los Angeles on UTC-8):
 * Ana in the hall 08:00-16:00, Ben in the hall 10:00-11:30 and in the library 12:00-13:00, Cat in the hall
 * 15:30-17:00; in the LA lobby Dan 23:30-00:00 local (07:30-08:00Z on the 3rd) and Erin 09:05-17:30 local
 * (17:05Z on the 2nd to 01:30Z on the 3rd); Fred in the hall on the 4th 09:20-17:00.
 */
async function day(org: Org) {
  const r = await reportsOrg(h, org);
  const { f, hall, library, lobby, staff, visitor, visit } = r;
  const at = (a: { id: number; siteId: number }) => a;
  const ana = await f.person({ firstName: 'Ana', lastName: 'Garcia', userTypeId: staff.id });
  const ben = await f.person({ firstName: 'Ben', lastName: 'Okafor', userTypeId: visitor.id });
  const cat = await f.person({ firstName: 'Cat', lastName: 'Jones', userTypeId: visitor.id });
  const dan = await f.person({ firstName: 'Dan', lastName: 'Wu', userTypeId: staff.id });
  const erin = await f.person({ firstName: 'Erin', lastName: 'Lopez', userTypeId: staff.id });
  const fred = await f.person({ firstName: 'Fred', lastName: 'Smith', userTypeId: staff.id });
  const anaHall = await visit(ana.id, at(hall), '2026-03-02T08:00:00Z', '2026-03-02T16:00:00Z');
  const benHall = await visit(ben.id, at(hall), '2026-03-02T10:00:00Z', '2026-03-02T11:30:00Z');
  await visit(ben.id, at(library), '2026-03-02T12:00:00Z', '2026-03-02T13:00:00Z');
  await visit(cat.id, at(hall), '2026-03-02T15:30:00Z', '2026-03-02T17:00:00Z');
  await visit(dan.id, at(lobby), '2026-03-03T07:30:00Z', '2026-03-03T08:00:00Z', {}, 'rfid');
  const erinLobby = await visit(erin.id, at(lobby), '2026-03-02T17:05:00Z', '2026-03-03T01:30:00Z');
  await visit(fred.id, at(hall), '2026-03-04T09:20:00Z', '2026-03-04T17:00:00Z');
  return { ...r, ana, ben, cat, dan, erin, fred, anaHall, benHall, erinLobby };
}

/** The owner's account speaks Spanish (the user's language decides the messages). */
async function spanish(org: Org) {
  await h.services.database.db.update(accounts).set({ lang: 'es' }).where(eq(accounts.id, org.accountId));
  return api(h.app, org.token);
}

const q = (o: Record<string, unknown>) => new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)])).toString();

/** A member with the reporting role who sees only one site (rule 96). */
async function siteLimited(org: Org, siteId: number) {
  const m = await createMember(h, org, 'employee_reporting');
  await fixtures(h, org).run(async (tx) => {
    await tx.update(users).set({ allSites: false }).where(eq(users.id, m.userId));
    await tx.insert(userSites).values({ entityId: org.entityId, userId: m.userId, siteId });
  });
  return api(h.app, m.token);
}

describe('GET /api/visit_summary/{entityId} (rule 292)', () => {
  it('counts sign-ins, sign-outs and people on the sites’ local days, by day, site, area, user type and input method', async () => {
    const org = await createOrg(h);
    const d = await day(org);
    const res = await d.a.get(`/api/visit_summary/${org.entityId}?start=2026-03-01&end=2026-03-02`);
    expect(res.status).toBe(200);
    const s = res.body.data;
    // Dan's 23:30 in Los Angeles is 2 March there, though 3 March in UTC; his 00:00 sign-out is the 3rd.
    expect(s.totals).toEqual({ sign_ins: 6, sign_outs: 5, people: 5 });
    expect(s.by_day).toEqual([
      { date: '2026-03-01', sign_ins: 0, sign_outs: 0, people: 0 },
      { date: '2026-03-02', sign_ins: 6, sign_outs: 5, people: 5 },
    ]);
    expect(s.by_site).toEqual([
      { id: d.london.id, name: 'London School', sign_ins: 4, people: 3 },
      { id: d.la.id, name: 'LA Office', sign_ins: 2, people: 2 },
    ]);
    expect(s.by_area.find((x: { name: string }) => x.name === 'Hall')).toMatchObject({ sign_ins: 3, people: 3 });
    expect(s.by_user_type).toEqual([
      { id: d.staff.id, name: 'Staff', sign_ins: 3, people: 3 },
      { id: d.visitor.id, name: 'Visitor', sign_ins: 3, people: 2 },
    ]);
    expect(s.by_input_method).toEqual([
      { id: 'qr', name: 'qr', sign_ins: 5, people: 4 },
      { id: 'rfid', name: 'rfid', sign_ins: 1, people: 1 },
    ]);
    const one = await d.a.get(`/api/visit_summary/${org.entityId}?start=2026-03-02&end=2026-03-02&site_id=${d.la.id}`);
    expect(one.body.data.totals).toEqual({ sign_ins: 2, sign_outs: 1, people: 2 });
  });

  it('counts only the caller’s sites (rule 96), and answers 404 for another organisation’s site', async () => {
    const org = await createOrg(h);
    const d = await day(org);
    const limited = await siteLimited(org, d.la.id);
    const res = await limited.get(`/api/visit_summary/${org.entityId}?start=2026-03-02&end=2026-03-02`);
    expect(res.body.data.totals.sign_ins).toBe(2);
    expect((await limited.get(`/api/visit_summary/${org.entityId}?start=2026-03-02&end=2026-03-02&site_id=${d.london.id}`)).status).toBe(404);
    const other = await createOrg(h);
    const o = await reportsOrg(h, other);
    expect((await d.a.get(`/api/visit_summary/${org.entityId}?start=2026-03-02&end=2026-03-02&site_id=${o.london.id}`)).status).toBe(404);
  });

  it('refuses an end before its start and a range of ten years with field messages; 401, 403 and 404 as usual', async () => {
    const org = await createOrg(h);
    const a = await spanish(org);
    const back = await a.get(`/api/visit_summary/${org.entityId}?start=2026-03-02&end=2026-03-01`);
    expect(back.status).toBe(400);
    expect(back.body.errors.end).toEqual(['El final no puede ser anterior al inicio.']);
    const long = await a.get(`/api/visit_summary/${org.entityId}?start=2016-01-01&end=2025-12-31`);
    expect(long.status).toBe(400);
    expect(long.body.errors.end[0]).toMatch(/demasiado largo/);
    expect((await a.get(`/api/visit_summary/${org.entityId}?start=2026-13-45&end=2026-03-01`)).status).toBe(400);
    expect((await api(h.app).get(`/api/visit_summary/${org.entityId}?start=2026-03-01&end=2026-03-02`)).status).toBe(401);
    const powerless = await createPowerless(h, org);
    expect((await api(h.app, powerless.token).get(`/api/visit_summary/${org.entityId}?start=2026-03-01&end=2026-03-02`)).status).toBe(403);
    const other = await createOrg(h);
    expect((await a.get(`/api/visit_summary/${other.entityId}?start=2026-03-01&end=2026-03-02`)).status).toBe(404);
  });
});

/**
 * What the kept daily counts must hold, computed from the scans themselves: sign-ins and sign-outs, and the people
 * who signed in, by the site's local day, site, area, user type (the person's now) and input method.
 */
async function countsFromScans(entityId: number) {
  const q = (text: string) => h.services.database.sql.query<Record<string, unknown>>(text, [entityId]).then((r) => r.rows);
  const from = `from scans sc join areas a on a.id = sc.area_id join sites s on s.id = a.site_id join users u on u.id = sc.user_id where sc.entity_id = $1`;
  const key = `(sc.at at time zone s.timezone)::date::text as day, s.id as site_id, sc.area_id, u.user_type_id, sc.method`;
  return {
    counts: await q(`select ${key}, count(*) filter (where sc.direction = 'in')::int as sign_ins, count(*) filter (where sc.direction = 'out')::int as sign_outs
      ${from} group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
    people: await q(`select ${key}, sc.user_id, count(*)::int as sign_ins ${from} and sc.direction = 'in' group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`),
  };
}

async function keptCounts(entityId: number) {
  const q = (text: string) => h.services.database.sql.query<Record<string, unknown>>(text, [entityId]).then((r) => r.rows);
  const key = `day::text as day, site_id, area_id, user_type_id, method`;
  return {
    counts: await q(`select ${key}, sign_ins, sign_outs from scan_day_counts where entity_id = $1 order by 1, 2, 3, 4, 5`),
    people: await q(`select ${key}, user_id, sign_ins from scan_day_people where entity_id = $1 order by 1, 2, 3, 4, 5, 6`),
  };
}

/** The summary's totals and sites, from the scans (the reference the kept counts must give). */
async function summaryFromScans(entityId: number, start: string, end: string, siteIds?: number[]) {
  const rows = (
    await h.services.database.sql.query<{ site_id: number | null; sign_ins: number; sign_outs: number; people: number }>(
      `select s.id as site_id, count(*) filter (where sc.direction = 'in')::int as sign_ins, count(*) filter (where sc.direction = 'out')::int as sign_outs,
              count(distinct sc.user_id) filter (where sc.direction = 'in')::int as people
       from scans sc join areas a on a.id = sc.area_id join sites s on s.id = a.site_id
       where sc.entity_id = $1 and (sc.at at time zone s.timezone)::date between $2::date and $3::date and ($4::int[] is null or s.id = any($4))
       group by grouping sets ((s.id), ()) order by s.id nulls first`,
      [entityId, start, end, siteIds ?? null],
    )
  ).rows;
  const [total, ...bySite] = rows;
  return { totals: { sign_ins: total?.sign_ins ?? 0, sign_outs: total?.sign_outs ?? 0, people: total?.people ?? 0 }, bySite };
}

describe('the visit summary’s kept daily counts (issue 18: performance)', () => {
  it('equal the counts from the scans after sign-ins across time zones, edits, deletes, a type change, moved places and a purge', async () => {
    const org = await createOrg(h);
    const d = await day(org);
    const f = d.f;
    const scansOf = (visitId: number) => f.run((tx) => tx.select().from(scans).where(eq(scans.visitId, visitId)));
    const same = async () => expect(await keptCounts(org.entityId)).toEqual(await countsFromScans(org.entityId));
    await same();
    // An edit moves Ben's sign-in in the hall past London's midnight (another day) and changes its method.
    const [benIn] = (await scansOf(d.benHall.id)).filter((x) => x.direction === 'in');
    await f.run((tx) => tx.update(scans).set({ at: new Date('2026-03-03T00:30:00Z'), method: 'rfid' }).where(eq(scans.id, benIn.id)));
    // A scan deleted, and one without an area (it does not count, as in the logbook).
    const [anaOut] = (await scansOf(d.anaHall.id)).filter((x) => x.direction === 'out');
    await f.run((tx) => tx.delete(scans).where(eq(scans.id, anaOut.id)));
    await f.run((tx) => tx.insert(scans).values({ entityId: org.entityId, userId: d.cat.id, areaId: null, direction: 'in', method: 'console', at: new Date('2026-03-02T18:00:00Z') }));
    // Fred becomes a visitor; Dan is deleted (his scans go by the cascade).
    await f.run((tx) => tx.update(users).set({ userTypeId: d.visitor.id }).where(eq(users.id, d.fred.id)));
    await f.run((tx) => tx.delete(users).where(eq(users.id, d.dan.id)));
    await same();
    // The library moves to the LA office, whose time zone then changes; another area is deleted.
    await f.run((tx) => tx.update(areas).set({ siteId: d.la.id }).where(eq(areas.id, d.library.id)));
    await f.run((tx) => tx.update(sites).set({ timezone: 'Asia/Tokyo' }).where(eq(sites.id, d.la.id)));
    await same();
    const summary = await d.a.get(`/api/visit_summary/${org.entityId}?start=2026-03-01&end=2026-03-05`);
    const reference = await summaryFromScans(org.entityId, '2026-03-01', '2026-03-05');
    expect(summary.body.data.totals).toEqual(reference.totals);
    expect(summary.body.data.by_site.map((x: { id: number; sign_ins: number; people: number }) => [x.id, x.sign_ins, x.people]).sort()).toEqual(
      reference.bySite.map((x) => [Number(x.site_id), x.sign_ins, x.people]).sort(),
    );
    // A member limited to the LA office sees only its counts.
    const limited = await siteLimited(org, d.la.id);
    const theirs = (await limited.get(`/api/visit_summary/${org.entityId}?start=2026-03-01&end=2026-03-05`)).body.data;
    expect(theirs.totals).toEqual((await summaryFromScans(org.entityId, '2026-03-01', '2026-03-05', [d.la.id])).totals);
    expect(theirs.by_site.map((x: { id: number }) => x.id)).toEqual([d.la.id]);
    // The purge deletes the visitors' scans past 100 days: the counts follow.
    expect((await d.a.post('/api/user-type_privacy_manager', { user_type_id: d.visitor.id, data_retention_days: 36_500, scans_retention_days: 100, confirm: 1 })).status).toBe(200);
    const purge = await d.a.post('/api/delete_now_privacy_manager', { type: 'scan', name: 'Visitor', user_type_id: d.visitor.id, password: PASSWORD });
    expect(purge.status).toBe(202);
    for (let i = 0; i < 100; i++) {
      const open = await h.services.database.db.$count(privacyRuns, and(eq(privacyRuns.entityId, org.entityId), sql`${privacyRuns.status} in ('queued', 'running')`));
      if (!open) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const left = await keptCounts(org.entityId);
    expect(left.counts.filter((x) => Number(x.user_type_id) === d.visitor.id)).toEqual([]);
    expect(left.counts.length).toBeGreaterThan(0);
    await same();
  });
});

describe('GET /api/report_list_history/{entityId} and get_history_data_grid', () => {
  it('lists visits of any period with the logbook’s filters, local dates and durations', async () => {
    const org = await createOrg(h);
    const d = await day(org);
    const all = await d.a.get(`/api/report_list_history/${org.entityId}?limit=50`);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(7);
    expect(all.body.data[0]).toMatchObject({ full_name: 'Fred Smith', local_date: '2026-03-04', minutes: 460, site: { name: 'London School' } });
    const dan = all.body.data.find((r: { full_name: string }) => r.full_name === 'Dan Wu');
    expect(dan).toMatchObject({ local_date: '2026-03-02', minutes: 30 });
    const ids = async (filter: object) => (await d.a.get(`/api/report_list_history/${org.entityId}?${q({ filterBy: filter, limit: 50 })}`)).body.data.map((r: { full_name: string }) => r.full_name).sort();
    expect(await ids({ start_date: '2026-03-02', end_date: '2026-03-02', site_id: [d.la.id] })).toEqual(['Dan Wu', 'Erin Lopez']);
    expect(await ids({ area_id: d.library.id })).toEqual(['Ben Okafor']);
    expect(await ids({ user_type_id: d.visitor.id, search: 'jon' })).toEqual(['Cat Jones']);
    expect(await ids({ input_method: 'rfid' })).toEqual(['Dan Wu']);
    const sorted = await d.a.get(`/api/report_list_history/${org.entityId}?sortField=full_name&orderBy=asc&limit=2`);
    expect(sorted.body.data.map((r: { full_name: string }) => r.full_name)).toEqual(['Ana Garcia', 'Cat Jones']);
    const other = await createOrg(h);
    const o = await reportsOrg(h, other);
    expect((await d.a.get(`/api/report_list_history/${org.entityId}?${q({ filterBy: { site_id: o.la.id } })}`)).status).toBe(404);
    expect((await d.a.get(`/api/report_list_history/${org.entityId}?filterBy=%7Bnope`)).status).toBe(400);
    expect((await api(h.app).get(`/api/report_list_history/${org.entityId}`)).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).get(`/api/report_list_history/${org.entityId}`)).status).toBe(403);
  });

  it('offers the grid’s columns and the filters’ choices within the caller’s sites', async () => {
    const org = await createOrg(h);
    const d = await day(org);
    const grid = await (await siteLimited(org, d.la.id)).get(`/api/get_history_data_grid/${org.entityId}`);
    expect(grid.status).toBe(200);
    expect(grid.body.data.sites.map((s: { name: string }) => s.name)).toEqual(['LA Office']);
    expect(grid.body.data.areas.map((s: { name: string }) => s.name)).toEqual(['Lobby']);
    expect(grid.body.data.columns.find((c: { id: string }) => c.id === 'signed_in_at')).toEqual({ id: 'signed_in_at', sortable: 1 });
    const other = await createOrg(h);
    expect((await d.a.get(`/api/get_history_data_grid/${other.entityId}`)).status).toBe(404);
  });
});

describe('GET /api/track_and_trace/{entityId} (rule 292)', () => {
  it('lists who shared an area with the person and for how many minutes', async () => {
    const org = await createOrg(h);
    const d = await day(org);
    const res = await d.a.get(`/api/track_and_trace/${org.entityId}?user_id=${d.ana.id}&date=2026-03-02`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.data.contacts.map((c: { full_name: string; overlap_minutes: number; area: { name: string } }) => [c.full_name, c.overlap_minutes, c.area.name])).toEqual([
      ['Ben Okafor', 90, 'Hall'],
      ['Cat Jones', 30, 'Hall'],
    ]);
    expect(res.body.data.contacts[1]).toMatchObject({ first_overlap_at: '2026-03-02T15:30:00.000Z', last_overlap_at: '2026-03-02T16:00:00.000Z', encounters: 1 });
    // Ben met Ana in the hall only: the library hour was his alone.
    const ben = await d.a.get(`/api/track_and_trace/${org.entityId}?user_id=${d.ben.id}&date=2026-03-01&end_date=2026-03-03`);
    expect(ben.body.data.contacts.map((c: { full_name: string }) => c.full_name)).toEqual(['Ana Garcia']);
    expect(ben.body.data.presences).toHaveLength(2);
    // A presence is cut to the period: nothing on the 3rd.
    expect((await d.a.get(`/api/track_and_trace/${org.entityId}?user_id=${d.ana.id}&date=2026-03-03`)).body.count).toBe(0);
  });

  it('adds up every encounter and leaves out people outside the caller’s user types', async () => {
    const org = await createOrg(h);
    const d = await day(org);
    await d.visit(d.ben.id, d.hall, '2026-03-02T14:00:00Z', '2026-03-02T14:20:00Z');
    const res = await d.a.get(`/api/track_and_trace/${org.entityId}?user_id=${d.ana.id}&date=2026-03-02`);
    expect(res.body.data.contacts[0]).toMatchObject({ full_name: 'Ben Okafor', overlap_minutes: 110, encounters: 2 });
    const staffOnly = await createMember(h, org, 'employee_reporting');
    await d.f.run(async (tx) => {
      await tx.update(users).set({ allUserTypes: false }).where(eq(users.id, staffOnly.userId));
      await tx.insert(userUserTypes).values({ entityId: org.entityId, userId: staffOnly.userId, userTypeId: d.staff.id });
    });
    const limited = await api(h.app, staffOnly.token).get(`/api/track_and_trace/${org.entityId}?user_id=${d.ana.id}&date=2026-03-02`);
    expect(limited.body.count).toBe(0);
    // A visitor is not theirs to trace.
    expect((await api(h.app, staffOnly.token).get(`/api/track_and_trace/${org.entityId}?user_id=${d.ben.id}&date=2026-03-02`)).status).toBe(404);
  });

  it('answers 404 for a person of another organisation and 400 for more than 31 days', async () => {
    const org = await createOrg(h);
    const d = await day(org);
    const other = await createOrg(h);
    const stranger = await (await reportsOrg(h, other)).f.person();
    expect((await d.a.get(`/api/track_and_trace/${org.entityId}?user_id=${stranger.id}&date=2026-03-02`)).status).toBe(404);
    const long = await d.a.get(`/api/track_and_trace/${org.entityId}?user_id=${d.ana.id}&date=2026-01-01&end_date=2026-03-02`);
    expect(long.status).toBe(400);
    expect(long.body.errors.end).toBeDefined();
    expect((await d.a.get(`/api/track_and_trace/${org.entityId}?date=2026-03-02`)).body.errors.user_id).toBeDefined();
    expect((await api(h.app).get(`/api/track_and_trace/${org.entityId}?user_id=1&date=2026-03-02`)).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).get(`/api/track_and_trace/${org.entityId}?user_id=${d.ana.id}&date=2026-03-02`)).status).toBe(403);
  });
});

describe('GET and POST /api/time_sheet/{entityId}', () => {
  it('decides late and early on each site’s own clock, and puts a visit on its local day', async () => {
    const org = await createOrg(h);
    const d = await day(org);
    const mode = await d.f.mode({ fromTime: '09:00:00', toTime: '17:00:00', lateSignInGrace: 10, earlySignOutGrace: 15 });
    await d.f.run((tx) => tx.insert(userAttendanceModes).values([d.erin, d.fred, d.ana].map((p) => ({ entityId: org.entityId, userId: p.id, attendanceModeId: mode.id }))));
    const res = await d.a.get(`/api/time_sheet/${org.entityId}?start=2026-03-01&end=2026-03-05&limit=50`);
    expect(res.status).toBe(200);
    const row = (name: string) => res.body.data.find((r: { full_name: string }) => r.full_name === name);
    // Erin: 09:05 to 17:30 in Los Angeles (17:05Z to 01:30Z): on time, not early, on the 2nd, 8 h 25 min.
    expect(row('Erin Lopez')).toMatchObject({ date: '2026-03-02', late: 0, early: 0, minutes: 505, expected_minutes: 480, scheduled_from: '09:00:00' });
    // Fred: 09:20 in London is past 09:10.
    expect(row('Fred Smith')).toMatchObject({ date: '2026-03-04', late: 1, early: 0 });
    // Ana: 08:00 to 16:00 in London leaves before 16:45.
    expect(row('Ana Garcia')).toMatchObject({ late: 0, early: 1, minutes: 480 });
    // Ben has no mode: nothing expected, never late.
    expect(row('Ben Okafor')).toMatchObject({ attendance_mode: null, expected_minutes: 0, late: 0, minutes: 150 });
    expect(row('Ben Okafor').visits).toHaveLength(2);
    const report = await d.a.get(`/api/time_report/${org.entityId}?start=2026-03-01&end=2026-03-05&limit=50`);
    expect(report.body.data.find((r: { full_name: string }) => r.full_name === 'Fred Smith')).toMatchObject({ days_present: 1, late_count: 1, minutes: 460, expected_minutes: 5 * 480 });
  });

  it('pages by person and answers 400 for a range past a year', async () => {
    const org = await createOrg(h);
    const d = await day(org);
    const page = await d.a.get(`/api/time_sheet/${org.entityId}?start=2026-03-01&end=2026-03-05&limit=2&page=1`);
    expect(page.body.count).toBe(6);
    expect(new Set(page.body.data.map((r: { user_id: number }) => r.user_id)).size).toBe(2);
    expect((await d.a.get(`/api/time_sheet/${org.entityId}?start=2020-01-01&end=2026-03-05`)).status).toBe(400);
  });

  it('edits a closed visit’s times and reasons (the scans move too, audited) and refuses what is not allowed', async () => {
    const org = await createOrg(h);
    const d = await day(org);
    const mode = await d.f.mode();
    const late = await d.f.reason(mode.id, { type: 'late_sign_in' });
    const otherMode = await d.f.mode();
    const foreign = await d.f.reason(otherMode.id, { type: 'late_sign_in' });
    await d.f.run((tx) => tx.insert(userAttendanceModes).values({ entityId: org.entityId, userId: d.ana.id, attendanceModeId: mode.id }));
    const a = await spanish(org);
    const ok = await a.post(`/api/time_sheet/${org.entityId}`, { visit_id: d.anaHall.id, signed_in_at: '2026-03-02T09:30:00Z', sign_in_reason_id: late.id });
    expect(ok.status).toBe(200);
    const [v] = await d.f.run((tx) => tx.select().from(visits).where(eq(visits.id, d.anaHall.id)));
    expect(v.signedInAt?.toISOString()).toBe('2026-03-02T09:30:00.000Z');
    expect(v.signInReasonId).toBe(late.id);
    const inScan = await d.f.run((tx) => tx.select().from(scans).where(eq(scans.visitId, d.anaHall.id)));
    expect(inScan.find((s) => s.direction === 'in')?.at.toISOString()).toBe('2026-03-02T09:30:00.000Z');
    const logged = await d.f.run((tx) => tx.select().from(auditLog).where(eq(auditLog.subject, 'timesheet_visit')));
    expect(logged[0].subjectId).toBe(String(d.anaHall.id));
    const backwards = await a.post(`/api/time_sheet/${org.entityId}`, { visit_id: d.anaHall.id, signed_out_at: '2026-03-02T09:00:00Z' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.signed_out_at).toEqual(['El final no puede ser anterior al inicio.']);
    expect((await a.post(`/api/time_sheet/${org.entityId}`, { visit_id: d.anaHall.id, sign_in_reason_id: foreign.id })).body.errors.sign_in_reason_id).toBeDefined();
    const open = await d.visit(d.ana.id, d.hall, '2026-03-05T08:00:00Z', null);
    expect((await a.post(`/api/time_sheet/${org.entityId}`, { visit_id: open.id, signed_in_at: '2026-03-05T07:00:00Z' })).status).toBe(400);
    const other = await createOrg(h);
    const o = await reportsOrg(h, other);
    const theirs = await o.visit((await o.f.person()).id, o.hall, '2026-03-02T08:00:00Z', '2026-03-02T09:00:00Z');
    expect((await a.post(`/api/time_sheet/${org.entityId}`, { visit_id: theirs.id, notes: 'x' })).status).toBe(404);
    expect((await api(h.app).post(`/api/time_sheet/${org.entityId}`, { visit_id: 1 })).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).post(`/api/time_sheet/${org.entityId}`, { visit_id: d.anaHall.id, notes: 'x' })).status).toBe(403);
    // Nothing changed by the refusals.
    const [after] = await d.f.run((tx) => tx.select().from(visits).where(eq(visits.id, d.anaHall.id)));
    expect(after.signedOutAt?.toISOString()).toBe('2026-03-02T16:00:00.000Z');
  });
});

describe('GET /api/get_users_not_on_site, users/entities and kiosk_logs', () => {
  it('lists people expected or scheduled that day who did not come', async () => {
    const org = await createOrg(h);
    const d = await day(org);
    const mode = await d.f.mode({ scheduleDays: [3] });
    await d.f.run((tx) => tx.insert(userAttendanceModes).values([d.erin, d.fred].map((p) => ({ entityId: org.entityId, userId: p.id, attendanceModeId: mode.id }))));
    const gus = await d.f.person({ firstName: 'Gus', lastName: 'Ahmed', userTypeId: d.visitor.id });
    await d.f.run((tx) => tx.insert(visits).values({ entityId: org.entityId, userId: gus.id, siteId: d.london.id, areaId: d.hall.id, status: 'expected', expectedAt: new Date('2026-03-04T10:00:00Z') }));
    const res = await d.a.get(`/api/get_users_not_on_site?entity_id=${org.entityId}&date=2026-03-04`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { full_name: string; reason: string }) => [r.full_name, r.reason])).toEqual([
      ['Gus Ahmed', 'expected'],
      ['Erin Lopez', 'scheduled'],
    ]);
    expect(res.body.data[1].last_seen_at).toBe('2026-03-03T01:30:00.000Z');
    expect((await d.a.get(`/api/get_users_not_on_site?date=2026-03-03`)).body.count).toBe(0);
    expect((await d.a.get(`/api/get_users_not_on_site?date=2026-02-30x`)).status).toBe(400);
    const other = await createOrg(h);
    expect((await d.a.get(`/api/get_users_not_on_site?entity_id=${other.entityId}`)).status).toBe(404);
    expect((await api(h.app).get(`/api/get_users_not_on_site`)).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).get(`/api/get_users_not_on_site`)).status).toBe(403);
  });

  it('finds people for the pickers and lists kiosk commands with their statuses', async () => {
    const org = await createOrg(h);
    const d = await day(org);
    const found = await d.a.get(`/api/users/entities/${org.entityId}?filterBy=okaf`);
    expect(found.status).toBe(200);
    expect(found.body.data.map((p: { full_name: string }) => p.full_name)).toEqual(['Ben Okafor']);
    const kiosk = await d.f.kiosk(d.la.id, d.lobby.id);
    await d.f.run((tx) => tx.insert(kioskRequests).values({ entityId: org.entityId, kioskId: kiosk.id, userName: 'Org Owner', command: 'restart-app', status: 'failed', reason: 'no connection found to the kiosk' }));
    const logs = await d.a.get(`/api/kiosk_logs/${org.entityId}?${q({ filterBy: { status: 'failed' } })}`);
    expect(logs.status).toBe(200);
    expect(logs.body.data[0]).toMatchObject({ command: 'restart-app', status: 'failed', kiosk: { id: kiosk.id }, reason: 'no connection found to the kiosk' });
    expect((await (await siteLimited(org, d.london.id)).get(`/api/kiosk_logs/${org.entityId}`)).body.count).toBe(0);
    const other = await createOrg(h);
    expect((await d.a.get(`/api/kiosk_logs/${other.entityId}`)).status).toBe(404);
    expect((await d.a.get(`/api/users/entities/${other.entityId}`)).status).toBe(404);
    expect((await api(h.app).get(`/api/kiosk_logs/${org.entityId}`)).status).toBe(401);
    const powerless = api(h.app, (await createPowerless(h, org)).token);
    expect((await powerless.get(`/api/kiosk_logs/${org.entityId}`)).status).toBe(403);
    expect((await powerless.get(`/api/users/entities/${org.entityId}`)).status).toBe(403);
    expect((await d.a.get(`/api/kiosk_logs/${org.entityId}?${q({ filterBy: { start_date: 'yesterday' } })}`)).status).toBe(400);
  });
});
