import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createMember, createOrg, createPowerless, type Org } from '../../../test/factories';
import { fixtures } from './test-fixtures';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const journeyBody = (extra: Record<string, unknown> = {}) => ({ name: 'School reception', description: 'Front door', ...extra });

async function setup() {
  const org = await createOrg(h);
  const f = fixtures(h, org);
  const site = await f.site('Northfield main');
  const visitor = await f.userType('Visitor');
  const res = await api(h.app, org.token).post('/api/journey', journeyBody({ site_ids: [site.id] }));
  expect(res.status).toBe(201);
  return { org, f, site, visitor, journey: res.body.data };
}

async function count(org: Org, table: string) {
  const r = await h.services.database.sql.query<{ n: number }>(`select count(*)::int as n from ${table} where entity_id = $1`, [org.entityId]);
  return r.rows[0].n;
}

describe('journeys: the five cases of every call', () => {
  it('answers 401 without a token on every call', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/journeys/1'], ['GET', '/api/journey/1'], ['POST', '/api/journey'], ['POST', '/api/journey/1'], ['DELETE', '/api/journey/1'],
      ['POST', '/api/validate-update-journey'], ['GET', '/api/journeys/site/1'], ['GET', '/api/journeys/remote/1'],
    ];
    const body = { ...journeyBody(), journey_id: 1, site_ids: [] };
    for (const [method, url] of calls) expect((await api(h.app).raw(method, url, method === 'GET' || method === 'DELETE' ? undefined : body)).status, url).toBe(401);
  });

  it('answers 403 without the journeys permission', async () => {
    const { org, journey, site } = await setup();
    const p = await createPowerless(h, org);
    const c = api(h.app, p.token);
    expect((await c.get(`/api/journeys/${org.entityId}`)).status).toBe(403);
    expect((await c.get(`/api/journey/${journey.id}`)).status).toBe(403);
    expect((await c.post('/api/journey', journeyBody())).status).toBe(403);
    expect((await c.post(`/api/journey/${journey.id}`, journeyBody())).status).toBe(403);
    expect((await c.del(`/api/journey/${journey.id}`)).status).toBe(403);
    expect((await c.post('/api/validate-update-journey', { journey_id: journey.id, site_ids: [] })).status).toBe(403);
    expect((await c.get(`/api/journeys/site/${site.id}`)).status).toBe(403);
    expect((await c.get(`/api/journeys/remote/${site.id}`)).status).toBe(403);
    expect(await count(org, 'journeys')).toBe(1);
  });

  it("answers 404 with another organisation's ids and changes nothing there", async () => {
    const a = await setup();
    const b = await setup();
    const c = api(h.app, a.org.token);
    expect((await c.get(`/api/journeys/${b.org.entityId}`)).status).toBe(404);
    expect((await c.get(`/api/journey/${b.journey.id}`)).status).toBe(404);
    expect((await c.post(`/api/journey/${b.journey.id}`, journeyBody({ name: 'Hijacked' }))).status).toBe(404);
    expect((await c.del(`/api/journey/${b.journey.id}`)).status).toBe(404);
    expect((await c.post('/api/validate-update-journey', { journey_id: b.journey.id, site_ids: [] })).status).toBe(404);
    expect((await c.get(`/api/journeys/site/${b.site.id}`)).status).toBe(404);
    expect((await c.get(`/api/journeys/remote/${b.site.id}`)).status).toBe(404);
    // A site of another organisation cannot be put on a journey.
    const bad = await c.post('/api/journey', journeyBody({ site_ids: [b.site.id] }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.site_ids).toBeDefined();
    expect((await api(h.app, b.org.token).get(`/api/journey/${b.journey.id}`)).body.data.name).toBe('School reception');
    expect(await count(a.org, 'journeys')).toBe(1);
  });

  it('rule 201: refuses a journey name under 2 characters with a field message, and nothing is created', async () => {
    const { org } = await setup();
    const res = await api(h.app, org.token).post('/api/journey', { name: 'A', name_matching: 'other', temperature_threshold: 99 });
    expect(res.status).toBe(400);
    expect(res.body.errors.name).toEqual(['The journey name must be at least 2 characters.']);
    expect(res.body.errors.name_matching).toBeDefined();
    expect(res.body.errors.temperature_threshold).toBeDefined();
    await api(h.app, org.token).post('/api/change-lang', { lang: 'es' });
    const es = await api(h.app, org.token).post('/api/journey', { name: '' });
    expect(es.body.errors.name[0]).toBe('El nombre del recorrido debe tener al menos 2 caracteres.');
    await api(h.app, org.token).post('/api/change-lang', { lang: 'en' });
    expect(await count(org, 'journeys')).toBe(1);
  });

  it('creates, reads, lists, updates and deletes a journey with its settings, outputs and checks (rules 195-196)', async () => {
    const { org, f, site, visitor } = await setup();
    const c = api(h.app, org.token);
    const created = await c.post(
      '/api/journey',
      journeyBody({
        name: 'Contractor entrance', site_ids: [site.id], touch_mode: 1, quickpass_user_type_id: visitor.id, instruction_screen: 'Welcome', shown_user_type_ids: [visitor.id],
        covid_column_name: 'Vaccine', name_matching: 'private', print_badge: true, door_relay: 1, wiegand_output: '1', facial_recognition: 0, rfid_scan: 1,
        temperature_check: 1, temperature_threshold: 37.8, mask_check: 1,
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Journey Created');
    const j = created.body.data;
    expect(j).toMatchObject({ name: 'Contractor entrance', touch_mode: 1, name_matching: 'private', print_badge: 1, door_relay: 1, wiegand_output: 1, facial_recognition: 0, rfid_scan: 1, temperature_check: 1, temperature_threshold: 37.8, mask_check: 1, site_ids: [site.id], quickpass_user_type_id: visitor.id });
    expect(j.sites).toEqual([{ id: site.id, name: 'Northfield main' }]);
    const list = await c.get(`/api/journeys/${org.entityId}?filterBy=Contractor`);
    expect(list.body).toMatchObject({ count: 1, data: [{ id: j.id }] });
    expect((await c.get(`/api/journeys/${org.entityId}?limit=1&page=2&sortField=name&orderBy=asc`)).body.data[0].name).toBe('School reception');
    expect((await c.get(`/api/journeys/site/${site.id}`)).body.count).toBe(2);
    const site2 = await f.site('Annex');
    const upd = await c.post(`/api/journey/${j.id}`, journeyBody({ name: 'Contractor gate', site_ids: [site.id, site2.id] }));
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe('Journey Updated');
    expect(upd.body.data.site_ids.sort()).toEqual([site.id, site2.id].sort());
    expect(upd.body.data.print_badge).toBe(0);
    const del = await c.del(`/api/journey/${j.id}`);
    expect(del.body.message).toBe('Journey Deleted');
    expect((await c.get(`/api/journey/${j.id}`)).status).toBe(404);
  });

  it('stores a logo sent as multipart after decoding it, and refuses a file that is not an image', async () => {
    const { org } = await setup();
    const png = await sharp({ create: { width: 300, height: 80, channels: 3, background: '#2255aa' } }).png().toBuffer();
    const send = (file: Buffer) => {
      const boundary = '----gatehouse';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nLogo journey\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="l.png"\r\nContent-Type: image/png\r\n\r\n`),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return h.app.inject({ method: 'POST', url: '/api/journey', payload: body, headers: { authorization: `Bearer ${org.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    };
    const ok = await send(png);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.logo).toMatch(/^\/api\/files\/logos\/\d+-[a-f0-9]{16}\.png$/);
    const bad = await send(Buffer.from('not an image at all'));
    expect(bad.statusCode).toBe(400);
    expect(await count(org, 'journeys')).toBe(2);
    // The logo is served, kept by an update that sends none, and taken off on request.
    const id = ok.json().data.id;
    expect((await h.app.inject({ method: 'GET', url: ok.json().data.logo })).headers['content-type']).toBe('image/png');
    const c = api(h.app, org.token);
    expect((await c.post(`/api/journey/${id}`, { name: 'Logo journey', description: 'kept' })).body.data.logo).toBe(ok.json().data.logo);
    expect((await c.post(`/api/journey/${id}`, { name: 'Logo journey', remove_logo: 1 })).body.data.logo).toBeNull();
  });
});

describe('journey sites (rules 97, 103, 202)', () => {
  it('rule 202: refuses removing a site whose areas use the journey, and validate-update-journey says so first', async () => {
    const { org, f, site, journey } = await setup();
    await f.area(site.id, 'Reception hall', journey.id);
    const c = api(h.app, org.token);
    const check = await c.post('/api/validate-update-journey', { journey_id: journey.id, site_ids: [] });
    expect(check.status).toBe(200);
    expect(check.body.data.can_update).toBe(0);
    expect(check.body.data.blocked_sites[0]).toMatchObject({ id: site.id, reason: 'assigned_to_areas', areas: ['Reception hall'] });
    expect(check.body.message).toContain('Reception hall');
    const res = await c.post(`/api/journey/${journey.id}`, journeyBody({ site_ids: [] }));
    expect(res.status).toBe(400);
    expect(res.body.errors.site_ids[0]).toContain('Northfield main');
    expect((await c.get(`/api/journey/${journey.id}`)).body.data.site_ids).toEqual([site.id]);
    expect((await c.del(`/api/journey/${journey.id}`)).status).toBe(400);
    const ok = await c.post('/api/validate-update-journey', { journey_id: journey.id, site_ids: [site.id] });
    expect(ok.body.data.can_update).toBe(1);
  });

  it('rules 97 and 103: an admin of other sites does not see the journey; one of some sites cannot remove or add the others', async () => {
    const { org, f, site, journey } = await setup();
    const annex = await f.site('Annex');
    await api(h.app, org.token).post(`/api/journey/${journey.id}`, journeyBody({ site_ids: [site.id, annex.id] }));
    const outsider = await createMember(h, org, 'admin');
    const third = await f.site('Sports hall');
    await f.limitSites(outsider.userId, [third.id]);
    const o = api(h.app, outsider.token);
    expect((await o.get(`/api/journeys/${org.entityId}`)).body.count).toBe(0);
    expect((await o.get(`/api/journey/${journey.id}`)).status).toBe(403);
    expect((await o.post('/api/journey', journeyBody({ site_ids: [site.id] }))).status).toBe(400);
    const partial = await createMember(h, org, 'admin');
    await f.limitSites(partial.userId, [annex.id]);
    const p = api(h.app, partial.token);
    expect((await p.get(`/api/journey/${journey.id}`)).status).toBe(200);
    const check = await p.post('/api/validate-update-journey', { journey_id: journey.id, site_ids: [annex.id] });
    expect(check.body.data.blocked_sites[0]).toMatchObject({ id: site.id, reason: 'no_access' });
    expect((await p.post(`/api/journey/${journey.id}`, journeyBody({ site_ids: [annex.id] }))).status).toBe(400);
    expect((await p.post(`/api/journey/${journey.id}`, journeyBody({ site_ids: [site.id, annex.id, third.id] }))).status).toBe(400);
  });
});

