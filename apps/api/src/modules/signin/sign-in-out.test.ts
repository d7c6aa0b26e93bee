import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceModeGrants, userTypes, userUserTypes, users, visits } from '../../db/schema/index';
import { createMember, createOrg, createPowerless, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { mailTo } from '../../../test/mailbox';
import { fixtures } from './test-fixtures';

let h: TestApp;
const events: { entityId: number; payload: Record<string, unknown> }[] = [];
beforeAll(async () => {
  h = await buildTestApp();
  h.services.realtime.toEntity = ((entityId: number, _event: string, payload: Record<string, unknown>) => events.push({ entityId, payload })) as never;
});
afterAll(() => h.close());

/** A UTC instant `days` ago at hh:mm (sites in these tests are in UTC unless they say otherwise). */
const ago = (days: number, hhmm: string) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - days);
  return `${d.toISOString().slice(0, 10)}T${hhmm}:00Z`;
};

async function place(org: Org) {
  const f = fixtures(h, org);
  const site = await f.site();
  const area = await f.area(site.id);
  const person = await f.person({ firstName: 'Maya', lastName: 'Lopez' });
  return { f, site, area, person, a: api(h.app, org.token) };
}

const scanCount = async (org: Org, userId: number) => (await fixtures(h, org).scans(userId)).length;

