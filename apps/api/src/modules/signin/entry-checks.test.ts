import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceUsers, visits } from '../../db/schema/index';
import { createOrg, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { pairKiosk } from '../../../test/places';
import { isComplianceDue } from '../compliance';
import { fixtures } from './test-fixtures';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/** An organisation with a site, an area, a Visitor user type and a visitor. */
async function place(org: Org) {
  const f = fixtures(h, org);
  const site = await f.site();
  const area = await f.area(site.id);
  const visitorType = await f.userType('Visitor');
  const visitor = await f.person({ firstName: 'Vera', lastName: 'Vance', userTypeId: visitorType.id });
  return { f, site, area, visitorType, visitor, a: api(h.app, org.token) };
}

const scansOf = async (org: Org, userId: number) => (await fixtures(h, org).scans(userId)).length;

describe("the flow's checks at sign-in: a reading the flow asks for is needed (rules 196, 212, 227)", () => {
  it('refuses a sign-in without the temperature or the mask answer, accepts it with both; people without the flow are not asked', async () => {
    const org = await createOrg(h);
    const { f, area, visitorType, visitor, a } = await place(org);
    await f.flow(area.id, visitorType.id, { temperatureCheck: true, maskCheck: true });
    const none = await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in' });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ temperature: ['A temperature reading is needed to sign in here.'], mask: ['Say whether a mask is worn: it is checked to sign in here.'] });
    expect(none.body.message).toBe('A temperature reading is needed to sign in here.');
    const maskOnly = await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in', mask: true });
    expect(maskOnly.status).toBe(400);
    expect(Object.keys(maskOnly.body.errors)).toEqual(['temperature']);
    const tempOnly = await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in', temperature: '36.4' });
    expect(Object.keys(tempOnly.body.errors)).toEqual(['mask']);
    expect(await scansOf(org, visitor.id)).toBe(0);
    // A failed check still needs notes (rule 212).
    const noMask = await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in', temperature: '36.4', mask: false });
    expect(noMask.body.errors.notes).toBeDefined();
    const ok = await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in', temperature: '97.5', mask: 1 });
    expect(ok.status).toBe(200);
    expect(ok.body.data.scan).toMatchObject({ temperature: 36.4, mask: 1 });
    const [visit] = await f.run((tx) => tx.select().from(visits).where(eq(visits.id, ok.body.data.visit_id)));
    expect(visit.journeyFlowId).not.toBeNull();
    // Signing out asks nothing.
    expect((await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'out' })).status).toBe(200);
    // Someone whose user type has no flow in the journey is not asked the flow's checks.
    const staff = await f.person({ userTypeId: (await f.userType('Staff')).id });
    expect((await a.post('/api/user_action', { area_id: area.id, user_id: staff.id, action: 'in' })).status).toBe(200);
  });

  it("a sub-type follows its parent type's flow; the journey's own checks apply to everyone", async () => {
    const org = await createOrg(h);
    const { f, area, visitorType, a } = await place(org);
    await f.flow(area.id, visitorType.id, { maskCheck: true }, { temperatureCheck: true, temperatureThreshold: 38 });
    const contractorType = await f.run(async (tx) => {
      const { userTypes } = await import('../../db/schema/index');
      return (await tx.insert(userTypes).values({ entityId: org.entityId, name: 'Contractor', parentId: visitorType.id }).returning())[0];
    });
    const carl = await f.person({ userTypeId: contractorType.id });
    const refused = await a.post('/api/user_action', { area_id: area.id, user_id: carl.id, action: 'in', temperature: 37 });
    expect(refused.body.errors).toEqual({ mask: ['Say whether a mask is worn: it is checked to sign in here.'] });
    // The journey's threshold (38) applies: 37.5 passes without notes.
    expect((await a.post('/api/user_action', { area_id: area.id, user_id: carl.id, action: 'in', temperature: 37.5, mask: true })).status).toBe(200);
    const staff = await f.person({ userTypeId: (await f.userType('Staff')).id });
    const noReading = await a.post('/api/user_action', { area_id: area.id, user_id: staff.id, action: 'in' });
    expect(noReading.body.errors).toEqual({ temperature: ['A temperature reading is needed to sign in here.'] });
  });
});

