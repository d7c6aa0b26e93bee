import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { signinDemo } from './demo';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

describe('sign-in demo data', () => {
  it('makes attendance modes with reasons and a day of scans the logbook and counts show', async () => {
    const org = await createOrg(h);
    await signinDemo(h.services, { entityId: org.entityId, ownerUserId: org.userId, roles: [] });
    const a = api(h.app, org.token);
    const modes = await a.get(`/api/attendance_mode/${org.entityId}`);
    expect(modes.body.data.map((m: { name: string }) => m.name).sort()).toEqual(['Pupil school day', 'Staff working day']);
    expect(modes.body.data.every((m: { reasons: unknown[] }) => m.reasons.length === 2)).toBe(true);
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const log = await a.get(`/api/visit_list/${org.entityId}?filterBy=${encodeURIComponent(JSON.stringify({ start_date: day, end_date: day }))}`);
    expect(log.body.count).toBeGreaterThan(50);
    const late = await a.get(`/api/visit_list/${org.entityId}?limit=100&filterBy=${encodeURIComponent(JSON.stringify({ status: 'sign_in' }))}`);
    expect(late.body.data.some((s: { late: number; reason: unknown }) => s.late === 1 && s.reason)).toBe(true);
    const counts = await a.get(`/api/dashboard/${org.entityId}`);
    expect(counts.body.totals.on_site).toBe(4);
  });
});