describe('signing in and out: POST /api/user_action and /api/kiosk/scan', () => {
  it('signs a person in, tells the console and the host, then signs them out (toggle)', async () => {
    const org = await createOrg(h);
    const { f, area, person, a, site } = await place(org);
    const host = await f.person({ firstName: 'Hana', lastName: 'Host', email: 'hana.host@example.test' });
    const kiosk = await f.kiosk(site.id, area.id);
    const inRes = await a.post('/api/kiosk/scan', { area_id: area.id, user_id: person.id, kiosk_id: kiosk.id, input_method: 'qr', host_user_id: host.id });
    expect(inRes.status).toBe(200);
    expect(inRes.body.message).toBe('Maya Lopez signed in.');
    expect(inRes.body.data).toMatchObject({ action: 'in', visit_status: 'signed_in', replayed: 0 });
    expect(inRes.body.data.scan).toMatchObject({ full_name: 'Maya Lopez', direction: 'in', type: 'sign_in', input_method: 'qr', area: { id: area.id }, site: { id: site.id }, kiosk: { id: kiosk.id }, host: { id: host.id } });
    expect(events.some((e) => e.entityId === org.entityId && e.payload.type === 'scan' && e.payload.action === 'created' && e.payload.id === inRes.body.data.scan.id)).toBe(true);
    const mail = await mailTo(h, 'hana.host');
    expect(mail.length).toBe(1);
    expect(mail[0].subject).toBe('Maya Lopez has arrived');

    const outRes = await a.post('/api/user_action', { area_id: area.id, user_id: person.id });
    expect(outRes.status).toBe(200);
    expect(outRes.body.data).toMatchObject({ action: 'out', visit_status: 'signed_out', visit_id: inRes.body.data.visit_id });
    const [visit] = await f.run((tx) => tx.select().from(visits).where(eq(visits.id, inRes.body.data.visit_id)));
    expect(visit.status).toBe('signed_out');
    expect(visit.signedOutAt).not.toBeNull();
  });

  it('finds the person by e-mail and moves an expected visit to signed in', async () => {
    const org = await createOrg(h);
    const { f, area, person, a } = await place(org);
    const [expected] = await f.run((tx) =>
      tx.insert(visits).values({ entityId: org.entityId, userId: person.id, areaId: area.id, status: 'expected', expectedAt: new Date() }).returning(),
    );
    const res = await a.post('/api/kiosk/scan', { area_id: area.id, email: person.email!.toUpperCase(), action: 'in' });
    expect(res.status).toBe(200);
    expect(res.body.data.visit_id).toBe(expected.id);
    const [visit] = await f.run((tx) => tx.select().from(visits).where(eq(visits.id, expected.id)));
    expect(visit.status).toBe('signed_in');
  });

  it("rules 190, 194: a sign-in takes an expected visit within its user type's grace period, not a fixed 12 hours", async () => {
    const org = await createOrg(h);
    const { f, area, a } = await place(org);
    const [long, short] = await f.run(async (tx) => {
      const [l] = await tx.insert(userTypes).values({ entityId: org.entityId, name: 'Long grace', gracePeriod: 120 }).returning();
      const [s] = await tx.insert(userTypes).values({ entityId: org.entityId, name: 'Short grace', gracePeriod: 30 }).returning();
      return [l!, s!];
    });
    const inNinety = new Date(Date.now() + 90 * 60_000);
    const expect_ = async (userTypeId: number) => {
      const person = await f.person({ userTypeId });
      const [v] = await f.run((tx) => tx.insert(visits).values({ entityId: org.entityId, userId: person.id, areaId: area.id, userTypeId, status: 'expected', expectedAt: inNinety }).returning());
      const res = await a.post('/api/user_action', { area_id: area.id, user_id: person.id, action: 'in' });
      expect(res.status).toBe(200);
      return { expected: v!.id, took: res.body.data.visit_id as number };
    };
    const within = await expect_(long.id);
    expect(within.took).toBe(within.expected);
    const beyond = await expect_(short.id);
    expect(beyond.took).not.toBe(beyond.expected);
    const [left] = await f.run((tx) => tx.select().from(visits).where(eq(visits.id, beyond.expected)));
    expect(left.status).toBe('expected');
  });

  it('answers 401 without a token, 403 without the permission, 404 for another organisation’s area or person', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const { area, person, a } = await place(org);
    const theirs = await place(other);
    expect((await api(h.app).post('/api/kiosk/scan', { area_id: area.id, user_id: person.id })).status).toBe(401);
    expect((await api(h.app).post('/api/user_action', { area_id: area.id, user_id: person.id })).status).toBe(401);
    const powerless = await createPowerless(h, org);
    expect((await api(h.app, powerless.token).post('/api/user_action', { area_id: area.id, user_id: person.id })).status).toBe(403);
    expect((await api(h.app, powerless.token).post('/api/kiosk/scan', { area_id: area.id, user_id: person.id })).status).toBe(403);
    expect((await a.post('/api/kiosk/scan', { area_id: theirs.area.id, user_id: person.id })).status).toBe(404);
    const unknown = await a.post('/api/kiosk/scan', { area_id: area.id, user_id: theirs.person.id });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('This person is not known here.');
    expect((await a.post('/api/kiosk/scan', { entity_id: other.entityId, area_id: area.id, user_id: person.id })).status).toBe(404);
    expect(await scanCount(org, person.id)).toBe(0);
  });

  it('refuses bad input with field messages and records nothing', async () => {
    const org = await createOrg(h);
    const { area, person, a } = await place(org);
    const bad = await a.post('/api/user_action', { user_id: 'me', action: 'dance' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['action', 'area_id', 'user_id']);
    const nobody = await a.post('/api/user_action', { area_id: area.id });
    expect(nobody.status).toBe(400);
    expect(nobody.body.errors.user_id).toEqual(['Say who is signing: a user id, e-mail, phone or ID number.']);
    const out = await a.post('/api/user_action', { area_id: area.id, user_id: person.id, action: 'out' });
    expect(out.status).toBe(400);
    expect(out.body.errors.user_id).toEqual(['This person is not signed in.']);
    expect(await scanCount(org, person.id)).toBe(0);
  });

  it('refuses an archived person', async () => {
    const org = await createOrg(h);
    const { f, area, a } = await place(org);
    const gone = await f.person({ status: 'archived' });
    const res = await a.post('/api/kiosk/scan', { area_id: area.id, user_id: gone.id });
    expect(res.status).toBe(400);
    expect(await scanCount(org, gone.id)).toBe(0);
  });
});