describe("the flow's host settings (rule 194)", () => {
  it('refuses without a host when the flow allows none, and a host outside its host user types; accepts one of them', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const { f, area, visitorType, visitor, a } = await place(org);
    const staffType = await f.userType('Staff');
    const { flow } = await f.flow(area.id, visitorType.id, { hostRequired: true, allowNoHost: false, hostUserTypeIds: [staffType.id] });
    const host = await f.person({ firstName: 'Hana', lastName: 'Host', userTypeId: staffType.id });
    const guest = await f.person({ userTypeId: visitorType.id });
    const theirs = await fixtures(h, other).person();

    const noHost = await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in' });
    expect(noHost.status).toBe(400);
    expect(noHost.body.errors.host_user_id).toEqual(['Choose who is being visited: signing in here needs a host.']);
    const wrongType = await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in', host_user_id: guest.id });
    expect(wrongType.body.errors.host_user_id).toEqual(['This host cannot be chosen for this visit.']);
    // Another organisation's person is no host here.
    const foreign = await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in', host_user_id: theirs.id });
    expect(foreign.body.errors.host_user_id).toEqual(['The host is not known here.']);
    expect(await scansOf(org, visitor.id)).toBe(0);
    const ok = await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in', host_user_id: host.id });
    expect(ok.status).toBe(200);
    expect(ok.body.data.scan.host).toEqual({ id: host.id, name: 'Hana Host' });

    // An expected visit's host (chosen when it was registered) counts as the host.
    const expectedGuest = await f.person({ userTypeId: visitorType.id });
    await f.run((tx) => tx.insert(visits).values({ entityId: org.entityId, userId: expectedGuest.id, areaId: area.id, status: 'expected', expectedAt: new Date(), hostUserId: host.id }));
    expect((await a.post('/api/user_action', { area_id: area.id, user_id: expectedGuest.id, action: 'in' })).status).toBe(200);

    // Allowing no host: the sign-in goes ahead without one.
    const { journeyFlows } = await import('../../db/schema/index');
    await f.run((tx) => tx.update(journeyFlows).set({ allowNoHost: true }).where(eq(journeyFlows.id, flow.id)));
    expect((await a.post('/api/user_action', { area_id: area.id, user_id: guest.id, action: 'in' })).status).toBe(200);
  });
});

