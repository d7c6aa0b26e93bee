import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeys, sites, userSites, users } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { createMember, createOrg, createPowerless, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { makeArea, makeSite, signInPerson, siteBody } from '../../../test/places';

let h: TestApp;
let org: Org;
let other: Org;
beforeAll(async () => {
  h = await buildTestApp();
  org = await createOrg(h);
  other = await createOrg(h);
});
afterAll(() => h.close());

const countSites = async (o: Org) => (await withTenant(h.services.database.db, o.entityId, (tx) => tx.select().from(sites).where(eq(sites.entityId, o.entityId)))).length;

describe('sites: access', () => {
  it('answers 401 without a token, 404 for another organisation and 403 without sites_devices on every call', async () => {
    const site = await makeSite(h, org);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/sites_list/${org.entityId}`],
      ['GET', `/api/sites/${org.entityId}`],
      ['GET', `/api/sites/normal/${org.entityId}`],
      ['GET', `/api/sites_and_areas/${org.entityId}`],
      ['GET', `/api/sites/areas/${org.entityId}`],
      ['POST', '/api/site', siteBody(org)],
      ['PUT', `/api/site/${site.id}`, siteBody(org)],
      ['DELETE', `/api/site/${site.id}`],
    ];
    const weak = await createPowerless(h, org);
    for (const [method, url, body] of calls) {
      const name = `${method} ${url}`;
      expect((await api(h.app).raw(method, url, body)).status, name).toBe(401);
      expect((await api(h.app, weak.token).raw(method, url, body)).status, name).toBe(403);
      // Another organisation naming this one's ids (entity in path or body, or a site id) gets 404.
      expect((await api(h.app, other.token).raw(method, url, body)).status, name).toBe(404);
    }
    expect((await api(h.app, org.token).put(`/api/site/${site.id}`, siteBody(org))).status).toBe(200);
  });
});

describe('sites: add, edit, list', () => {
  it('adds a site (Site Added), lists it with counts and edits it (Site Updated)', async () => {
    const res = await api(h.app, org.token).post('/api/site', siteBody(org, { name: 'Oakwood Academy', geofencing: 1 }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Site Added');
    expect(res.body.data).toMatchObject({ name: 'Oakwood Academy', lat: 53.8, long: -1.55, radius: 150, timezone: 'Europe/London', geofencing: 1, areas_count: 0 });
    const id = res.body.data.id;
    await makeArea(h, org, id);
    const list = await api(h.app, org.token).get(`/api/sites_list/${org.entityId}?filterBy=Oakwood&limit=5&page=1&orderBy=desc&sortField=name`);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.data[0]).toMatchObject({ id, areas_count: 1, devices_count: 0 });
    const upd = await api(h.app, org.token).put(`/api/site/${id}`, siteBody(org, { name: 'Oakwood Academy North', radius: 80 }));
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe('Site Updated');
    expect(upd.body.data.radius).toBe(80);
    const tree = await api(h.app, org.token).get(`/api/sites_and_areas/${org.entityId}`);
    expect(tree.body.data.find((s: { id: number }) => s.id === id).areas[0]).toMatchObject({ name: 'Reception', kiosks: [], doors: [] });
    const normal = await api(h.app, org.token).get(`/api/sites/normal/${org.entityId}`);
    expect(normal.body.data.some((s: { id: number; name: string }) => s.id === id && s.name === 'Oakwood Academy North')).toBe(true);
    const flat = await api(h.app, org.token).get(`/api/sites/areas/${org.entityId}`);
    expect(flat.body.data.find((s: { id: number }) => s.id === id).areas).toHaveLength(1);
    const all = await api(h.app, org.token).get(`/api/sites/${org.entityId}`);
    expect(all.body.count).toBe(all.body.data.length);
  });

  it('refuses coordinates out of range, a radius not positive and an unknown time zone, and changes nothing', async () => {
    const before = await countSites(org);
    const res = await api(h.app, org.token).post('/api/site', siteBody(org, { lat: 91, long: -181, radius: 0, timezone: 'Mars/Olympus' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.lat).toEqual(['The latitude must be between -90 and 90.']);
    expect(res.body.errors.long).toBeDefined();
    expect(res.body.errors.radius).toEqual(['The radius must be greater than 0.']);
    expect(res.body.errors.timezone).toBeDefined();
    expect(await countSites(org)).toBe(before);
    const site = await makeSite(h, org, { name: 'Unchanged' });
    const bad = await api(h.app, org.token).put(`/api/site/${site.id}`, siteBody(org, { name: 'X', radius: -5 }));
    expect(bad.status).toBe(400);
    const [row] = await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(sites).where(eq(sites.id, site.id)));
    expect(row.name).toBe('Unchanged');
  });

  it('rule 236: a fire alarm needs the local sync IP and port; rule 237 settings are kept', async () => {
    const res = await api(h.app, org.token).post('/api/site', siteBody(org, { fire_alarm: { enabled: true, io_port: 'passive' } }));
    expect(res.status).toBe(400);
    expect(res.body.errors['fire_alarm.local_sync_ip']).toEqual(['The fire alarm needs the local sync IP address and port.']);
    const ok = await api(h.app, org.token).post(
      '/api/site',
      siteBody(org, { fire_alarm: { enabled: 1, local_sync_ip: '192.168.1.20', local_sync_port: 8080, io_port: 'passive', voltage_threshold: 24, action_upon_fire: 'open_door', trigger_level: 'low' } }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.data.fire_alarm).toEqual({ enabled: true, local_sync_ip: '192.168.1.20', local_sync_port: 8080, io_port: 'passive', voltage_threshold: 24, action_upon_fire: 'open_door', trigger_level: 'low' });
    const volts = await api(h.app, org.token).post('/api/site', siteBody(org, { fire_alarm: { enabled: 0, voltage_threshold: 400 } }));
    expect(volts.status).toBe(400);
  });

  it('rule 96: a member granted some sites sees only those', async () => {
    const a = await makeSite(h, org, { name: 'Granted site' });
    const b = await makeSite(h, org, { name: 'Hidden site' });
    const member = await createMember(h, org, 'admin');
    await withTenant(h.services.database.db, org.entityId, async (tx) => {
      await tx.update(users).set({ allSites: false }).where(eq(users.id, member.userId));
      await tx.insert(userSites).values({ entityId: org.entityId, userId: member.userId, siteId: a.id });
    });
    const list = await api(h.app, member.token).get(`/api/sites_list/${org.entityId}?limit=100`);
    expect(list.body.data.map((s: { id: number }) => s.id)).toEqual([a.id]);
    expect((await api(h.app, member.token).put(`/api/site/${b.id}`, siteBody(org))).status).toBe(404);
    // Rule 234: removing a site the actor lacks access to is refused.
    const del = await api(h.app, member.token).del(`/api/site/${b.id}`);
    expect(del.status).toBe(403);
    expect(del.body.message).toBe('You do not have access to this site.');
  });
});

describe('sites: removal', () => {
  it('removes a site (Site Deleted)', async () => {
    const site = await makeSite(h, org);
    const res = await api(h.app, org.token).del(`/api/site/${site.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Site Deleted');
    expect((await api(h.app, org.token).put(`/api/site/${site.id}`, siteBody(org))).status).toBe(404);
  });

  it('rule 234: removing a site is refused while a journey is assigned to its areas', async () => {
    const site = await makeSite(h, org);
    const [journey] = await withTenant(h.services.database.db, org.entityId, (tx) => tx.insert(journeys).values({ entityId: org.entityId, name: 'Visitors' }).returning());
    await makeArea(h, org, site.id, { journey_id: journey.id });
    const res = await api(h.app, org.token).del(`/api/site/${site.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Removing this site is not allowed while a journey is assigned to its areas.');
    expect((await api(h.app, org.token).get(`/api/areas_by_site/${site.id}`)).body.count).toBe(1);
  });

  it('refuses to remove a site while people are signed in there (409, clear message)', async () => {
    const site = await makeSite(h, org);
    const area = await makeArea(h, org, site.id);
    await signInPerson(h, org, area);
    const res = await api(h.app, org.token).del(`/api/site/${site.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This cannot be done while 1 people are signed in at this site.');
    expect((await api(h.app, org.token).get(`/api/area/${area.id}`)).status).toBe(200);
  });
});