describe('rule 227: temperature and mask checks', () => {
  it('reads Celsius, converts Fahrenheit (above 85 or marked F), defaults to 36 C', async () => {
    const org = await createOrg(h);
    const { f, area, a } = await place(org);
    const cases: [unknown, number][] = [['36.6', 36.6], ['98.6', 37], ['97 F', 36.1], [96.8, 36], ['', 36], [null, 36], ['36,8 c', 36.8]];
    for (const [reading, celsius] of cases) {
      const p = await f.person();
      const res = await a.post('/api/kiosk/scan', { area_id: area.id, user_id: p.id, temperature: reading });
      expect(res.status, String(reading)).toBe(200);
      expect(res.body.data.scan.temperature, String(reading)).toBe(celsius);
    }
  });

  it('answers 400 to a reading like "hot" and records nothing', async () => {
    const org = await createOrg(h);
    const { area, person, a } = await place(org);
    const res = await a.post('/api/kiosk/scan', { area_id: area.id, user_id: person.id, temperature: 'hot' });
    expect(res.status).toBe(400);
    expect(res.body.errors.temperature).toEqual(['Enter the temperature as a number, in C or F.']);
    expect(await scanCount(org, person.id)).toBe(0);
  });

  it('a fever or no mask needs notes of at least 20 characters', async () => {
    const org = await createOrg(h);
    const { area, person, a } = await place(org);
    const fever = await a.post('/api/kiosk/scan', { area_id: area.id, user_id: person.id, temperature: '101.3' });
    expect(fever.status).toBe(400);
    expect(fever.body.errors.notes).toBeDefined();
    const noMask = await a.post('/api/kiosk/scan', { area_id: area.id, user_id: person.id, mask: 0, notes: 'too short' });
    expect(noMask.status).toBe(400);
    expect(await scanCount(org, person.id)).toBe(0);
    const justified = await a.post('/api/kiosk/scan', { area_id: area.id, user_id: person.id, temperature: '101.3', mask: 0, notes: 'Checked again by the nurse, cleared.' });
    expect(justified.status).toBe(200);
    expect(justified.body.data.scan).toMatchObject({ temperature: 38.5, mask: 0 });
  });
});

describe("rule 227: the journey's temperature threshold", () => {
  it("a reading at or above the area journey's threshold needs notes; the kiosk's own journey decides at that kiosk", async () => {
    const org = await createOrg(h);
    const { f, site, area, a } = await place(org);
    await f.temperatureJourney(37, area.id);
    const strict = await f.person();
    const warm = await a.post('/api/kiosk/scan', { area_id: area.id, user_id: strict.id, temperature: '37.2' });
    expect(warm.status).toBe(400);
    expect(warm.body.errors.notes).toBeDefined();
    expect(await scanCount(org, strict.id)).toBe(0);

    const lenient = await f.temperatureJourney(38.5);
    const kiosk = await f.kiosk(site.id, area.id, lenient.id);
    const atKiosk = await a.post('/api/kiosk/scan', { area_id: area.id, kiosk_id: kiosk.id, user_id: strict.id, temperature: '38.2' });
    expect(atKiosk.status).toBe(200);
    expect(atKiosk.body.data.scan.temperature).toBe(38.2);
  });

  it('without a temperature check on the journey, the default threshold applies', async () => {
    const org = await createOrg(h);
    const { f, area, person, a } = await place(org);
    await f.temperatureJourney(null, area.id);
    const ok = await a.post('/api/kiosk/scan', { area_id: area.id, user_id: person.id, temperature: '37.2' });
    expect(ok.status).toBe(200);
  });
});

