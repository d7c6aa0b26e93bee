import { and, eq, sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, privacyRuns, scans, users, visits } from '../../db/schema/index';
import { createMember, createOrg, createPowerless, PASSWORD, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { fixtures } from '../signin/testing';
import { runPurge } from './purge';
import { privacyTick } from './schedule';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

/**
 * A visitor type and a staff type; Ann came 100 days ago (with a photo), Bea 60 days ago, Cy 5 days ago, and Dee
 * (staff) 400 days ago. Each visit has its two scans.
 */
async function people(org: Org) {
  const f = fixtures(h, org);
  const site = await f.site({ name: 'School', timezone: 'Europe/London' });
  const area = await f.area(site.id, { name: 'Reception' });
  const visitor = await f.userType('Visitor');
  const staff = await f.userType('Staff');
  await f.run((tx) => tx.execute(sql`update user_types set is_staff = true where id = ${staff.id}`));
  await h.services.storage.put(`people/${org.entityId}-0123456789abcdef.jpg`, Buffer.from('jpeg'));
  const person = async (first: string, typeId: number, days: number, image?: string) => {
    const p = await f.person({ firstName: first, lastName: 'Test', userTypeId: typeId });
    await f.run(async (tx) => {
      await tx.update(users).set({ createdAt: ago(days + 1), image: image ?? null }).where(eq(users.id, p.id));
      const [v] = await tx.insert(visits).values({ entityId: org.entityId, userId: p.id, siteId: site.id, areaId: area.id, status: 'signed_out', signedInAt: ago(days), signedOutAt: new Date(ago(days).getTime() + 3600_000), createdAt: ago(days) }).returning();
      await tx.insert(scans).values([
        { entityId: org.entityId, visitId: v.id, userId: p.id, areaId: area.id, direction: 'in', method: 'qr', at: ago(days) },
        { entityId: org.entityId, visitId: v.id, userId: p.id, areaId: area.id, direction: 'out', method: 'qr', at: new Date(ago(days).getTime() + 3600_000) },
      ]);
    });
    return p;
  };
  const ann = await person('Ann', visitor.id, 100, `/api/files/people/${org.entityId}-0123456789abcdef.jpg`);
  const bea = await person('Bea', visitor.id, 60);
  const cy = await person('Cy', visitor.id, 5);
  const dee = await person('Dee', staff.id, 400);
  return { f, site, area, visitor, staff, ann, bea, cy, dee, a: api(h.app, org.token) };
}

/** Waits for the organisation's runs to finish (the job queue runs them in the background). */
async function runsDone(entityId: number) {
  for (let i = 0; i < 200; i++) {
    const open = await h.services.database.db.$count(privacyRuns, and(eq(privacyRuns.entityId, entityId), sql`${privacyRuns.status} in ('queued', 'running')`));
    if (!open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const userRow = (p: Awaited<ReturnType<typeof people>>, id: number) => p.f.run(async (tx) => (await tx.select().from(users).where(eq(users.id, id)))[0]);
const scanCount = (p: Awaited<ReturnType<typeof people>>, id: number) => p.f.run((tx) => tx.$count(scans, eq(scans.userId, id)));

describe('privacy manager (rules 282-285)', () => {
  it('gives a new organisation the 365-day default for visitor types, not for staff', async () => {
    const org = await createOrg(h);
    const p = await people(org);
    const res = await p.a.get(`/api/privacy_manager/${org.entityId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.default).toEqual({ data_retention_days: 365, scans_retention_days: 365 });
    expect(res.body.data.user_types.find((t: { name: string }) => t.name === 'Visitor')).toMatchObject({ source: 'default', data_retention_days: 365 });
    expect(res.body.data.user_types.find((t: { name: string }) => t.name === 'Staff')).toMatchObject({ source: 'none', data_retention_days: null, is_staff: 1 });
    expect((await api(h.app).get(`/api/privacy_manager/${org.entityId}`)).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).get(`/api/privacy_manager/${org.entityId}`)).status).toBe(403);
    expect((await p.a.get(`/api/privacy_manager/${(await createOrg(h)).entityId}`)).status).toBe(404);
  });

  it('refuses 0 or -5 days with a field message (rule 283) and another organisation’s user type with 404', async () => {
    const org = await createOrg(h);
    const p = await people(org);
    for (const days of [0, -5, 1.5, 'x']) {
      const res = await p.a.post('/api/user-type_privacy_manager', { user_type_id: p.visitor.id, data_retention_days: days, scans_retention_days: 30 });
      expect(res.status).toBe(400);
      expect(res.body.errors.data_retention_days).toEqual(['Enter a whole number of days greater than 0.']);
    }
    const other = await people(await createOrg(h));
    expect((await p.a.post('/api/user-type_privacy_manager', { user_type_id: other.visitor.id, data_retention_days: 30, scans_retention_days: 30 })).status).toBe(404);
    expect((await api(h.app, (await createPowerless(h, org)).token).post('/api/user-type_privacy_manager', { user_type_id: p.visitor.id, data_retention_days: 30, scans_retention_days: 30 })).status).toBe(403);
    expect((await api(h.app).put(`/api/entity_privacy_manager/${org.entityId}`, { data_retention_days: 30, scans_retention_days: 30 })).status).toBe(401);
  });

  it('shows what a shorter period removes and asks to confirm it; then the purge deletes, anonymises and keeps as set', async () => {
    const org = await createOrg(h);
    const p = await people(org);
    const impact = await p.a.get(`/api/privacy_manager/impact/${org.entityId}?user_type_id=${p.visitor.id}&data_retention_days=30&scans_retention_days=90`);
    // Ann's and Bea's records are past 30 days; only Ann's two scans are past 90.
    expect(impact.body.data).toEqual({ people: 2, scans: 2 });
    const unconfirmed = await p.a.post('/api/user-type_privacy_manager', { user_type_id: p.visitor.id, data_retention_days: 30, scans_retention_days: 90 });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.code).toBe('confirm_required');
    expect(unconfirmed.body.message).toBe('This change deletes 2 people and 2 scans. Confirm to go on.');
    const saved = await p.a.post('/api/user-type_privacy_manager', { user_type_id: p.visitor.id, data_retention_days: 30, scans_retention_days: 90, confirm: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Data & Scans Updated');

    const [run] = await p.f.run((tx) => tx.insert(privacyRuns).values({ entityId: org.entityId, kind: 'purge', runDate: '2026-01-01' }).returning());
    const done = await runPurge(h.services, run.id, org.entityId);
    expect(done?.status).toBe('done');
    expect(done?.counts).toMatchObject({ scans_deleted: 2, visits_deleted: 1, people_deleted: 1, people_anonymised: 1, files_deleted: 1 });
    // Ann: past both periods, nothing of hers is left, her photo included.
    expect(await userRow(p, p.ann.id)).toBeUndefined();
    expect(await h.services.storage.exists(`people/${org.entityId}-0123456789abcdef.jpg`)).toBe(false);
    // Bea: her details are past 30 days, her scans within 90: anonymised, scans kept.
    expect(await userRow(p, p.bea.id)).toMatchObject({ firstName: 'Anonymised', email: null, status: 'archived' });
    expect(await scanCount(p, p.bea.id)).toBe(2);
    // Cy is recent; Dee is staff (the visitors' default does not cover staff).
    expect(await userRow(p, p.cy.id)).toMatchObject({ firstName: 'Cy', anonymisedAt: null });
    expect(await scanCount(p, p.dee.id)).toBe(2);
    const logged = await p.f.run((tx) => tx.select().from(auditLog).where(and(eq(auditLog.entityId, org.entityId), eq(auditLog.subject, 'privacy'))));
    expect(logged[0].changes).toMatchObject({ people_deleted: 1, scans_deleted: 2 });
    // A second run finds nothing more.
    const [again] = await p.f.run((tx) => tx.insert(privacyRuns).values({ entityId: org.entityId, kind: 'purge', runDate: '2026-01-02' }).returning());
    expect((await runPurge(h.services, again.id, org.entityId))?.counts).toEqual({});
  });

  it('resumes after a crash between batches: every batch whole, nothing half-deleted, nothing counted twice', async () => {
    const org = await createOrg(h);
    const p = await people(org);
    await p.f.run((tx) =>
      tx.insert(scans).values(Array.from({ length: 25 }, (_, i) => ({ entityId: org.entityId, userId: p.cy.id, areaId: p.area.id, direction: 'in' as const, method: 'qr', at: ago(200 + i) }))),
    );
    await p.a.post('/api/user-type_privacy_manager', { user_type_id: p.visitor.id, data_retention_days: 300, scans_retention_days: 150, confirm: 1 });
    const [run] = await p.f.run((tx) => tx.insert(privacyRuns).values({ entityId: org.entityId, kind: 'purge', runDate: '2026-02-01' }).returning());
    const crash = runPurge(h.services, run.id, org.entityId, {
      batch: 10,
      afterBatch: (n) => {
        if (n === 2) throw new Error('killed');
      },
    });
    await expect(crash).rejects.toThrow('killed');
    const [cut] = await p.f.run((tx) => tx.select().from(privacyRuns).where(eq(privacyRuns.id, run.id)));
    expect(cut.counts.scans_deleted).toBe(20);
    expect(await scanCount(p, p.cy.id)).toBe(2 + 5);
    const resumed = await runPurge(h.services, run.id, org.entityId, { batch: 10 });
    expect(resumed?.status).toBe('done');
    expect(resumed?.counts.scans_deleted).toBe(25);
    expect(await scanCount(p, p.cy.id)).toBe(2);
  });

  it('starts with a small batch and paces the next ones, so a sign-in never waits behind thousands of deletions', async () => {
    const org = await createOrg(h);
    const p = await people(org);
    await p.f.run((tx) =>
      tx.insert(scans).values(Array.from({ length: 450 }, (_, i) => ({ entityId: org.entityId, userId: p.cy.id, areaId: p.area.id, direction: 'in' as const, method: 'qr', at: ago(200 + (i % 50)) }))),
    );
    await p.a.post('/api/user-type_privacy_manager', { user_type_id: p.visitor.id, data_retention_days: 300, scans_retention_days: 150, confirm: 1 });
    const [run] = await p.f.run((tx) => tx.insert(privacyRuns).values({ entityId: org.entityId, kind: 'purge', runDate: '2026-02-01' }).returning());
    const deletedAfter: number[] = [];
    const done = await runPurge(h.services, run.id, org.entityId, {
      afterBatch: async () => {
        const [r] = await p.f.run((tx) => tx.select().from(privacyRuns).where(eq(privacyRuns.id, run.id)));
        deletedAfter.push(r.counts.scans_deleted ?? 0);
      },
    });
    expect(done?.counts.scans_deleted).toBe(450);
    // The first batch takes 200 (a fixed 5,000 took every one at once), and the next ones at most twice the last.
    expect(deletedAfter[0]).toBe(200);
    expect(deletedAfter[1]).toBeGreaterThan(200);
    expect(deletedAfter[1]).toBeLessThanOrEqual(600);
  });

  it('deletes now with the password (rules 284-285), and a wrong one changes nothing', async () => {
    const org = await createOrg(h);
    const p = await people(org);
    await p.a.post('/api/user-type_privacy_manager', { user_type_id: p.visitor.id, data_retention_days: 30, scans_retention_days: 30, confirm: 1 });
    const wrong = await p.a.post('/api/delete_now_privacy_manager', { type: 'data', name: 'Visitor', user_type_id: p.visitor.id, password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.password).toEqual(['The password is not correct.']);
    expect(await userRow(p, p.ann.id)).toBeDefined();
    expect((await p.a.get(`/api/check_password?password=wrong`)).body.data.valid).toBe(0);
    expect((await p.a.get(`/api/check_password?password=${encodeURIComponent(Buffer.from(PASSWORD).toString('base64'))}&encrypted=1`)).body.data.valid).toBe(1);
    const ok = await p.a.post('/api/delete_now_privacy_manager', { type: 'data', name: 'Visitor', user_type_id: p.visitor.id, password: PASSWORD });
    expect(ok.status).toBe(202);
    expect(ok.body.message).toBe('Visitor Data Deleted');
    await runsDone(org.entityId);
    // Data only: Ann and Bea are past 30 days; their scans are kept (type data), so they are anonymised.
    expect(await userRow(p, p.ann.id)).toMatchObject({ firstName: 'Anonymised' });
    expect(await scanCount(p, p.ann.id)).toBe(2);
    const cron = await p.a.get(`/api/cron_jobs/${org.entityId}`);
    expect(cron.body.data[0]).toMatchObject({ kind: 'delete_now', status: 'done', name: 'Visitor', counts: { people_anonymised: 2 } });
    expect(cron.body.scheduled[0]).toMatchObject({ name: 'privacy.purge', time_zone: 'Europe/London' });
    expect((await p.a.post('/api/delete_now_privacy_manager', { type: 'everything', name: 'x', password: PASSWORD })).status).toBe(400);
    expect((await api(h.app, (await createPowerless(h, org)).token).post('/api/delete_now_privacy_manager', { type: 'data', name: 'x', password: PASSWORD })).status).toBe(403);
    expect((await p.a.get(`/api/cron_jobs/${(await createOrg(h)).entityId}`)).status).toBe(404);
  });

  it('starts one nightly purge per organisation from 02:00 in its time zone', async () => {
    const org = await createOrg(h);
    const p = await people(org);
    // 01:30 in London (GMT in January): not yet; 02:30: once.
    await privacyTick(h.services, new Date('2026-01-10T01:30:00Z'));
    expect(await p.f.run((tx) => tx.$count(privacyRuns, and(eq(privacyRuns.entityId, org.entityId), eq(privacyRuns.runDate, '2026-01-10'))))).toBe(0);
    await privacyTick(h.services, new Date('2026-01-10T02:30:00Z'));
    await privacyTick(h.services, new Date('2026-01-10T03:30:00Z'));
    await runsDone(org.entityId);
    const runs = await p.f.run((tx) => tx.select().from(privacyRuns).where(and(eq(privacyRuns.entityId, org.entityId), eq(privacyRuns.runDate, '2026-01-10'))));
    expect(runs).toHaveLength(1);
    expect(runs[0].status).toBe('done');
  });

  it('exports a person’s own record as a ZIP and erases it on request', async () => {
    const org = await createOrg(h);
    const p = await people(org);
    const zip = await h.app.inject({ method: 'GET', url: `/api/personal_data/${p.ann.id}`, headers: { authorization: `Bearer ${org.token}` } });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const names = await new Promise<string[]>((resolve, reject) =>
      yauzl.fromBuffer(zip.rawPayload, { lazyEntries: false }, (err, file) => {
        if (err || !file) return reject(err);
        const out: string[] = [];
        file.on('entry', (e: yauzl.Entry) => out.push(e.fileName));
        file.on('end', () => resolve(out));
      }),
    );
    expect(names).toEqual(expect.arrayContaining(['person.json', 'visits.json', 'scans.json', `files/people/${org.entityId}-0123456789abcdef.jpg`]));
    const other = await createOrg(h);
    expect((await h.app.inject({ method: 'GET', url: `/api/personal_data/${p.ann.id}`, headers: { authorization: `Bearer ${other.token}` } })).statusCode).toBe(404);
    expect((await p.a.post(`/api/erase_person/${p.ann.id}`, { password: 'nope' })).status).toBe(400);
    expect(await userRow(p, p.ann.id)).toBeDefined();
    const erased = await p.a.post(`/api/erase_person/${p.ann.id}`, { password: PASSWORD });
    expect(erased.status).toBe(200);
    expect(erased.body.data.counts).toMatchObject({ people_deleted: 1, scans_deleted: 2, files_deleted: 1 });
    expect(await userRow(p, p.ann.id)).toBeUndefined();
    expect(await h.services.storage.exists(`people/${org.entityId}-0123456789abcdef.jpg`)).toBe(false);
    const member = await createMember(h, org, 'employee');
    expect((await p.a.post(`/api/erase_person/${member.userId}`, { password: PASSWORD })).status).toBe(403);
    expect((await api(h.app, other.token).post(`/api/erase_person/${p.bea.id}`, { password: PASSWORD })).status).toBe(404);
  });
});
