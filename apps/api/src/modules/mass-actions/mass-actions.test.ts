import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, attendanceModeGrants, complianceUsers, complianceVersions, compliances, journeyFlows, journeys, visits } from '../../db/schema/index';
import { createMember, createOrg, createPowerless, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { fixtures } from '../signin/testing';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

async function school(org: Org) {
  const f = fixtures(h, org);
  const site = await f.site({ name: 'Hill School' });
  const hall = await f.area(site.id, { name: 'Hall' });
  const gym = await f.area(site.id, { name: 'Gym' });
  const staff = await f.userType('Staff');
  const ana = await f.person({ firstName: 'Ana', lastName: 'Adams', userTypeId: staff.id });
  const ben = await f.person({ firstName: 'Ben', lastName: 'Brown', userTypeId: staff.id });
  const cai = await f.person({ firstName: 'Cai', lastName: 'Chen', userTypeId: staff.id });
  const mode = await f.mode({ fromTime: '00:00:00', toTime: '23:59:00', lateSignInGrace: 0, earlySignOutGrace: 0 });
  const late = await f.reason(mode.id, { name: 'Traffic', type: 'late_sign_in', fromTime: '00:00:00', toTime: '12:00:00', duration: 5 });
  await f.reason(mode.id, { name: 'Appointment', type: 'early_sign_out', fromTime: '12:00:00', toTime: '20:00:00', duration: 5 });
  await f.follow(cai.id, mode.id);
  await f.run((tx) => tx.insert(visits).values({ entityId: org.entityId, userId: ben.id, siteId: site.id, areaId: gym.id, status: 'signed_in', signedInAt: new Date(Date.now() - 3600_000) }));
  return { f, site, hall, gym, staff, ana, ben, cai, mode, late, a: api(h.app, org.token) };
}

describe('POST /api/mass-action-signin (rule 225)', () => {
  it("answers one element with users (the 'All' row first), areas and user types, each person with state, reasons and checks", async () => {
    const org = await createOrg(h);
    const s = await school(org);
    const res = await s.a.post('/api/mass-action-signin', { site_id: s.site.id });
    expect(res.status).toBe(200);
    const [first] = res.body.data;
    expect(first.area.map((a: { name: string }) => a.name)).toEqual(['Gym', 'Hall']);
    expect(first.user_type).toEqual([{ id: s.staff.id, name: 'Staff' }]);
    const [all, ...people] = first.users;
    expect(all).toMatchObject({ id: 0, full_name: 'All', is_all: 1 });
    const byName = Object.fromEntries(people.map((p: { full_name: string }) => [p.full_name, p]));
    expect(byName['Ben Brown']).toMatchObject({ state: 'signed_in', signedOut: 0, next_action: 'out', area: { id: s.gym.id, name: 'Gym' } });
    expect(byName['Ana Adams']).toMatchObject({ state: 'signed_out', signedOut: 1, next_action: 'in', attendance_mode: null, compliance_status: 'not_required', can_act: 1 });
    // Rule 221: the signed out get late sign-in reasons.
    expect(byName['Cai Chen'].reasons.map((r: { name: string }) => r.name)).toEqual(['Traffic']);
    expect(byName['Cai Chen'].attendance_mode.reasons.length).toBe(2);
    expect(byName['Cai Chen'].checks).toMatchObject({ temperature_check: 0, mask_check: 0, temperature_threshold: 37.5 });
  });

  it("rule 228: with an area, each person's checks, host and compliance come from the area's journey and their flow (rules 222-223)", async () => {
    const org = await createOrg(h);
    const s = await school(org);
    const e = org.entityId;
    const visitorType = await s.f.userType('Visitor');
    const vera = await s.f.person({ firstName: 'Vera', lastName: 'Vance', userTypeId: visitorType.id });
    const wes = await s.f.person({ firstName: 'Wes', lastName: 'Wong', userTypeId: visitorType.id });
    const yan = await s.f.person({ firstName: 'Yan', lastName: 'Yates', userTypeId: visitorType.id });
    await s.f.run(async (tx) => {
      const [c] = await tx.insert(compliances).values({ entityId: e, name: 'Health' }).returning();
      const [v] = await tx
        .insert(complianceVersions)
        .values({ entityId: e, complianceId: c.id, version: 1, name: 'Health', questions: [{ id: 'q', question: 'Fever?', desired_answer: 'negative' }], agreementText: 'I agree.', statement: 'True.', protocols: ['eu_dcc'], pcrValidDays: 3 })
        .returning();
      const [j] = await tx.insert(journeys).values({ entityId: e, name: 'Front desk', temperatureCheck: true, temperatureThreshold: 38 }).returning();
      await tx.insert(journeyFlows).values({ entityId: e, journeyId: j.id, userTypeId: visitorType.id, name: 'Visitors', maskCheck: true, hostRequired: true, complianceId: c.id, complianceFrequency: 'daily' });
      await tx.update(areas).set({ journeyId: j.id }).where(eq(areas.id, s.hall.id));
      const answer = { entityId: e, complianceId: c.id, complianceVersionId: v.id, answers: [], isWrong: false };
      await tx.insert(complianceUsers).values([
        { ...answer, userId: vera.id, status: 'success' },
        { ...answer, userId: wes.id, status: 'failed', isWrong: true },
      ]);
    });
    const users = (await s.a.post('/api/mass-action-signin', { site_id: s.site.id, area_id: s.hall.id })).body.data[0].users as { id: number }[];
    const row = (id: number) => users.find((u) => u.id === id);
    expect(row(vera.id)).toMatchObject({
      checks: { temperature_check: 1, mask_check: 1, host: 1, allow_not_select_host: 0, temperature_threshold: 38 },
      compliance_status: 'passed',
      compliances: [{ name: 'Health', isRequired: 1, status: 'success' }],
    });
    expect(row(wes.id)).toMatchObject({ compliance_status: 'did_not_pass', compliances: [{ status: 'failed' }] });
    expect(row(yan.id)).toMatchObject({ compliance_status: 'pending', compliances: [{ status: null }] });
    // Staff have no flow in this journey: the journey-wide temperature check only, nothing required.
    expect(row(s.ana.id)).toMatchObject({ checks: { temperature_check: 1, mask_check: 0, host: 0 }, compliance_status: 'not_required', compliances: [] });
    // Signing out asks nothing.
    expect(row(s.ben.id)).toMatchObject({ checks: { temperature_check: 0, mask_check: 0 }, compliance_status: 'not_required' });
    // Without an area, no journey: nothing asked.
    const bare = (await s.a.post('/api/mass-action-signin', { site_id: s.site.id })).body.data[0].users as { id: number }[];
    expect(bare.find((u) => u.id === vera.id)).toMatchObject({ checks: { temperature_check: 0, mask_check: 0 }, compliance_status: 'not_required' });
    // An area of another site is a wrong choice (400); another organisation's, not found (404).
    const elsewhere = await s.f.area((await s.f.site()).id);
    expect((await s.a.post('/api/mass-action-signin', { site_id: s.site.id, area_id: elsewhere.id })).status).toBe(400);
    const other = await createOrg(h);
    const theirs = await fixtures(h, other).area((await fixtures(h, other).site()).id);
    expect((await s.a.post('/api/mass-action-signin', { site_id: s.site.id, area_id: theirs.id })).status).toBe(404);
  });

  it('answers 401, 403, 404 for another organisation’s site, 400 on bad input', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const theirSite = await fixtures(h, other).site();
    expect((await api(h.app).post('/api/mass-action-signin', { site_id: theirSite.id })).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).post('/api/mass-action-signin', { site_id: theirSite.id })).status).toBe(403);
    expect((await api(h.app, org.token).post('/api/mass-action-signin', { site_id: theirSite.id })).status).toBe(404);
    expect((await api(h.app, org.token).post('/api/mass-action-signin', { entity_id: other.entityId, site_id: 1 })).status).toBe(404);
    const bad = await api(h.app, org.token).post('/api/mass-action-signin', { site_id: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.site_id).toBeDefined();
  });
});

