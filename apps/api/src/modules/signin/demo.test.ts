import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { utcToZoned } from '../../platform/time-zone';
import { signinDemo } from './demo';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

describe('sign-in demo data', () => {
  it('makes attendance modes with reasons, past working days and today up to now, which the logbook and counts show (issue 15 part 4)', async () => {
    const org = await createOrg(h);
    await signinDemo(h.services, { entityId: org.entityId, ownerUserId: org.userId, roles: [] });
    const a = api(h.app, org.token);
    const modes = await a.get(`/api/attendance_mode/${org.entityId}`);
    expect(modes.body.data.map((m: { name: string }) => m.name).sort()).toEqual(['Pupil school day', 'Staff working day']);
    expect(modes.body.data.every((m: { reasons: unknown[] }) => m.reasons.length === 2)).toBe(true);
    // The site signinDemo makes keeps London's calendar.
    const today = utcToZoned(new Date(), 'Europe/London').date;
    const log = await a.get(`/api/visit_list/${org.entityId}?filterBy=${encodeURIComponent(JSON.stringify({ start_date: today, end_date: today }))}`);
    expect(log.body.count).toBeGreaterThan(30);
    // Nothing is dated in the future.
    expect(log.body.data.every((s: { at: string }) => new Date(s.at).getTime() <= Date.now())).toBe(true);
    const late = await a.get(`/api/visit_list/${org.entityId}?limit=100&filterBy=${encodeURIComponent(JSON.stringify({ status: 'sign_in' }))}`);
    expect(late.body.data.some((s: { late: number; reason: unknown }) => s.late === 1 && s.reason)).toBe(true);
    const counts = await a.get(`/api/dashboard/${org.entityId}`);
    expect(counts.body.totals.sign_ins_today).toBeGreaterThan(30);
    expect(counts.body.totals.on_site).toBeGreaterThan(20);
    expect(counts.body.totals.on_site).toBeLessThan(counts.body.totals.sign_ins_today);
    // The chart has earlier days to compare.
    expect(counts.body.totals.daily.filter((d: { sign_ins: number }) => d.sign_ins > 0).length).toBeGreaterThan(1);
  });
});
