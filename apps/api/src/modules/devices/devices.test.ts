import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, journeys, kiosks } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { createOrg, createPowerless, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { makeArea, makeSite } from '../../../test/places';

let h: TestApp;
let org: Org;
let other: Org;
beforeAll(async () => {
  h = await buildTestApp();
  org = await createOrg(h);
  other = await createOrg(h);
});
afterAll(() => h.close());
const db = () => h.services.database.db;
const doorsOf = async (o: Org) => withTenant(db(), o.entityId, (tx) => tx.select().from(devices).where(eq(devices.entityId, o.entityId)));
const addKiosk = async (o: Org, siteId: number, areaId: number) =>
  (await withTenant(db(), o.entityId, (tx) => tx.insert(kiosks).values({ entityId: o.entityId, siteId, areaId, name: 'Front desk kiosk' }).returning()))[0];

describe('devices: doors and kiosk journeys', () => {
  it('answers 401, 403 and 404 (another organisation) on every call', async () => {
    const site = await makeSite(h, org);
    const area = await makeArea(h, org, site.id);
    const kiosk = await addKiosk(org, site.id, area.id);
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/devices', { entity_id: org.entityId, area_id: area.id, name: 'Main door' }],
      ['GET', `/api/devices/${org.entityId}`],
      ['PUT', `/api/change_journey_for_kiosk/${kiosk.id}`, { kiosk: { journey_id: null } }],
    ];
    const weak = await createPowerless(h, org);
    for (const [method, url, body] of calls) {
      expect((await api(h.app).raw(method, url, body)).status, url).toBe(401);
      expect((await api(h.app, weak.token).raw(method, url, body)).status, url).toBe(403);
      expect((await api(h.app, other.token).raw(method, url, body)).status, url).toBe(404);
    }
    // An area of another organisation in an otherwise valid body.
    const foreign = await api(h.app, other.token).post('/api/devices', { entity_id: other.entityId, area_id: area.id, name: 'Main door' });
    expect(foreign.status).toBe(404);
    expect(await doorsOf(org)).toHaveLength(0);
    expect(await doorsOf(other)).toHaveLength(0);
  });

  it('adds a door to an area (Door Added) and lists it; the site counts it', async () => {
    const site = await makeSite(h, org);
    const area = await makeArea(h, org, site.id);
    const kiosk = await addKiosk(org, site.id, area.id);
    const res = await api(h.app, org.token).post('/api/devices', { entity_id: org.entityId, area_id: area.id, name: 'Main door', kiosk_id: kiosk.id, io_port: 2 });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Door Added');
    expect(res.body.data).toMatchObject({ type: 'door', name: 'Main door', site_id: site.id, area_id: area.id, kiosk_id: kiosk.id, io_port: 2 });
    const list = await api(h.app, org.token).get(`/api/devices/${org.entityId}?filterBy=${encodeURIComponent(JSON.stringify({ area_id: area.id }))}`);
    expect(list.body).toMatchObject({ count: 1, data: [{ id: res.body.data.id }] });
    const sites = await api(h.app, org.token).get(`/api/sites_list/${org.entityId}?limit=100`);
    expect(sites.body.data.find((s: { id: number }) => s.id === site.id).devices_count).toBe(2);
    const area2 = await api(h.app, org.token).get(`/api/area/${area.id}`);
    expect(area2.body.data.doors[0].name).toBe('Main door');
  });

  it('refuses a bad door (short name, kiosk of another site) and changes nothing', async () => {
    const site = await makeSite(h, org);
    const elsewhere = await makeSite(h, org);
    const area = await makeArea(h, org, site.id);
    const farArea = await makeArea(h, org, elsewhere.id);
    const farKiosk = await addKiosk(org, elsewhere.id, farArea.id);
    const before = (await doorsOf(org)).length;
    const short = await api(h.app, org.token).post('/api/devices', { entity_id: org.entityId, area_id: area.id, name: 'D' });
    expect(short.status).toBe(400);
    expect(short.body.errors.name).toEqual(['The name must be at least 2 characters.']);
    const wired = await api(h.app, org.token).post('/api/devices', { entity_id: org.entityId, area_id: area.id, name: 'Side door', kiosk_id: farKiosk.id });
    expect(wired.status).toBe(400);
    expect(wired.body.errors.kiosk_id).toEqual(['This kiosk does not exist.']);
    const otherSite = await makeSite(h, other);
    const theirKiosk = await addKiosk(other, otherSite.id, (await makeArea(h, other, otherSite.id)).id);
    const foreign = await api(h.app, org.token).post('/api/devices', { entity_id: org.entityId, area_id: area.id, name: 'Side door', kiosk_id: theirKiosk.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.kiosk_id).toEqual(['This kiosk does not exist.']);
    expect((await doorsOf(other)).length).toBe(0);
    expect((await doorsOf(org)).length).toBe(before);
  });

  it("changes a kiosk's journey and area; refuses an unknown journey", async () => {
    const site = await makeSite(h, org);
    const area = await makeArea(h, org, site.id);
    const area2 = await makeArea(h, org, site.id, { name: 'Library' });
    const kiosk = await addKiosk(org, site.id, area.id);
    const [journey] = await withTenant(db(), org.entityId, (tx) => tx.insert(journeys).values({ entityId: org.entityId, name: 'Contractors' }).returning());
    const bad = await api(h.app, org.token).put(`/api/change_journey_for_kiosk/${kiosk.id}`, { kiosk: { journey_id: 999999 } });
    expect(bad.status).toBe(400);
    const res = await api(h.app, org.token).put(`/api/change_journey_for_kiosk/${kiosk.id}`, { kiosk: { journey_id: journey.id, area_id: area2.id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ journey_id: journey.id, area_id: area2.id, site_id: site.id });
  });
});