describe('POST /api/mass-action-apply-signin (rules 220, 224, 226)', () => {
  it('flips each person: the signed out sign in at the area, the signed in sign out where they are', async () => {
    const org = await createOrg(h);
    const s = await school(org);
    const res = await s.a.post('/api/mass-action-apply-signin', {
      site_id: s.site.id,
      area_id: s.hall.id,
      users: [{ id: s.ana.id, temperature: '98.2' }, { id: s.ben.id }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.applied).toEqual(
      expect.arrayContaining([expect.objectContaining({ user_id: s.ana.id, action: 'in' }), expect.objectContaining({ user_id: s.ben.id, action: 'out' })]),
    );
    expect(res.body.message).toBe('2 people updated, 0 skipped.');
    const after = (await s.a.post('/api/mass-action-signin', { site_id: s.site.id })).body.data[0].users;
    expect(after.find((u: { id: number }) => u.id === s.ana.id)).toMatchObject({ state: 'signed_in', area: { id: s.hall.id } });
    expect(after.find((u: { id: number }) => u.id === s.ben.id)).toMatchObject({ state: 'signed_out' });
  });

  it('issue 15 part 5: an explicit Sign out signs out only the signed in; a chosen person already out is skipped with why, never signed in', async () => {
    const org = await createOrg(h);
    const s = await school(org);
    const res = await s.a.post('/api/mass-action-apply-signin', { site_id: s.site.id, area_id: s.hall.id, action: 'out', users: [{ id: s.ana.id }, { id: s.ben.id }] });
    expect(res.status).toBe(200);
    expect(res.body.data.applied).toEqual([expect.objectContaining({ user_id: s.ben.id, action: 'out' })]);
    expect(res.body.data.skipped).toEqual([{ user_id: s.ana.id, full_name: 'Ana Adams', message: 'Not signed in: nothing to sign out.' }]);
    const [anaVisit] = await s.f.run((tx) => tx.select().from(visits).where(eq(visits.userId, s.ana.id)));
    expect(anaVisit).toBeUndefined();
    // 'All' with Sign in takes only those signed out, and the late one with the reason given for everyone.
    const all = await s.a.post('/api/mass-action-apply-signin', { site_id: s.site.id, area_id: s.hall.id, action: 'in', users: [{ id: s.ana.id }, { id: s.ben.id }, { id: s.cai.id, reason_id: s.late.id }] });
    expect(all.body.data.applied.map((x: { user_id: number }) => x.user_id).sort()).toEqual([s.ana.id, s.ben.id, s.cai.id].sort());
    const again = await s.a.post('/api/mass-action-apply-signin', { site_id: s.site.id, area_id: s.hall.id, action: 'in', all: 1 });
    expect(again.body.data.applied).toEqual([expect.objectContaining({ user_id: org.userId })]);
    expect(again.body.data.skipped).toEqual([]);
    expect((await s.a.post('/api/mass-action-apply-signin', { site_id: s.site.id, area_id: s.hall.id, action: 'sideways', all: 1 })).status).toBe(400);
  });

  it("rule 224: the 'All' row applies to everyone; a late person without a reason is skipped and listed with why", async () => {
    const org = await createOrg(h);
    const s = await school(org);
    const res = await s.a.post('/api/mass-action-apply-signin', { site_id: s.site.id, area_id: s.hall.id, all: 1 });
    expect(res.status).toBe(200);
    // Everyone active in the organisation (the owner included) except Cai, who is late and gave no reason.
    const applied = res.body.data.applied.map((x: { user_id: number }) => x.user_id);
    expect(applied).toEqual(expect.arrayContaining([s.ana.id, s.ben.id, org.userId]));
    expect(applied).not.toContain(s.cai.id);
    expect(res.body.data.skipped).toEqual([{ user_id: s.cai.id, full_name: 'Cai Chen', message: 'Choose a reason.' }]);
    const errors = await s.a.post('/api/mass-action-signin/errors', { batch_id: res.body.data.batch_id });
    expect(errors.status).toBe(200);
    expect(errors.body.data).toEqual([expect.objectContaining({ user_id: s.cai.id, full_name: 'Cai Chen', message: 'Choose a reason.' })]);
    const withReason = await s.a.post('/api/mass-action-apply-signin', { site_id: s.site.id, area_id: s.hall.id, users: [{ id: s.cai.id, reason_id: s.late.id }] });
    expect(withReason.body.data.applied).toEqual([expect.objectContaining({ user_id: s.cai.id, action: 'in' })]);
  });

  it('rule 226: people outside the actor’s access are skipped with an explanation while the rest apply', async () => {
    const org = await createOrg(h);
    const s = await school(org);
    const member = await createMember(h, org, 'admin');
    const other = await s.f.mode();
    await s.f.run((tx) => tx.insert(attendanceModeGrants).values({ entityId: org.entityId, userId: member.userId, attendanceModeId: other.id }));
    const m = api(h.app, member.token);
    const data = (await m.post('/api/mass-action-signin', { site_id: s.site.id })).body.data[0].users;
    expect(data.find((u: { id: number }) => u.id === s.cai.id)).toMatchObject({ can_act: 0, blocked_reason: "This person's attendance mode is outside your access." });
    const res = await m.post('/api/mass-action-apply-signin', { site_id: s.site.id, area_id: s.hall.id, users: [{ id: s.ana.id }, { id: s.cai.id, reason_id: s.late.id }] });
    expect(res.status).toBe(200);
    expect(res.body.data.applied.map((x: { user_id: number }) => x.user_id)).toEqual([s.ana.id]);
    expect(res.body.data.skipped).toEqual([{ user_id: s.cai.id, full_name: 'Cai Chen', message: "This person's attendance mode is outside your access." }]);
    const [caiVisit] = await s.f.run((tx) => tx.select().from(visits).where(eq(visits.userId, s.cai.id)));
    expect(caiVisit).toBeUndefined();
  });

  it('answers 401, 403, 404 and 400, changing nothing', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const s = await school(org);
    const theirs = fixtures(h, other);
    const theirSite = await theirs.site();
    const theirArea = await theirs.area(theirSite.id);
    const body = { site_id: s.site.id, area_id: s.hall.id, users: [{ id: s.ana.id }] };
    expect((await api(h.app).post('/api/mass-action-apply-signin', body)).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).post('/api/mass-action-apply-signin', body)).status).toBe(403);
    expect((await s.a.post('/api/mass-action-apply-signin', { ...body, site_id: theirSite.id, area_id: theirArea.id })).status).toBe(404);
    const bad = await s.a.post('/api/mass-action-apply-signin', { site_id: s.site.id, area_id: s.hall.id, users: [{ id: 'x' }] });
    expect(bad.status).toBe(400);
    const none = await s.a.post('/api/mass-action-apply-signin', { site_id: s.site.id, area_id: s.hall.id });
    expect(none.status).toBe(400);
    expect(none.body.errors.users).toEqual(['Choose at least one person.']);
    const [anaVisit] = await s.f.run((tx) => tx.select().from(visits).where(eq(visits.userId, s.ana.id)));
    expect(anaVisit).toBeUndefined();
  });

  it('mass-action-signin/errors: 401, 403, 400, and only the caller’s organisation', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const s = await school(org);
    await s.a.post('/api/mass-action-apply-signin', { site_id: s.site.id, area_id: s.hall.id, all: 1 });
    expect((await api(h.app).post('/api/mass-action-signin/errors', {})).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).post('/api/mass-action-signin/errors', {})).status).toBe(403);
    expect((await s.a.post('/api/mass-action-signin/errors', { batch_id: 'nope' })).status).toBe(400);
    expect((await s.a.post('/api/mass-action-signin/errors', { entity_id: other.entityId })).status).toBe(404);
    expect((await api(h.app, other.token).post('/api/mass-action-signin/errors', {})).body.count).toBe(0);
    expect((await s.a.post('/api/mass-action-signin/errors', {})).body.count).toBe(1);
  });
});
