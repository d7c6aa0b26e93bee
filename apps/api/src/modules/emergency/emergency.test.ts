import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emergencyEvents, emergencyPeople, emergencySessions, userSites, users, visits } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { createMember, createOrg, createPowerless, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { makeArea, makeSite, signInPerson } from '../../../test/places';

let h: TestApp;
let org: Org;
let other: Org;
beforeAll(async () => {
  h = await buildTestApp();
  org = await createOrg(h);
  other = await createOrg(h);
});
afterAll(() => h.close());
const db = () => h.services.database.db;

async function placeWithPeople(o: Org, n = 2) {
  const site = await makeSite(h, o, { name: `Site ${Math.random().toString(36).slice(2, 7)}` });
  const area = await makeArea(h, o, site.id);
  const people = [];
  for (let i = 0; i < n; i++) people.push(await signInPerson(h, o, { id: area.id, site_id: site.id }));
  return { site, area, people };
}
const start = (o: Org, siteIds: number[], extra: Record<string, unknown> = {}) => api(h.app, o.token).post('/api/start_emergency', { site_ids: siteIds, ...extra });
const sessionRow = async (o: Org, id: number) => (await withTenant(db(), o.entityId, (tx) => tx.select().from(emergencySessions).where(eq(emergencySessions.id, id))))[0];

describe('emergency calls: 401, 403, 404 and 400 on every call', () => {
  it('answers 401 without a token, 403 without the permission, 404 for another organisation', async () => {
    const { site, people } = await placeWithPeople(org, 1);
    const started = await start(org, [site.id]);
    expect(started.status).toBe(201);
    const id = started.body.data.id;
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/emergency_list/${org.entityId}`],
      ['GET', `/api/emergencies/${org.entityId}`],
      ['GET', `/api/check_active_sessions/${org.entityId}`],
      ['POST', '/api/start_emergency', { site_ids: [site.id] }],
      ['PUT', `/api/end_emergency/${id}`],
      ['GET', `/api/get_emergency/${id}`],
      ['PUT', `/api/action_emergency/${id}`, { user_id: people[0].user.id, status: 'safe' }],
      ['GET', `/api/areas_with_session/${org.entityId}`],
      ['GET', `/api/check_have_premissions_to_emergency_session/${id}`],
      ['GET', `/api/check_have_premissions_to_end_session/${id}`],
      ['POST', `/api/emergency_message/${id}`, { channels: ['mail'] }],
      ['PUT', `/api/muster_points/${site.id}`, { muster_points: [] }],
    ];
    const weak = await createPowerless(h, org);
    for (const [method, url, body] of calls) {
      expect((await api(h.app).raw(method, url, body)).status, url).toBe(401);
      expect((await api(h.app, weak.token).raw(method, url, body)).status, url).toBe(403);
      expect((await api(h.app, other.token).raw(method, url, body)).status, url).toBe(404);
    }
    // Another organisation's session id in its own entity: unknown (a session id guessed).
    expect((await api(h.app, other.token).put(`/api/action_emergency/${id}`, { user_id: people[0].user.id, status: 'safe' })).status).toBe(404);
    expect((await api(h.app, other.token).put(`/api/end_emergency/${id}`)).status).toBe(404);
    expect((await sessionRow(org, id)).status).toBe('started');
    await api(h.app, org.token).put(`/api/end_emergency/${id}`);
  });

  it('refuses bad input with field messages in the caller’s language and changes nothing', async () => {
    const { site, people } = await placeWithPeople(org, 1);
    const none = await api(h.app, org.token).post('/api/start_emergency', { site_ids: [] });
    expect(none.status).toBe(400);
    expect(none.body.errors.site_ids).toEqual(['Choose at least one site.']);
    const foreignSite = await makeSite(h, other);
    const foreign = await start(org, [foreignSite.id]);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('This site does not exist.');
    const id = (await start(org, [site.id])).body.data.id;
    const bad = await api(h.app, org.token).put(`/api/action_emergency/${id}`, { user_id: people[0].user.id, status: 'on_fire' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.status[0]).toMatch(/Choose a status/);
    // A person who is not in the session (another organisation's, or not on site).
    const [stranger] = await withTenant(db(), org.entityId, (tx) => tx.insert(users).values({ entityId: org.entityId, firstName: 'Not', lastName: 'Here' }).returning());
    const outsider = await api(h.app, org.token).put(`/api/action_emergency/${id}`, { user_id: stranger.id, status: 'safe' });
    expect(outsider.status).toBe(400);
    expect(outsider.body.errors.user_id).toEqual(['This person is not in this emergency session.']);
    // Signed in, but on a site the session does not cover.
    const elsewhere = await placeWithPeople(org, 1);
    const otherSite = await api(h.app, org.token).put(`/api/action_emergency/${id}`, { user_id: elsewhere.people[0].user.id, status: 'safe' });
    expect(otherSite.status).toBe(400);
    expect(otherSite.body.errors.user_id).toEqual(['This person is not in this emergency session.']);
    const future = await api(h.app, org.token).put(`/api/action_emergency/${id}`, { user_id: people[0].user.id, status: 'safe', at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.status).toBe(400);
    expect(future.body.errors.at).toBeTruthy();
    const busy = await start(org, [site.id]);
    expect(busy.status).toBe(409);
    expect(busy.body.errors.site_ids[0]).toContain(site.name);
    const [person] = await withTenant(db(), org.entityId, (tx) => tx.select().from(emergencyPeople).where(eq(emergencyPeople.sessionId, id)));
    expect(person.status).toBe('unaccounted');
    await api(h.app, org.token).put(`/api/end_emergency/${id}`);
  });
});

describe('sessions (rules 255-261)', () => {
  it('rule 257: the start answers id and name; rule 256: it is in the lists; everyone on site is taken, visitors with their host', async () => {
    const { site, area, people } = await placeWithPeople(org, 2);
    const [host] = await withTenant(db(), org.entityId, (tx) => tx.insert(users).values({ entityId: org.entityId, firstName: 'Hanna', lastName: 'Host' }).returning());
    await withTenant(db(), org.entityId, async (tx) => {
      const [visitor] = await tx.insert(users).values({ entityId: org.entityId, firstName: 'Vera', lastName: 'Visitor' }).returning();
      await tx.insert(visits).values({ entityId: org.entityId, userId: visitor.id, siteId: site.id, areaId: area.id, hostUserId: host.id, status: 'signed_in', signedInAt: new Date() });
    });
    const res = await start(org, [site.id], { name: 'Fire drill north' , drill: 1 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Session Started', data: { id: expect.any(Number), name: 'Fire drill north' } });
    const id = res.body.data.id;
    const detail = await api(h.app, org.token).get(`/api/get_emergency/${id}`);
    expect(detail.status).toBe(200);
    // Rule 260: the data comes with a count.
    expect(detail.body.count).toBe(3);
    expect(detail.body.data).toMatchObject({ status: 'started', drill: 1, start_method: 'manual', counts: { total: 3, unaccounted: 3 } });
    expect(detail.body.data.people.find((p: { first_name: string }) => p.first_name === 'Vera').host_name).toBe('Hanna Host');
    expect(detail.body.data.people.map((p: { user_id: number }) => p.user_id)).toEqual(expect.arrayContaining(people.map((p) => p.user.id)));
    const list = await api(h.app, org.token).get(`/api/emergencies/${org.entityId}?filterBy=${encodeURIComponent(JSON.stringify({ drill: 1 }))}`);
    expect(list.body.data.some((s: { id: number }) => s.id === id)).toBe(true);
    const notDrills = await api(h.app, org.token).get(`/api/emergencies/${org.entityId}?filterBy=${encodeURIComponent(JSON.stringify({ drill: 0 }))}`);
    expect(notDrills.body.data.some((s: { id: number }) => s.id === id)).toBe(false);
    const active = await api(h.app, org.token).get(`/api/check_active_sessions/${org.entityId}`);
    expect(active.body.data.sessions.some((s: { id: number }) => s.id === id)).toBe(true);
    const withSession = await api(h.app, org.token).get(`/api/areas_with_session/${org.entityId}`);
    expect(withSession.body.data).toContainEqual(expect.objectContaining({ area_id: area.id, session_id: id }));
    // Rule 255: started, then ended.
    const ended = await api(h.app, org.token).put(`/api/end_emergency/${id}`);
    expect(ended.body.message).toBe('Session Ended');
    expect((await sessionRow(org, id)).status).toBe('ended');
    expect((await api(h.app, org.token).put(`/api/end_emergency/${id}`)).status).toBe(409);
    const after = await api(h.app, org.token).get(`/api/areas_with_session/${org.entityId}`);
    expect(after.body.data.some((a: { session_id: number }) => a.session_id === id)).toBe(false);
  });

  it('stays live: a person who signs in during the session joins, one who signs out leaves (marked so)', async () => {
    const { site, area, people } = await placeWithPeople(org, 1);
    const id = (await start(org, [site.id])).body.data.id;
    const [late] = await withTenant(db(), org.entityId, (tx) => tx.insert(users).values({ entityId: org.entityId, firstName: 'Lena', lastName: 'Late' }).returning());
    const signIn = await api(h.app, org.token).post('/api/user_action', { area_id: area.id, user_id: late.id, action: 'in' });
    expect(signIn.status).toBe(200);
    const signOut = await api(h.app, org.token).post('/api/user_action', { area_id: area.id, user_id: people[0].user.id, action: 'out' });
    expect(signOut.status).toBe(200);
    const detail = await api(h.app, org.token).get(`/api/get_emergency/${id}`);
    const byId = new Map(detail.body.data.people.map((p: { user_id: number }) => [p.user_id, p]));
    expect(byId.get(late.id)).toMatchObject({ presence: 'on_site', joined_at: expect.any(String), status: 'unaccounted' });
    expect(byId.get(people[0].user.id)).toMatchObject({ presence: 'left', left_at: expect.any(String) });
    expect(detail.body.data.counts).toMatchObject({ on_site: 1, left: 1, unaccounted: 1 });
    await api(h.app, org.token).put(`/api/end_emergency/${id}`);
  });

  it('rule 259: a warden marks; two marks keep the later one, the history keeps both; the same mark twice counts once', async () => {
    const { site, people } = await placeWithPeople(org, 2);
    const id = (await start(org, [site.id])).body.data.id;
    const [point] = (await api(h.app, org.token).put(`/api/muster_points/${site.id}`, { muster_points: [{ name: 'Car park' }, { name: 'Playing field' }] })).body.data;
    const warden = await createMember(h, org, 'fire_warden');
    const person = people[0].user.id;
    const t0 = Date.now();
    const later = await api(h.app, warden.token).put(`/api/action_emergency/${id}`, { user_id: person, status: 'safe', muster_point_id: point.id, at: new Date(t0).toISOString(), idempotency_key: 'mark-aaaaaaaa' });
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ message: 'Status Updated', replayed: 0, data: { status: 'safe', muster_point_name: 'Car park', status_by_name: 'Test Person' } });
    // An offline phone sends an earlier mark afterwards: recorded in the history, the later one stays.
    const earlier = await api(h.app, org.token).put(`/api/action_emergency/${id}`, { user_id: person, status: 'needs_help', at: new Date(t0 - 5000).toISOString(), idempotency_key: 'mark-bbbbbbbb' });
    expect(earlier.body.data.status).toBe('safe');
    const replay = await api(h.app, warden.token).put(`/api/action_emergency/${id}`, { user_id: person, status: 'safe', muster_point_id: point.id, at: new Date(t0).toISOString(), idempotency_key: 'mark-aaaaaaaa' });
    expect(replay.body.replayed).toBe(1);
    const marks = await withTenant(db(), org.entityId, (tx) => tx.select().from(emergencyEvents).where(and(eq(emergencyEvents.sessionId, id), eq(emergencyEvents.kind, 'mark'))));
    expect(marks.map((m) => m.status).sort()).toEqual(['needs_help', 'safe']);
    // A muster point of another site is refused.
    const elsewhere = await makeSite(h, org);
    const [far] = (await api(h.app, org.token).put(`/api/muster_points/${elsewhere.id}`, { muster_points: [{ name: 'Far gate' }] })).body.data;
    const wrong = await api(h.app, org.token).put(`/api/action_emergency/${id}`, { user_id: people[1].user.id, status: 'safe', muster_point_id: far.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.muster_point_id).toBeTruthy();
    // Everyone accounted: the session records when.
    await api(h.app, org.token).put(`/api/action_emergency/${id}`, { user_id: people[1].user.id, status: 'not_on_site' });
    const detail = await api(h.app, org.token).get(`/api/get_emergency/${id}`);
    expect(detail.body.data.all_accounted_at).toEqual(expect.any(String));
    expect(detail.body.data.accounted_after_seconds).toBeGreaterThanOrEqual(0);
    await api(h.app, org.token).put(`/api/end_emergency/${id}`);
    // A mark made after the end is refused.
    const tooLate = await api(h.app, org.token).put(`/api/action_emergency/${id}`, { user_id: person, status: 'safe' });
    expect(tooLate.status).toBe(409);
  });

  it('rule 258: a warden limited to some sites cannot end a session with people still signed in at a site they cannot reach', async () => {
    const a = await placeWithPeople(org, 1);
    const b = await placeWithPeople(org, 1);
    const id = (await start(org, [a.site.id, b.site.id])).body.data.id;
    const warden = await createMember(h, org, 'fire_warden');
    await withTenant(db(), org.entityId, async (tx) => {
      await tx.update(users).set({ allSites: false }).where(eq(users.id, warden.userId));
      await tx.insert(userSites).values({ entityId: org.entityId, userId: warden.userId, siteId: a.site.id });
    });
    // Rule 96: the warden sees only the people of their site.
    const seen = await api(h.app, warden.token).get(`/api/get_emergency/${id}`);
    expect(seen.body.data.people.map((p: { site_id: number }) => p.site_id)).toEqual([a.site.id]);
    expect(seen.body.permissions.can_end).toBe(0);
    const check = await api(h.app, warden.token).get(`/api/check_have_premissions_to_end_session/${id}`);
    expect(check.body.data).toMatchObject({ allowed: 0, sites: [b.site.name] });
    const refused = await api(h.app, warden.token).put(`/api/end_emergency/${id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('not allowed');
    expect((await sessionRow(org, id)).status).toBe('started');
    // Once nobody is signed in at the unreachable site, the warden may end it.
    await api(h.app, org.token).post('/api/user_action', { area_id: b.area.id, user_id: b.people[0].user.id, action: 'out' });
    expect((await api(h.app, warden.token).get(`/api/check_have_premissions_to_end_session/${id}`)).body.data.allowed).toBe(1);
    expect((await api(h.app, warden.token).put(`/api/end_emergency/${id}`)).status).toBe(200);
    // Rule 99: a member who reaches none of a session's sites cannot access it.
    const c = await placeWithPeople(org, 1);
    const other2 = (await start(org, [c.site.id])).body.data.id;
    expect((await api(h.app, warden.token).get(`/api/check_have_premissions_to_emergency_session/${other2}`)).status).toBe(404);
    expect((await api(h.app, org.token).get(`/api/check_have_premissions_to_emergency_session/${other2}`)).body.data.allowed).toBe(1);
    await api(h.app, org.token).put(`/api/end_emergency/${other2}`);
  });

  it('rule 98: emergencies are the organisation’s permission: a role without `emergency` can read but not run them', async () => {
    const { site } = await placeWithPeople(org, 1);
    const reader = await createMember(h, org, 'employee');
    const { setPermission } = await import('../../../test/factories');
    await setPermission(h, org, 'employee', 'show_emergency_sessions', true);
    expect((await api(h.app, reader.token).get(`/api/emergencies/${org.entityId}`)).status).toBe(200);
    expect((await api(h.app, reader.token).post('/api/start_emergency', { site_ids: [site.id] })).status).toBe(403);
  });
});

describe('emergency list for the wardens’ phones', () => {
  it('answers the people of the active sessions with filters and the whole list by default', async () => {
    const { site, people } = await placeWithPeople(org, 3);
    const id = (await start(org, [site.id])).body.data.id;
    await api(h.app, org.token).put(`/api/action_emergency/${id}`, { user_id: people[0].user.id, status: 'safe' });
    const all = await api(h.app, org.token).get(`/api/emergency_list/${org.entityId}?filterBy=${encodeURIComponent(JSON.stringify({ session_id: id }))}`);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect(all.body.sessions[0].id).toBe(id);
    expect(all.body.generated_at).toEqual(expect.any(String));
    const safe = await api(h.app, org.token).get(`/api/emergency_list/${org.entityId}?filterBy=${encodeURIComponent(JSON.stringify({ session_id: id, status: 'safe' }))}`);
    expect(safe.body.data.map((p: { user_id: number }) => p.user_id)).toEqual([people[0].user.id]);
    await api(h.app, org.token).put(`/api/end_emergency/${id}`);
    const none = await api(h.app, org.token).get(`/api/emergency_list/${org.entityId}?filterBy=${encodeURIComponent(JSON.stringify({ session_id: id }))}`);
    expect(none.body.count).toBe(0);
  });
});

describe('the session report and its PDF', () => {
  it('answers start, end, who, time to account for everyone, statuses and the timeline; the PDF embeds an Arabic font', async () => {
    const { site, people } = await placeWithPeople(org, 2);
    await withTenant(db(), org.entityId, (tx) => tx.update(users).set({ firstName: 'سارة', lastName: 'Haddad' }).where(eq(users.id, people[0].user.id)));
    const id = (await start(org, [site.id], { name: 'تمرين الحريق' })).body.data.id;
    await api(h.app, org.token).put(`/api/action_emergency/${id}`, { user_id: people[0].user.id, status: 'safe' });
    await api(h.app, org.token).put(`/api/action_emergency/${id}`, { user_id: people[1].user.id, status: 'needs_help' });
    await api(h.app, org.token).put(`/api/end_emergency/${id}`);
    const report = await api(h.app, org.token).get(`/api/emergency_report/${id}`);
    expect(report.status).toBe(200);
    expect(report.body.data).toMatchObject({ status: 'ended', started_by_name: 'Test Person', ended_by_name: 'Test Person', counts: { safe: 1, needs_help: 1 } });
    expect(report.body.data.accounted_after_seconds).toBeGreaterThanOrEqual(0);
    expect(report.body.data.timeline.map((e: { kind: string }) => e.kind)).toEqual(['started', 'mark', 'mark', 'ended']);
    const pdf = await h.app.inject({ method: 'GET', url: `/api/emergency_report/${id}/pdf?lang=ar`, headers: { authorization: `Bearer ${org.token}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toMatch(/NotoSansArabic/);
    expect((await h.app.inject({ method: 'GET', url: `/api/emergency_report/${id}/pdf`, headers: { authorization: `Bearer ${other.token}` } })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: `/api/emergency_report/${id}/pdf` })).statusCode).toBe(401);
  });
});
