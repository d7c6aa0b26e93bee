import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceModeGrants, journeyAttendanceModes, journeys } from '../../db/schema/index';
import { createMember, createOrg, createPowerless, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { fixtures } from '../signin/testing';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const modeBody = (org: Org, extra: Record<string, unknown> = {}) => ({
  entity_id: org.entityId,
  name: `Staff ${Math.random().toString(36).slice(2, 8)}`,
  schedule_days: [1, 2, 3, 4, 5],
  from: '08:00:00',
  to: '16:00:00',
  late_sign_in_grace: 10,
  early_sign_out_grace: 5,
  ...extra,
});

describe('attendance modes', () => {
  it('creates, reads, lists, updates and deletes a mode', async () => {
    const org = await createOrg(h);
    const code = await fixtures(h, org).code('ON');
    const a = api(h.app, org.token);
    const created = await a.post('/api/attendance_mode', modeBody(org, { name: 'Teachers', on_time_attendance_code_id: code.id }));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Teachers', schedule_days: [1, 2, 3, 4, 5], from: '08:00:00', to: '16:00:00', late_sign_in_grace: 10, on_time_attendance_code_id: code.id, can_manage: 1 });
    const id = created.body.data.id;
    expect((await a.get(`/api/attendance_modes/${id}`)).body.data.name).toBe('Teachers');
    const list = await a.get(`/api/attendance_mode/${org.entityId}?filterBy=Teach`);
    expect(list.body.count).toBe(1);
    const updated = await a.put(`/api/attendance_mode/${id}`, modeBody(org, { name: 'Teachers AM', from: '07:30' }));
    expect(updated.status).toBe(200);
    expect(updated.body.data.from).toBe('07:30:00');
    const badPut = await a.put(`/api/attendance_mode/${id}`, modeBody(org, { name: '', schedule_days: [] }));
    expect(badPut.status).toBe(400);
    expect(Object.keys(badPut.body.errors).sort()).toEqual(['name', 'schedule_days']);
    expect((await a.get(`/api/attendance_modes/${id}`)).body.data.name).toBe('Teachers AM');
    expect((await a.del(`/api/attendance_mode/${id}`)).status).toBe(200);
    expect((await a.get(`/api/attendance_modes/${id}`)).status).toBe(404);
  });

  it('answers 401 without a token, 403 without the permission, 404 for another organisation', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const theirs = await fixtures(h, other).mode();
    expect((await api(h.app).get(`/api/attendance_mode/${org.entityId}`)).status).toBe(401);
    expect((await api(h.app).post('/api/attendance_mode', modeBody(org))).status).toBe(401);
    const powerless = await createPowerless(h, org);
    expect((await api(h.app, powerless.token).get(`/api/attendance_mode/${org.entityId}`)).status).toBe(403);
    expect((await api(h.app, powerless.token).post('/api/attendance_mode', modeBody(org))).status).toBe(403);
    expect((await api(h.app, powerless.token).get('/api/attendance-mode/unique?name=x')).status).toBe(403);
    const a = api(h.app, org.token);
    expect((await a.get(`/api/attendance_mode/${other.entityId}`)).status).toBe(404);
    expect((await a.get(`/api/attendance_modes/${theirs.id}`)).status).toBe(404);
    expect((await a.put(`/api/attendance_mode/${theirs.id}`, modeBody(org))).status).toBe(404);
    expect((await a.del(`/api/attendance_mode/${theirs.id}`)).status).toBe(404);
    expect((await a.get(`/api/attendance_code/${org.entityId}/${theirs.id}`)).status).toBe(404);
    expect((await a.post('/api/attendance_mode', modeBody(other))).status).toBe(404);
  });

  it('refuses bad input with field messages and changes nothing', async () => {
    const org = await createOrg(h);
    const a = api(h.app, org.token);
    const bad = await a.post('/api/attendance_mode', { entity_id: org.entityId, name: 'x', schedule_days: [9], from: '25:00', to: 'soon' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['from', 'name', 'schedule_days.0', 'to'].sort());
    const backwards = await a.post('/api/attendance_mode', modeBody(org, { from: '16:00', to: '08:00' }));
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.to).toBeDefined();
    expect((await a.get(`/api/attendance_mode/${org.entityId}`)).body.count).toBe(0);
  });

  it('rule 249: a mode name is unique, checked through a call, "mode name exists"', async () => {
    const org = await createOrg(h);
    const a = api(h.app, org.token);
    expect((await a.get('/api/attendance-mode/unique?name=Pupils')).status).toBe(200);
    expect((await a.post('/api/attendance_mode', modeBody(org, { name: 'Pupils' }))).status).toBe(201);
    const taken = await a.get('/api/attendance-mode/unique?name=pupils');
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('An attendance mode with this name already exists.');
    const dup = await a.post('/api/attendance_mode', modeBody(org, { name: 'PUPILS' }));
    expect(dup.status).toBe(409);
    expect(dup.body.errors.name).toBeDefined();
    expect((await a.post('/api/change-lang', { lang: 'es' })).status).toBe(200);
    const es = await a.get('/api/attendance-mode/unique?name=Pupils');
    expect(es.body.message).toBe('Ya existe un modo de asistencia con este nombre.');
  });

  it('lists attendance codes with add_reason, and the modes of a journey', async () => {
    const org = await createOrg(h);
    const f = fixtures(h, org);
    const used = await f.code('LATE');
    const free = await f.code('XX');
    const mode = await f.mode();
    await f.reason(mode.id, { attendanceCodeId: used.id });
    const codes = await api(h.app, org.token).get(`/api/attendance_code/${org.entityId}/${mode.id}`);
    expect(codes.status).toBe(200);
    expect(codes.body.data.find((c: { id: number }) => c.id === used.id)).toMatchObject({ add_reason: 1, attendance_mode_id: mode.id });
    expect(codes.body.data.find((c: { id: number }) => c.id === free.id)).toMatchObject({ add_reason: 0, attendance_mode_id: null });
  });
});