describe('attendance modes at sign-in: lateness, early leaving, reasons and codes', () => {
  async function staffed(opts: { reasons?: boolean } = {}) {
    const org = await createOrg(h);
    const p = await place(org);
    const onTime = await p.f.code('PRESENT');
    const lateCode = await p.f.code('LATE-DOC');
    const mode = await p.f.mode({ fromTime: '09:00:00', toTime: '17:00:00', lateSignInGrace: 10, earlySignOutGrace: 15, onTimeAttendanceCodeId: onTime.id });
    const doctor = opts.reasons === false ? null : await p.f.reason(mode.id, { name: 'Doctor', type: 'late_sign_in', attendanceCodeId: lateCode.id });
    const leave = opts.reasons === false ? null : await p.f.reason(mode.id, { name: 'Family', type: 'early_sign_out', fromTime: '13:00:00', toTime: '15:00:00', duration: 60 });
    await p.f.follow(p.person.id, mode.id);
    return { org, ...p, mode, onTime, lateCode, doctor, leave };
  }

  it('on time within the grace period: not late, the on-time code recorded', async () => {
    const s = await staffed();
    const res = await s.a.post('/api/kiosk/scan', { area_id: s.area.id, user_id: s.person.id, at: ago(2, '09:09') });
    expect(res.status).toBe(200);
    expect(res.body.data.scan).toMatchObject({ late: 0, reason: null, attendance_code: { id: s.onTime.id } });
  });

  it('late after the grace period: a reason is required, must be the mode’s, and its code is recorded', async () => {
    const s = await staffed();
    const none = await s.a.post('/api/kiosk/scan', { area_id: s.area.id, user_id: s.person.id, at: ago(2, '09:30') });
    expect(none.status).toBe(400);
    expect(none.body.errors.reason_id).toEqual(['Choose a reason.']);
    const otherMode = await s.f.mode();
    const foreign = await s.f.reason(otherMode.id, { name: 'Bus' });
    const outside = await s.a.post('/api/kiosk/scan', { area_id: s.area.id, user_id: s.person.id, at: ago(2, '09:30'), reason_id: foreign.id });
    expect(outside.status).toBe(400);
    expect(outside.body.errors.reason_id).toEqual(["This reason is not one of the person's attendance mode reasons for this action."]);
    const wrongType = await s.a.post('/api/kiosk/scan', { area_id: s.area.id, user_id: s.person.id, at: ago(2, '09:30'), reason_id: s.leave!.id });
    expect(wrongType.status).toBe(400);
    expect(await scanCount(s.org, s.person.id)).toBe(0);
    const ok = await s.a.post('/api/kiosk/scan', { area_id: s.area.id, user_id: s.person.id, at: ago(2, '09:30'), reason_id: s.doctor!.id });
    expect(ok.status).toBe(200);
    expect(ok.body.data.scan).toMatchObject({ late: 1, reason: { id: s.doctor!.id, name: 'Doctor' }, attendance_code: { id: s.lateCode.id } });
    const [visit] = await s.f.run((tx) => tx.select().from(visits).where(eq(visits.id, ok.body.data.visit_id)));
    expect(visit).toMatchObject({ lateSignIn: true, signInReasonId: s.doctor!.id, attendanceModeId: s.mode.id });
  });

  it('tells the kiosk beforehand whether a reason is needed (get_reasons_should_check_in_visit)', async () => {
    const s = await staffed();
    const late = await s.a.get(`/api/get_reasons_should_check_in_visit?user_id=${s.person.id}&area_id=${s.area.id}&at=${ago(1, '10:00')}`);
    expect(late.status).toBe(200);
    expect(late.body.data).toMatchObject({ action: 'in', late: 1, should_give_reason: 1, attendance_mode_id: s.mode.id });
    expect(late.body.data.reasons.map((r: { name: string }) => r.name)).toEqual(['Doctor']);
    const onTime = await s.a.get(`/api/get_reasons_should_check_in_visit?user_id=${s.person.id}&at=${ago(1, '08:55')}`);
    expect(onTime.body.data).toMatchObject({ late: 0, should_give_reason: 0, attendance_code_if_no_reasons: s.onTime.id });
    expect((await api(h.app).get(`/api/get_reasons_should_check_in_visit?user_id=${s.person.id}`)).status).toBe(401);
    const other = await createOrg(h);
    expect((await api(h.app, other.token).get(`/api/get_reasons_should_check_in_visit?user_id=${s.person.id}`)).status).toBe(404);
    expect((await s.a.get('/api/get_reasons_should_check_in_visit?user_id=abc')).status).toBe(400);
  });

  it('leaving before the end minus the grace is early, with an early sign-out reason', async () => {
    const s = await staffed();
    expect((await s.a.post('/api/kiosk/scan', { area_id: s.area.id, user_id: s.person.id, at: ago(3, '08:50') })).status).toBe(200);
    const early = await s.a.post('/api/kiosk/scan', { area_id: s.area.id, user_id: s.person.id, at: ago(3, '14:00') });
    expect(early.status).toBe(400);
    const ok = await s.a.post('/api/kiosk/scan', { area_id: s.area.id, user_id: s.person.id, at: ago(3, '14:00'), reason_id: s.leave!.id });
    expect(ok.status).toBe(200);
    expect(ok.body.data.scan).toMatchObject({ direction: 'out', early: 1, reason: { id: s.leave!.id } });
    expect((await s.a.post('/api/kiosk/scan', { area_id: s.area.id, user_id: s.person.id, at: ago(2, '08:50') })).status).toBe(200);
    const inGrace = await s.a.post('/api/kiosk/scan', { area_id: s.area.id, user_id: s.person.id, at: ago(2, '16:50') });
    expect(inGrace.body.data.scan).toMatchObject({ early: 0, reason: null });
  });

  it('a mode without reasons records lateness without asking for one', async () => {
    const s = await staffed({ reasons: false });
    const res = await s.a.post('/api/kiosk/scan', { area_id: s.area.id, user_id: s.person.id, at: ago(1, '11:00') });
    expect(res.status).toBe(200);
    expect(res.body.data.scan).toMatchObject({ late: 1, attendance_code: null });
  });

  it('rules 100-101: a person outside the actor’s attendance-mode or user-type access is refused with an explanation', async () => {
    const s = await staffed();
    const member = await createMember(h, s.org, 'admin');
    const allowedMode = await s.f.mode();
    await s.f.run((tx) => tx.insert(attendanceModeGrants).values({ entityId: s.org.entityId, userId: member.userId, attendanceModeId: allowedMode.id }));
    const res = await api(h.app, member.token).post('/api/user_action', { area_id: s.area.id, user_id: s.person.id, at: ago(1, '08:00') });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("This person's attendance mode is outside your access.");
    const typed = await createMember(h, s.org, 'admin');
    const staff = await s.f.userType('Staff');
    const pupil = await s.f.userType('Pupil');
    const kid = await s.f.person({ userTypeId: pupil.id });
    await s.f.run(async (tx) => {
      await tx.update(users).set({ allUserTypes: false }).where(eq(users.id, typed.userId));
      await tx.insert(userUserTypes).values({ entityId: s.org.entityId, userId: typed.userId, userTypeId: staff.id });
    });
    const refused = await api(h.app, typed.token).post('/api/user_action', { area_id: s.area.id, user_id: kid.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("This person's user type is outside your access.");
    expect(await scanCount(s.org, kid.id)).toBe(0);
  });
});

describe('idempotency: the same request twice records one scan', () => {
  it('replays the first answer for a repeated key, even sent at once', async () => {
    const org = await createOrg(h);
    const { area, person, a } = await place(org);
    const body = { area_id: area.id, user_id: person.id, idempotency_key: 'kiosk-7:offline:000123' };
    const [one, two] = await Promise.all([a.post('/api/kiosk/scan', body), a.post('/api/kiosk/scan', body)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.data.scan.id).toBe(two.body.data.scan.id);
    expect([one.body.data.replayed, two.body.data.replayed].sort()).toEqual([0, 1]);
    const three = await a.post('/api/kiosk/scan', body);
    expect(three.body.data).toMatchObject({ replayed: 1, action: 'in' });
    expect(await scanCount(org, person.id)).toBe(1);
    const other = await createOrg(h);
    const theirs = await place(other);
    expect((await theirs.a.post('/api/kiosk/scan', { area_id: theirs.area.id, user_id: theirs.person.id, idempotency_key: body.idempotency_key })).body.data.replayed).toBe(0);
    expect((await a.post('/api/kiosk/scan', { ...body, idempotency_key: 'short' })).status).toBe(400);
  });
});

describe('POST /api/checkin_users', () => {
  it('signs several people in and lists the ones it could not (rule 160)', async () => {
    const org = await createOrg(h);
    const { f, area, person, a } = await place(org);
    const second = await f.person();
    const archived = await f.person({ status: 'archived' });
    const res = await a.post('/api/checkin_users', { area_id: area.id, users: [person.id, second.id, archived.id] });
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { user_id: number }) => d.user_id).sort()).toEqual([person.id, second.id].sort());
    expect(res.body.errors[String(archived.id)]).toBe('This person is archived and cannot sign in.');
    expect((await api(h.app).post('/api/checkin_users', { area_id: area.id, users: [person.id] })).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).post('/api/checkin_users', { area_id: area.id, users: [person.id] })).status).toBe(403);
    expect((await a.post('/api/checkin_users', { area_id: area.id, users: [] })).status).toBe(400);
    const other = await createOrg(h);
    const theirs = await place(other);
    expect((await a.post('/api/checkin_users', { area_id: theirs.area.id, users: [person.id] })).status).toBe(404);
  });
});
