import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, kiosks, userTypes, users } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { createOrg, createPowerless, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { makeArea, makeSite, pairKiosk } from '../../../test/places';

let h: TestApp;
let org: Org;
let other: Org;
let staff: number;
let pupils: number;
beforeAll(async () => {
  h = await buildTestApp();
  org = await createOrg(h);
  other = await createOrg(h);
  const rows = await withTenant(h.services.database.db, org.entityId, (tx) =>
    tx.insert(userTypes).values([{ entityId: org.entityId, name: 'Staff' }, { entityId: org.entityId, name: 'Pupils' }]).returning(),
  );
  [staff, pupils] = rows.map((r) => r.id);
});
afterAll(() => h.close());
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const body = (extra: Record<string, unknown> = {}) => ({ text: 'Fire drill at 10:00', description: '<p>Please <strong>leave</strong> calmly.</p>', user_type_ids: [staff], ...extra });
const create = (extra: Record<string, unknown> = {}, token = org.token) => api(h.app, token).post('/api/announcement', body(extra));
const stored = async (id: number) => (await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(announcements).where(eq(announcements.id, id))))[0];

describe('announcements: the five calls', () => {
  it('answers 401, 403 without the permission and 404 for another organisation', async () => {
    const id = (await create()).body.data.id;
    const weak = await createPowerless(h, org);
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/announcement', body()],
      ['GET', `/api/announcements/${org.entityId}`],
      ['GET', `/api/announcement/${id}`],
      ['PUT', `/api/announcement/${id}`, body()],
      ['DELETE', `/api/announcement/${id}`],
    ];
    for (const [method, url, b] of calls) {
      expect((await api(h.app).raw(method, url, b)).status, url).toBe(401);
      expect((await api(h.app, weak.token).raw(method, url, b)).status, url).toBe(403);
      if (method !== 'POST') expect((await api(h.app, other.token).raw(method, url, b)).status, url).toBe(404);
    }
    // Another organisation's user type in the body: unknown.
    expect((await create({}, other.token)).status).toBe(404);
    expect(await stored(id)).toBeTruthy();
  });

  it('creates, reads, edits (rule 265 message) and deletes; targets, urgent, pinned, verbal and translations kept', async () => {
    const site = await makeSite(h, org);
    const res = await create({ urgent: 1, pinned: 1, verbal: 1, site_ids: [site.id], url: 'https://school.example/drill', text_i18n: { ar: 'تمرين حريق', es: 'Simulacro de incendio' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'active', urgent: 1, pinned: 1, verbal: 1, user_types: [{ id: staff, name: 'Staff' }], sites: [{ id: site.id }], text_i18n: { ar: 'تمرين حريق' } });
    const id = res.body.data.id;
    expect((await api(h.app, org.token).get(`/api/announcement/${id}`)).body.data.id).toBe(id);
    const edited = await api(h.app, org.token).put(`/api/announcement/${id}`, body({ text: 'Drill moved to 11:00', user_type_ids: [staff, pupils] }));
    expect(edited.body.message).toBe('Announcement has been updated successfully.');
    expect(edited.body.data.user_types).toHaveLength(2);
    expect((await api(h.app, org.token).del(`/api/announcement/${id}`)).status).toBe(200);
    expect(await stored(id)).toBeUndefined();
  });

  it('rule 262-263: status is computed (scheduled, active, expired) and the grid has the three tabs', async () => {
    const scheduled = (await create({ text: 'Later news', publish: 'custom', publish_at: inAnHour() })).body.data;
    expect(scheduled.status).toBe('scheduled');
    const active = (await create({ text: 'Current news', expiry: 'custom', expires_at: inAnHour() })).body.data;
    expect(active.status).toBe('active');
    const expiring = (await create({ text: 'Old news' })).body.data;
    await withTenant(h.services.database.db, org.entityId, (tx) =>
      tx.update(announcements).set({ publishAt: new Date(Date.now() - 7200_000), expiresAt: new Date(Date.now() - 3600_000) }).where(eq(announcements.id, expiring.id)),
    );
    const tab = async (status: string) => (await api(h.app, org.token).get(`/api/announcements/${org.entityId}?status=${status}&limit=100`)).body.data.map((a: { id: number }) => a.id);
    expect(await tab('scheduled')).toContain(scheduled.id);
    expect(await tab('active')).toEqual(expect.arrayContaining([active.id]));
    expect(await tab('active')).not.toContain(scheduled.id);
    expect(await tab('expired')).toEqual([expiring.id]);
  });

  it('rule 264: a publish or expiry time in the past is refused with a field message, nothing created', async () => {
    const before = (await api(h.app, org.token).get(`/api/announcements/${org.entityId}?limit=500`)).body.count;
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const pub = await create({ publish: 'custom', publish_at: past });
    expect(pub.status).toBe(400);
    expect(pub.body.errors.publish_at).toEqual(['The publish date and time cannot be before now.']);
    const exp = await create({ expiry: 'custom', expires_at: past });
    expect(exp.body.errors.expires_at).toEqual(['The expiry date and time cannot be before now.']);
    const order = await create({ publish: 'custom', publish_at: inAnHour(), expiry: 'custom', expires_at: new Date(Date.now() + 1800_000).toISOString() });
    expect(order.body.errors.expires_at).toEqual(['The expiry must be after the publish time.']);
    const noTypes = await create({ user_type_ids: [] });
    expect(noTypes.body.errors.user_type_ids).toEqual(['Choose at least one user type.']);
    expect((await create({ url: 'javascript:alert(1)' })).body.errors.url).toBeTruthy();
    expect((await api(h.app, org.token).get(`/api/announcements/${org.entityId}?limit=500`)).body.count).toBe(before);
  });

  it('sanitises on the server: <script>, onerror and javascript: links are removed, never stored', async () => {
    const res = await create({
      description: '<p onclick="steal()">Hello <img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a> <a href="https://ok.example">ok</a><em style="color:red">!</em></p>',
      description_i18n: { ar: '<p>مرحبا<script>alert(4)</script></p>' },
    });
    const row = await stored(res.body.data.id);
    expect(row.description).toBe('<p>Hello <a target="_blank" rel="noopener noreferrer nofollow">x</a> <a href="https://ok.example" target="_blank" rel="noopener noreferrer nofollow">ok</a><em>!</em></p>');
    expect(row.descriptionI18n.ar).toBe('<p>مرحبا</p>');
    expect(JSON.stringify([row.description, row.descriptionI18n])).not.toMatch(/script|onerror|onclick|javascript|style/);
  });

  it('rule 264 on an edit: a moved publish time in the past is refused and changes nothing; the time it already had is kept; the edit is sanitised too', async () => {
    const id = (await create({ text: 'Assembly moved' })).body.data.id;
    const had = new Date(Date.now() - 7200_000);
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.update(announcements).set({ publishAt: had }).where(eq(announcements.id, id)));
    const moved = await api(h.app, org.token).put(`/api/announcement/${id}`, body({ text: 'Assembly moved again', publish: 'custom', publish_at: new Date(Date.now() - 3600_000).toISOString() }));
    expect(moved.status).toBe(400);
    expect(moved.body.errors.publish_at).toEqual(['The publish date and time cannot be before now.']);
    expect(await stored(id)).toMatchObject({ text: 'Assembly moved', publishAt: had });
    // Rule 265: an active announcement's own (past) publish time comes back with the edit and is kept.
    const kept = await api(h.app, org.token).put(
      `/api/announcement/${id}`,
      body({ text: 'Assembly in the hall', publish: 'custom', publish_at: had.toISOString(), description: '<p>Hall<img src=x onerror="alert(1)"><script>alert(2)</script></p>' }),
    );
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ status: 'active', publish_at: had.toISOString() });
    expect(await stored(id)).toMatchObject({ text: 'Assembly in the hall', description: '<p>Hall</p>', publishAt: had });
  });
});

