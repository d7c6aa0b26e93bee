import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scans, visits } from '../../db/schema/index';
import { createOrg, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { AUTO_SIGN_OUT_JOB, autoSignOut, runAutoSignOutJob } from './auto-sign-out';
import { fixtures } from './test-fixtures';
import { nextMidnight, zonedMidnight } from '../../platform/time-zone';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

async function signedIn(org: Org, timezone: string, mode: 'midnight' | 'after_24_hours' | 'none', at: string) {
  const f = fixtures(h, org);
  const site = await f.site({ timezone });
  const area = await f.area(site.id, { autoSignOutMode: mode });
  const person = await f.person();
  const [visit] = await f.run((tx) =>
    tx.insert(visits).values({ entityId: org.entityId, userId: person.id, siteId: site.id, areaId: area.id, status: 'signed_in', signedInAt: new Date(at) }).returning(),
  );
  return visit;
}

const statusOf = async (org: Org, id: number) => (await fixtures(h, org).run((tx) => tx.select().from(visits).where(eq(visits.id, id))))[0];

describe('rule 231: auto sign-out at midnight in the site’s time zone, or after 24 hours', () => {
  it('closes midnight visits at each site’s own midnight (UTC, New York, Auckland)', async () => {
    const org = await createOrg(h);
    const at = '2026-03-10T20:00:00Z';
    const utc = await signedIn(org, 'UTC', 'midnight', at);
    const ny = await signedIn(org, 'America/New_York', 'midnight', at);
    const akl = await signedIn(org, 'Pacific/Auckland', 'midnight', at);
    const none = await signedIn(org, 'UTC', 'none', at);
    const db = h.services.database.db;

    await autoSignOut(db, new Date('2026-03-10T23:59:00Z'), { entityId: org.entityId });
    expect((await statusOf(org, utc.id)).status).toBe('signed_in');
    await autoSignOut(db, new Date('2026-03-11T00:00:01Z'), { entityId: org.entityId });
    expect((await statusOf(org, utc.id)).status).toBe('auto_closed');
    expect((await statusOf(org, ny.id)).status).toBe('signed_in');
    await autoSignOut(db, new Date('2026-03-11T04:00:01Z'), { entityId: org.entityId });
    expect((await statusOf(org, ny.id)).status).toBe('auto_closed');
    expect((await statusOf(org, akl.id)).status).toBe('signed_in');
    await autoSignOut(db, new Date('2026-03-11T11:00:01Z'), { entityId: org.entityId });
    expect((await statusOf(org, akl.id)).status).toBe('auto_closed');
    expect((await statusOf(org, none.id)).status).toBe('signed_in');

    const [out] = await fixtures(h, org).run((tx) => tx.select().from(scans).where(and(eq(scans.visitId, ny.id), eq(scans.direction, 'out'))));
    expect(out).toMatchObject({ method: 'auto_midnight' });
    expect(out.at.toISOString()).toBe('2026-03-11T04:00:01.000Z');
  });

  it('closes after-24-hours visits only once 24 hours have passed', async () => {
    const org = await createOrg(h);
    const visit = await signedIn(org, 'Asia/Kolkata', 'after_24_hours', '2026-03-10T20:00:00Z');
    const db = h.services.database.db;
    await autoSignOut(db, new Date('2026-03-11T19:59:00Z'), { entityId: org.entityId });
    expect((await statusOf(org, visit.id)).status).toBe('signed_in');
    await autoSignOut(db, new Date('2026-03-11T20:00:00Z'), { entityId: org.entityId });
    expect((await statusOf(org, visit.id)).status).toBe('auto_closed');
  });

  it('computes the next local midnight across daylight-saving changes', () => {
    expect(nextMidnight(new Date('2026-03-10T20:00:00Z'), 'America/New_York').toISOString()).toBe('2026-03-11T04:00:00.000Z');
    expect(nextMidnight(new Date('2026-03-10T20:00:00Z'), 'Pacific/Auckland').toISOString()).toBe('2026-03-11T11:00:00.000Z');
    // New York springs forward on 8 March 2026: midnight after the 7th is still EST (UTC-5).
    expect(nextMidnight(new Date('2026-03-07T20:00:00Z'), 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(nextMidnight(new Date('2026-03-08T20:00:00Z'), 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(zonedMidnight('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(zonedMidnight('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(zonedMidnight('2026-03-11', 'Pacific/Auckland').toISOString()).toBe('2026-03-10T11:00:00.000Z');
  });

  it('a sign-in in an auto sign-out area queues a stored job (it survives a restart) that closes the visit when due', async () => {
    const org = await createOrg(h);
    const f = fixtures(h, org);
    const site = await f.site({ timezone: 'Europe/Madrid' });
    const area = await f.area(site.id, { autoSignOutMode: 'after_24_hours' });
    const person = await f.person();
    const res = await api(h.app, org.token).post('/api/kiosk/scan', { area_id: area.id, user_id: person.id });
    expect(res.status).toBe(200);
    const visitId = res.body.data.visit_id;
    const jobs = await h.services.database.sql.query<{ data: { visitId: number }; start_after: Date }>(
      `select data, start_after from pgboss.job where name = $1 and (data->>'visitId')::int = $2`,
      [AUTO_SIGN_OUT_JOB, visitId],
    );
    expect(jobs.rows.length).toBe(1);
    expect(new Date(jobs.rows[0].start_after).getTime()).toBeGreaterThan(Date.now());
    // The job runs at the first midnight: a 24-hour visit is not due yet, so it waits again.
    await runAutoSignOutJob(h.services, { entityId: org.entityId, visitId }, new Date(Date.now() + 60_000));
    expect((await statusOf(org, visitId)).status).toBe('signed_in');
    await runAutoSignOutJob(h.services, { entityId: org.entityId, visitId }, new Date(Date.now() + 24 * 3600_000 + 60_000));
    expect((await statusOf(org, visitId)).status).toBe('auto_closed');
  });
});