describe('GET /api/attendance_modes/journey/{id}, /api/attendance_code and /api/attendance-mode/unique: the five cases', () => {
  it('lists the modes a journey can use, those it offers marked selected', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const f = fixtures(h, org);
    const offered = await f.mode({ name: 'Offered mode' });
    const plain = await f.mode({ name: 'Plain mode' });
    const [journey] = await f.run((tx) => tx.insert(journeys).values({ entityId: org.entityId, name: 'Front door' }).returning());
    await f.run((tx) => tx.insert(journeyAttendanceModes).values({ entityId: org.entityId, journeyId: journey.id, attendanceModeId: offered.id }));
    const res = await api(h.app, org.token).get(`/api/attendance_modes/journey/${journey.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { id: number; selected: number }) => [m.id, m.selected])).toEqual([
      [offered.id, 1],
      [plain.id, 0],
    ]);
    expect((await api(h.app).get(`/api/attendance_modes/journey/${journey.id}`)).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).get(`/api/attendance_modes/journey/${journey.id}`)).status).toBe(403);
    expect((await api(h.app, other.token).get(`/api/attendance_modes/journey/${journey.id}`)).status).toBe(404);
    expect((await api(h.app, org.token).get('/api/attendance_modes/journey/x')).status).toBe(400);
  });

  it('attendance_code and the uniqueness check answer 401, 403 and 400', async () => {
    const org = await createOrg(h);
    const mode = await fixtures(h, org).mode();
    expect((await api(h.app).get(`/api/attendance_code/${org.entityId}/${mode.id}`)).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).get(`/api/attendance_code/${org.entityId}/${mode.id}`)).status).toBe(403);
    expect((await api(h.app, org.token).get(`/api/attendance_code/${org.entityId}/zero`)).status).toBe(400);
    expect((await api(h.app).get('/api/attendance-mode/unique?name=x')).status).toBe(401);
    const missing = await api(h.app, org.token).get('/api/attendance-mode/unique');
    expect(missing.status).toBe(400);
    expect(missing.body.errors.name).toBeDefined();
    const other = await createOrg(h);
    expect((await api(h.app, org.token).get(`/api/attendance-mode/unique?name=x&entity_id=${other.entityId}`)).status).toBe(404);
  });
});

describe('reasons (rules 250-253)', () => {
  async function setup() {
    const org = await createOrg(h);
    const mode = (await api(h.app, org.token).post('/api/attendance_mode', modeBody(org))).body.data;
    const reason = (extra: Record<string, unknown> = {}) => ({ entity_id: org.entityId, attendance_mode_id: mode.id, name: 'Doctor', type: 'late_sign_in', from: '08:00', to: '10:00', duration: 30, ...extra });
    return { org, mode, reason, a: api(h.app, org.token) };
  }

  it('adds, updates and deletes a reason', async () => {
    const { a, reason, mode } = await setup();
    const created = await a.post('/api/reason', reason({ presented_reason: 'Medical appointment' }));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Doctor', from: '08:00:00', to: '10:00:00', duration: 30, type: 'late_sign_in' });
    const upd = await a.put(`/api/reason/${created.body.data.id}`, reason({ name: 'Dentist', to: '09:00' }));
    expect(upd.status).toBe(200);
    const badPut = await a.put(`/api/reason/${created.body.data.id}`, reason({ name: 'x'.repeat(21), duration: 0 }));
    expect(badPut.status).toBe(400);
    expect(Object.keys(badPut.body.errors).sort()).toEqual(['duration', 'name']);
    expect((await a.get(`/api/attendance_modes/${mode.id}`)).body.data.reasons.map((r: { name: string }) => r.name)).toEqual(['Dentist']);
    expect((await a.del(`/api/reason/${created.body.data.id}`)).status).toBe(200);
    expect((await a.get(`/api/attendance_modes/${mode.id}`)).body.data.reasons).toEqual([]);
  });

  it('rule 250: names unique in the mode and at most 20 characters', async () => {
    const { a, reason } = await setup();
    expect((await a.post('/api/reason', reason())).status).toBe(201);
    const dup = await a.post('/api/reason', reason({ name: 'doctor', type: 'early_sign_out', from: '14:00', to: '15:00' }));
    expect(dup.status).toBe(409);
    const long = await a.post('/api/reason', reason({ name: 'A reason that is far too long', from: '10:00', to: '11:00' }));
    expect(long.status).toBe(400);
    expect(long.body.errors.name).toEqual(['A reason name may be at most 20 characters.']);
  });

  it('rule 251: the range lies inside the mode and does not overlap another reason of the type', async () => {
    const { a, reason } = await setup();
    const outside = await a.post('/api/reason', reason({ from: '07:00', to: '09:00' }));
    expect(outside.status).toBe(400);
    expect(outside.body.errors.from).toEqual(["The reason's time range must lie inside the mode's range."]);
    expect((await a.post('/api/reason', reason())).status).toBe(201);
    const overlap = await a.post('/api/reason', reason({ name: 'Bus', from: '09:30', to: '11:00' }));
    expect(overlap.status).toBe(400);
    expect(overlap.body.errors.from).toEqual(['The time range overlaps another reason of the same type.']);
    expect((await a.post('/api/reason', reason({ name: 'Bus', from: '10:00', to: '11:00' }))).status).toBe(201);
    expect((await a.post('/api/reason', reason({ name: 'Leave', type: 'early_sign_out', from: '09:00', to: '10:00' }))).status).toBe(201);
  });

  it('rule 252: duration plus the end time cannot pass the mode end; rule 253: at least 1 minute', async () => {
    const { a, reason, mode } = await setup();
    const long = await a.post('/api/reason', reason({ from: '15:00', to: '15:45', duration: 30 }));
    expect(long.status).toBe(400);
    expect(long.body.errors.duration).toBeDefined();
    const zero = await a.post('/api/reason', reason({ duration: 0 }));
    expect(zero.status).toBe(400);
    expect(zero.body.errors.duration).toEqual(['The value cannot be less than 1 minute.']);
    expect((await a.get(`/api/attendance_modes/${mode.id}`)).body.data.reasons).toEqual([]);
  });

  it('a mode cannot shrink so that its reasons fall outside it', async () => {
    const { a, reason, mode, org } = await setup();
    expect((await a.post('/api/reason', reason())).status).toBe(201);
    const shrink = await a.put(`/api/attendance_mode/${mode.id}`, modeBody(org, { name: mode.name, from: '09:00' }));
    expect(shrink.status).toBe(400);
    expect((await a.get(`/api/attendance_modes/${mode.id}`)).body.data.from).toBe('08:00:00');
  });

  it('answers 404 for a reason or mode of another organisation', async () => {
    const { a, reason } = await setup();
    const other = await createOrg(h);
    const f = fixtures(h, other);
    const theirMode = await f.mode();
    const theirReason = await f.reason(theirMode.id);
    expect((await a.post('/api/reason', reason({ attendance_mode_id: theirMode.id }))).status).toBe(404);
    expect((await a.put(`/api/reason/${theirReason.id}`, reason())).status).toBe(404);
    expect((await a.del(`/api/reason/${theirReason.id}`)).status).toBe(404);
    expect((await api(h.app).del(`/api/reason/${theirReason.id}`)).status).toBe(401);
    expect((await api(h.app).post('/api/reason', reason())).status).toBe(401);
    const powerless = await createPowerless(h, other);
    expect((await api(h.app, powerless.token).post('/api/reason', reason({ entity_id: other.entityId, attendance_mode_id: theirMode.id }))).status).toBe(403);
    expect((await api(h.app, powerless.token).put(`/api/reason/${theirReason.id}`, reason({ entity_id: other.entityId, attendance_mode_id: theirMode.id }))).status).toBe(403);
    expect((await api(h.app, powerless.token).del(`/api/reason/${theirReason.id}`)).status).toBe(403);
  });

  it('rule 101: actions on reasons or modes outside the actor’s attendance-mode access are refused with an explanation', async () => {
    const { org, mode, reason } = await setup();
    const f = fixtures(h, org);
    const allowed = await f.mode();
    const member = await createMember(h, org, 'admin');
    await f.run((tx) => tx.insert(attendanceModeGrants).values({ entityId: org.entityId, userId: member.userId, attendanceModeId: allowed.id }));
    const m = api(h.app, member.token);
    const refused = await m.post('/api/reason', reason());
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You cannot act on people or reasons of an attendance mode outside your access.');
    expect((await m.del(`/api/attendance_mode/${mode.id}`)).status).toBe(403);
    expect((await m.get(`/api/attendance_modes/${mode.id}`)).body.data.can_manage).toBe(0);
    expect((await m.post('/api/reason', reason({ attendance_mode_id: allowed.id, from: '09:00', to: '10:00' }))).status).toBe(201);
  });
});