describe('active announcements on kiosks and in the console', () => {
  it('a kiosk gets the active ones of its site in its language; a member gets those of their user type', async () => {
    const site = await makeSite(h, org);
    const elsewhere = await makeSite(h, org);
    const area = await makeArea(h, org, site.id);
    const { kiosk, token } = await pairKiosk(h, org, area.id);
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.update(kiosks).set({ siteId: site.id, settings: { language: 'es' } }).where(eq(kiosks.id, kiosk.id)));
    const here = (await create({ text: 'Verbal notice', verbal: 1, urgent: 1, user_type_ids: [pupils], site_ids: [site.id], text_i18n: { es: 'Aviso hablado' } })).body.data;
    const there = (await create({ text: 'Other site', user_type_ids: [pupils], site_ids: [elsewhere.id] })).body.data;
    const later = (await create({ text: 'Not yet', user_type_ids: [pupils], publish: 'custom', publish_at: inAnHour() })).body.data;
    const res = await api(h.app).get('/api/kiosk-app/announcements');
    const onKiosk = await h.app.inject({ method: 'GET', url: '/api/kiosk-app/announcements', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    const views = onKiosk.json().data as { id: number; text: string; verbal: number; user_type_ids: number[] }[];
    expect(views.find((v) => v.id === here.id)).toMatchObject({ text: 'Aviso hablado', verbal: 1, user_type_ids: [pupils] });
    expect(views.some((v) => v.id === there.id || v.id === later.id)).toBe(false);
    // The language the visitor picked on the kiosk wins over the kiosk's setting (issue 17: "in the kiosk's language").
    const picked = await h.app.inject({ method: 'GET', url: '/api/kiosk-app/announcements', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
    expect((picked.json().data as { id: number; text: string }[]).find((v) => v.id === here.id)?.text).toBe('Verbal notice');
    expect((await h.app.inject({ method: 'GET', url: '/api/kiosk-app/announcements', headers: { authorization: `Bearer ${org.token}` } })).statusCode).toBe(401);
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.update(users).set({ userTypeId: pupils }).where(eq(users.id, org.userId)));
    const mine = await api(h.app, org.token).get('/api/my_announcements');
    expect(mine.body.data.map((v: { id: number }) => v.id)).toEqual(expect.arrayContaining([here.id, there.id]));
    expect(mine.body.data.map((v: { id: number }) => v.id)).not.toContain(later.id);
  });
});