describe("the flow's entry condition within its frequency (rules 198, 205-214)", () => {
  const cases: { frequency: string; fresh: number; stale: number | null; validDays?: number }[] = [
    { frequency: 'daily', fresh: 60_000, stale: 2 * DAY },
    { frequency: 'weekly', fresh: 6 * DAY, stale: 7 * DAY + 60_000 },
    { frequency: 'monthly', fresh: 20 * DAY, stale: 32 * DAY },
    { frequency: 'one-off', fresh: 400 * DAY, stale: null },
    { frequency: 'valid till expiry', fresh: 1 * DAY, stale: 3 * DAY, validDays: 2 },
  ];
  for (const c of cases) {
    it(`${c.frequency}: a pass inside the window lets them in, an older one (or none, or a failed one) is refused naming the condition`, async () => {
      const org = await createOrg(h);
      const { f, area, visitorType, a } = await place(org);
      const health = await f.condition('Health declaration', c.validDays ?? 3);
      await f.flow(area.id, visitorType.id, { complianceId: health.id, complianceFrequency: c.frequency });
      const never = await f.person({ userTypeId: visitorType.id });
      const failed = await f.person({ userTypeId: visitorType.id });
      await f.answer(failed.id, health, 'failed', ago(60_000));
      const fresh = await f.person({ userTypeId: visitorType.id });
      await f.answer(fresh.id, health, 'success', ago(c.fresh));
      for (const p of [never, failed]) {
        const res = await a.post('/api/user_action', { area_id: area.id, user_id: p.id, action: 'in' });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('The entry condition “Health declaration” must be answered before signing in.');
        expect(res.body.errors.compliance).toEqual([res.body.message]);
      }
      if (c.stale !== null) {
        const stale = await f.person({ userTypeId: visitorType.id });
        await f.answer(stale.id, health, 'success', ago(c.stale));
        expect((await a.post('/api/user_action', { area_id: area.id, user_id: stale.id, action: 'in' })).status).toBe(400);
      }
      expect((await a.post('/api/user_action', { area_id: area.id, user_id: fresh.id, action: 'in' })).status).toBe(200);
    });
  }

  it('everytime: an earlier pass is not enough; answers with the request are evaluated, kept with the visit and scan; a pass for the expected visit counts', async () => {
    const org = await createOrg(h);
    const { f, area, visitorType, visitor, a } = await place(org);
    const health = await f.condition('Health declaration');
    await f.flow(area.id, visitorType.id, { complianceId: health.id, complianceFrequency: 'everytime' });
    await f.answer(visitor.id, health, 'success', ago(60_000));
    expect((await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in' })).status).toBe(400);

    const wrong = await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in', compliance: { answers: [{ question_id: 'fever', answer: 'positive' }], agreed: true } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The answers to the entry condition “Health declaration” did not pass.');
    expect(wrong.body.errors.compliance).toBeDefined();
    const unknown = await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in', compliance: { answers: [{ question_id: 'other', answer: 'negative' }], agreed: true } });
    expect(unknown.status).toBe(400);
    expect(await scansOf(org, visitor.id)).toBe(0);

    const ok = await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in', compliance: { answers: [{ question_id: 'fever', answer: 'negative' }], agreed: true } });
    expect(ok.status).toBe(200);
    const kept = await f.run((tx) => tx.select().from(complianceUsers).where(and(eq(complianceUsers.entityId, org.entityId), eq(complianceUsers.scanId, ok.body.data.scan.id))));
    expect(kept).toMatchObject([{ userId: visitor.id, complianceId: health.id, complianceVersionId: health.versionId, visitId: ok.body.data.visit_id, areaId: area.id, status: 'success', source: 'console' }]);

    // A visitor who answered online for today's expected visit signs in without answering again.
    const online = await f.person({ userTypeId: visitorType.id });
    const [expected] = await f.run((tx) => tx.insert(visits).values({ entityId: org.entityId, userId: online.id, areaId: area.id, status: 'expected', expectedAt: new Date() }).returning());
    await f.answer(online.id, health, 'success', ago(3_600_000), expected.id);
    const arrived = await a.post('/api/user_action', { area_id: area.id, user_id: online.id, action: 'in' });
    expect(arrived.status).toBe(200);
    expect(arrived.body.data.visit_id).toBe(expected.id);
  });

  it("another organisation's answers and conditions do not count; a deleted condition asks nothing", async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const { f, area, visitorType, visitor, a } = await place(org);
    const health = await f.condition('Health declaration');
    const { flow } = await f.flow(area.id, visitorType.id, { complianceId: health.id, complianceFrequency: 'daily' });
    // The same person's id answered in another organisation's tables cannot exist; their own person's pass stays theirs.
    const o = fixtures(h, other);
    const theirCondition = await o.condition('Health declaration');
    const theirPerson = await o.person();
    await o.answer(theirPerson.id, theirCondition, 'success', ago(60_000));
    expect((await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in' })).status).toBe(400);
    // Their person cannot be signed in at our area.
    expect((await a.post('/api/user_action', { area_id: area.id, user_id: theirPerson.id, action: 'in' })).status).toBe(404);
    const { compliances, journeyFlows } = await import('../../db/schema/index');
    // A flow pointing at another organisation's condition asks nothing here: only this organisation's are read.
    await f.run((tx) => tx.update(journeyFlows).set({ complianceId: theirCondition.id }).where(eq(journeyFlows.id, flow.id)));
    expect((await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in' })).status).toBe(200);
    // A deleted condition asks nothing either.
    await f.run((tx) => tx.update(journeyFlows).set({ complianceId: health.id }).where(eq(journeyFlows.id, flow.id)));
    const next = await f.person({ userTypeId: visitorType.id });
    expect((await a.post('/api/user_action', { area_id: area.id, user_id: next.id, action: 'in' })).status).toBe(400);
    await f.run((tx) => tx.update(compliances).set({ deletedAt: new Date() }).where(eq(compliances.id, health.id)));
    expect((await a.post('/api/user_action', { area_id: area.id, user_id: next.id, action: 'in' })).status).toBe(200);
  });

  it("'daily' is the site's calendar day", () => {
    const passed = new Date('2026-03-10T23:30:00Z');
    const later = new Date('2026-03-11T00:30:00Z');
    expect(isComplianceDue('daily', passed, later)).toBe(true);
    expect(isComplianceDue('daily', passed, later, null, 'America/New_York')).toBe(false);
    // 23:30 and 00:30 in Dubai (UTC+4): a new day there, the same day in UTC.
    expect(isComplianceDue('daily', new Date('2026-03-10T19:30:00Z'), new Date('2026-03-10T20:30:00Z'), null, 'Asia/Dubai')).toBe(true);
    expect(isComplianceDue('daily', new Date('2026-03-10T19:30:00Z'), new Date('2026-03-10T20:30:00Z'))).toBe(false);
  });
});

describe("the area's entry conditions and documents (rule 230)", () => {
  it('refuses a person without a valid pass of the area condition or a valid required document, and lets them in once they hold both', async () => {
    const org = await createOrg(h);
    const { f, area, visitor, a } = await place(org);
    const induction = await f.condition('Site induction', 30);
    const vaccine = await f.documentType('Vaccination certificate');
    await f.asks(area.id, { complianceIds: [induction.id], documentTypeIds: [vaccine.id] });

    const noPass = await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in' });
    expect(noPass.status).toBe(400);
    expect(noPass.body.errors.compliance).toEqual(['This area asks for the entry condition “Site induction”, and no valid passing answer is on file. Please see the front desk.']);
    await f.answer(visitor.id, induction, 'success', ago(31 * DAY));
    expect((await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in' })).body.errors.compliance).toBeDefined();
    await f.answer(visitor.id, induction, 'success', ago(DAY));

    const noDoc = await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in' });
    expect(noDoc.status).toBe(400);
    expect(noDoc.body.errors.documents).toEqual(['This area asks for a valid “Vaccination certificate”, and none is on file. Please see the front desk.']);
    // Expired, disabled, deleted or a positive test: still refused.
    await f.document(visitor.id, vaccine.id, { expiryDate: new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10) });
    await f.document(visitor.id, vaccine.id, { status: 'disabled' });
    await f.document(visitor.id, vaccine.id, { status: 'DELETED' });
    await f.document(visitor.id, vaccine.id, { type: 'test', vaccineStatus: 'positive_pcr' });
    await f.document(visitor.id, vaccine.id, { vaccineStatus: 'unchecked' });
    expect((await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in' })).body.errors.documents).toBeDefined();
    expect(await scansOf(org, visitor.id)).toBe(0);
    await f.document(visitor.id, vaccine.id, { expiryDate: new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10) });
    expect((await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in' })).status).toBe(200);
  });

  it("another organisation's document of the same name does not count", async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const { f, area, visitor, a } = await place(org);
    const vaccine = await f.documentType('Vaccination certificate');
    await f.asks(area.id, { documentTypeIds: [vaccine.id] });
    const o = fixtures(h, other);
    const theirType = await o.documentType('Vaccination certificate');
    await o.document((await o.person()).id, theirType.id);
    expect((await a.post('/api/user_action', { area_id: area.id, user_id: visitor.id, action: 'in' })).status).toBe(400);
    // Another organisation's area is not found.
    const theirArea = await o.area((await o.site()).id);
    expect((await a.post('/api/user_action', { area_id: theirArea.id, user_id: visitor.id, action: 'in' })).status).toBe(404);
  });
});

describe('refusals in the kiosk language and for staff acting (rules 160, 222-226)', () => {
  it("the kiosk app hears each refusal in its language (en, ar, es) and signs in once the person's answers pass", async () => {
    const org = await createOrg(h);
    const { f, area, visitorType, visitor } = await place(org);
    const health = await f.condition('Health declaration');
    await f.flow(area.id, visitorType.id, { temperatureCheck: true, complianceId: health.id, complianceFrequency: 'everytime' });
    const device = await pairKiosk(h, org, area.id);
    const kiosk = (lang: string) => api(h.app, device.token, lang);
    const ar = await kiosk('ar').post('/api/kiosk-app/scan', { user_id: visitor.id, action: 'in' });
    expect(ar.status).toBe(400);
    expect(ar.body.message).toBe('يلزم قياس درجة الحرارة لتسجيل الدخول هنا.');
    const es = await kiosk('es').post('/api/kiosk-app/scan', { user_id: visitor.id, action: 'in', temperature: '36.5' });
    expect(es.body.message).toBe('Hay que responder la condición de entrada «Health declaration» antes de registrar la entrada.');
    const arCondition = await kiosk('ar').post('/api/kiosk-app/scan', { user_id: visitor.id, action: 'in', temperature: '36.5' });
    expect(arCondition.body.message).toBe('يجب الإجابة عن شرط الدخول «Health declaration» قبل تسجيل الدخول.');
    const ok = await kiosk('en').post('/api/kiosk-app/scan', {
      user_id: visitor.id,
      action: 'in',
      temperature: '36.5',
      compliance: { answers: [{ question_id: 'fever', answer: 'negative' }], agreed: true },
    });
    expect(ok.status).toBe(200);
    const [kept] = await f.run((tx) => tx.select().from(complianceUsers).where(and(eq(complianceUsers.entityId, org.entityId), eq(complianceUsers.userId, visitor.id))));
    expect(kept).toMatchObject({ source: 'kiosk', scanId: ok.body.data.scan.id, status: 'success' });
  });

  it("identify tells the kiosk what the sign-in asks (host step, entry condition when due); a sign-in kept offline is recorded without them", async () => {
    const org = await createOrg(h);
    const { f, area, visitorType, visitor } = await place(org);
    const staffType = await f.userType('Staff');
    const host = await f.person({ firstName: 'Hana', lastName: 'Host', userTypeId: staffType.id });
    const health = await f.condition('Health declaration');
    const { flow } = await f.flow(area.id, visitorType.id, { temperatureCheck: true, hostRequired: true, hostUserTypeIds: [staffType.id], complianceId: health.id, complianceFrequency: 'daily' });
    const device = await pairKiosk(h, org, area.id);
    const k = api(h.app, device.token);
    expect((await k.post('/api/kiosk-app/identify', { user_id: visitor.id })).body.data).toMatchObject({ action: 'in', journey_flow_id: flow.id, host: 1, compliance: 1, checks: { temperature: 1 } });
    // Hosts of the flow's host user types can be found for a known person too.
    expect((await k.get(`/api/kiosk-app/hosts/${flow.id}?search=hana`)).body.data).toEqual([{ id: host.id, name: 'Hana Host' }]);
    // Answered today (daily) and expected with a host: nothing more to ask.
    const expected = await f.person({ userTypeId: visitorType.id });
    await f.answer(expected.id, health, 'success', ago(60_000));
    await f.run((tx) => tx.insert(visits).values({ entityId: org.entityId, userId: expected.id, areaId: area.id, status: 'expected', expectedAt: new Date(), hostUserId: host.id }));
    expect((await k.post('/api/kiosk-app/identify', { user_id: expected.id })).body.data).toMatchObject({ host: 0, compliance: 0 });

    // Kept offline: recorded without host and answers; the readings the kiosk asked offline are still needed.
    const at = ago(10 * 60_000).toISOString();
    const noReading = await k.post('/api/kiosk-app/scan', { user_id: visitor.id, action: 'in', offline: 1, at, idempotency_key: 'offline-visitor-1' });
    expect(noReading.body.errors).toEqual({ temperature: ['A temperature reading is needed to sign in here.'] });
    expect((await k.post('/api/kiosk-app/scan', { user_id: visitor.id, action: 'in', at, temperature: '36.6', idempotency_key: 'online-visitor-1' })).status).toBe(400);
    const kept = await k.post('/api/kiosk-app/scan', { user_id: visitor.id, action: 'in', offline: 1, at, temperature: '36.6', idempotency_key: 'offline-visitor-2' });
    expect(kept.status).toBe(200);
    expect(kept.body.data.scan.at).toBe(at);
    // The console's calls take no such flag.
    const other = await f.person({ userTypeId: visitorType.id });
    expect((await api(h.app, org.token).post('/api/user_action', { area_id: area.id, user_id: other.id, action: 'in', temperature: 36.6, offline: 1 })).status).toBe(400);
  });

  it("the mass sign-in list judges the entry condition as the sign-in does (rules 198, 222-223: the condition's valid days)", async () => {
    const org = await createOrg(h);
    const { f, site, area, visitorType, visitor, a } = await place(org);
    const health = await f.condition('Health declaration', 3);
    await f.flow(area.id, visitorType.id, { complianceId: health.id, complianceFrequency: 'valid till expiry' });
    await f.answer(visitor.id, health, 'success', ago(2 * DAY));
    const users = (await a.post('/api/mass-action-signin', { site_id: site.id, area_id: area.id })).body.data[0].users as { id: number; compliance_status: string }[];
    expect(users.find((u) => u.id === visitor.id)?.compliance_status).toBe('passed');
    const res = await a.post('/api/mass-action-apply-signin', { site_id: site.id, area_id: area.id, users: [{ id: visitor.id }] });
    expect(res.body.data.applied.map((x: { user_id: number }) => x.user_id)).toEqual([visitor.id]);
  });

  it('mass sign-in and checkin_users list each refused person with why; the rest still apply', async () => {
    const org = await createOrg(h);
    const { f, site, area, visitorType, visitor, a } = await place(org);
    const health = await f.condition('Health declaration');
    await f.flow(area.id, visitorType.id, { maskCheck: true, complianceId: health.id, complianceFrequency: 'daily' });
    const passed = await f.person({ firstName: 'Pia', lastName: 'Pass', userTypeId: visitorType.id });
    await f.answer(passed.id, health, 'success', ago(60_000));
    const staff = await f.person({ firstName: 'Sam', lastName: 'Staff', userTypeId: (await f.userType('Staff')).id });

    const res = await a.post('/api/mass-action-apply-signin', {
      site_id: site.id,
      area_id: area.id,
      users: [{ id: visitor.id, mask: true }, { id: passed.id }, { id: staff.id }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.applied.map((x: { user_id: number }) => x.user_id)).toEqual([staff.id]);
    const why = Object.fromEntries(res.body.data.skipped.map((s: { full_name: string; message: string }) => [s.full_name, s.message]));
    expect(why).toEqual({
      'Vera Vance': 'The entry condition “Health declaration” must be answered before signing in.',
      'Pia Pass': 'Say whether a mask is worn: it is checked to sign in here.',
    });
    // The answers taken at the desk complete the condition (rule 223).
    const again = await a.post('/api/mass-action-apply-signin', {
      site_id: site.id,
      area_id: area.id,
      users: [{ id: visitor.id, mask: true, compliance: { answers: [{ question_id: 'fever', answer: 'negative' }], agreed: true } }, { id: passed.id, mask: 1 }],
    });
    expect(again.body.data.applied.map((x: { user_id: number }) => x.user_id).sort()).toEqual([visitor.id, passed.id].sort());

    const late = await f.person({ userTypeId: visitorType.id });
    const checkin = await a.post('/api/checkin_users', { area_id: area.id, users: [late.id] });
    expect(checkin.status).toBe(200);
    expect(checkin.body.data).toEqual([]);
    expect(checkin.body.errors).toEqual({ [String(late.id)]: 'Say whether a mask is worn: it is checked to sign in here.' });
    // Someone the flow does not cover is signed in by the same call.
    const guest = await f.person({ userTypeId: (await f.userType('Contractor')).id });
    const mixed = await a.post('/api/checkin_users', { area_id: area.id, users: [guest.id, late.id] });
    expect(mixed.body.data.map((x: { user_id: number }) => x.user_id)).toEqual([guest.id]);
    expect(Object.keys(mixed.body.errors)).toEqual([String(late.id)]);
  });
});
