import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, compliances, kiosks, visits } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { createOrg, createPowerless, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { makeArea, makeSite, signInPerson } from '../../../test/places';

let h: TestApp;
let org: Org;
let other: Org;
beforeAll(async () => {
  h = await buildTestApp();
  org = await createOrg(h);
  other = await createOrg(h);
});
afterAll(() => h.close());

const areaRow = async (id: number) => (await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(areas).where(eq(areas.id, id))))[0];

describe('areas: access', () => {
  it('answers 401, 403 and 404 (another organisation) on every call', async () => {
    const site = await makeSite(h, org);
    const area = await makeArea(h, org, site.id);
    const e = org.entityId;
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/areas/${e}`],
      ['GET', `/api/site_areas_in_entity/${e}`],
      ['GET', `/api/areas/filter/${e}?site_ids=${site.id}`],
      ['GET', `/api/areas/filter/areas/${area.id}`],
      ['GET', `/api/areas_by_site/${site.id}`],
      ['GET', `/api/area/${area.id}`],
      ['GET', `/api/area_qr_code/${area.id}`],
      ['POST', '/api/area', { entity_id: e, site_id: site.id, name: 'Library' }],
      ['PUT', `/api/area/${area.id}`, { name: 'Main reception' }],
      ['PUT', `/api/area_move/${area.id}`, { site_id: site.id, parent_id: null }],
      ['DELETE', `/api/area/${area.id}`],
      ['GET', `/api/check_areas_mode_by_site/${site.id}`],
      ['GET', `/api/check_areas_mode_by_area/${area.id}/login_mode`],
      ['GET', `/api/check_should_SignedOut_in_area?area_id=${area.id}&login_mode=off`],
      ['POST', '/api/validate-sign-out', { area_id: area.id, remote_access: 0 }],
      ['GET', `/api/get_count_users_singned_in/${area.id}`],
      ['GET', `/api/areas_by_site_with_out_signed_mode/${site.id}/${area.id}`],
    ];
    const weak = await createPowerless(h, org);
    for (const [method, url, body] of calls) {
      const name = `${method} ${url}`;
      expect((await api(h.app).raw(method, url, body)).status, name).toBe(401);
      expect((await api(h.app, weak.token).raw(method, url, body)).status, name).toBe(403);
      expect((await api(h.app, other.token).raw(method, url, body)).status, name).toBe(404);
    }
    expect((await areaRow(area.id)).name).toBe('Reception');
  });
});

describe('areas: tree', () => {
  it('adds an area and a sub-area (Area Added), edits it (Area Updated) and lists them', async () => {
    const site = await makeSite(h, org);
    const [c] = await withTenant(h.services.database.db, org.entityId, (tx) => tx.insert(compliances).values({ entityId: org.entityId, name: 'Safeguarding' }).returning());
    const res = await api(h.app, org.token).post('/api/area', { entity_id: org.entityId, site_id: site.id, name: 'Main building', auto_sign_out_mode: 'midnight', compliance_ids: [c.id] });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Area Added');
    expect(res.body.data).toMatchObject({ name: 'Main building', auto_sign_out_mode: 'midnight', login_mode: 'sign_in_out', compliance_ids: [c.id], parent_id: null });
    expect(res.body.data.qr_code).toMatch(/^[0-9a-f]{32}$/);
    const sub = await makeArea(h, org, site.id, { name: 'Science lab', parent_id: res.body.data.id });
    const upd = await api(h.app, org.token).put(`/api/area/${sub.id}`, { name: 'Science labs', geofence: 1 });
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe('Area Updated');
    expect(upd.body.data).toMatchObject({ name: 'Science labs', geofence: 1, parent_id: res.body.data.id });
    const subs = await api(h.app, org.token).get(`/api/areas/filter/areas/${res.body.data.id}`);
    expect(subs.body.data.map((a: { id: number }) => a.id)).toEqual([sub.id]);
    const bySite = await api(h.app, org.token).get(`/api/areas_by_site/${site.id}`);
    expect(bySite.body.count).toBe(2);
    const paged = await api(h.app, org.token).get(`/api/areas/${org.entityId}?filterBy=${encodeURIComponent(JSON.stringify({ site_id: site.id }))}&limit=1&sortField=name&orderBy=desc`);
    expect(paged.body).toMatchObject({ count: 2, data: [{ name: 'Science labs', site_name: site.name }] });
    const tree = await api(h.app, org.token).get(`/api/sites_and_areas/${org.entityId}`);
    const node = tree.body.data.find((s: { id: number }) => s.id === site.id);
    expect(node.areas).toHaveLength(1);
    expect(node.areas[0].children[0].id).toBe(sub.id);
    const one = await api(h.app, org.token).get(`/api/area/${sub.id}`);
    expect(one.body.data).toMatchObject({ id: sub.id, kiosks: [], doors: [], signed_in: 0 });
  });

  it('refuses an unknown parent, a parent in another site, an unknown journey, and changes nothing', async () => {
    const site = await makeSite(h, org);
    const otherSite = await makeSite(h, org);
    const elsewhere = await makeArea(h, org, otherSite.id);
    const count = async () => (await api(h.app, org.token).get(`/api/areas_by_site/${site.id}`)).body.count;
    const before = await count();
    const unknown = await api(h.app, org.token).post('/api/area', { entity_id: org.entityId, site_id: site.id, name: 'Hall', parent_id: 999999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.parent_id).toEqual(['The parent area does not exist.']);
    const cross = await api(h.app, org.token).post('/api/area', { entity_id: org.entityId, site_id: site.id, name: 'Hall', parent_id: elsewhere.id });
    expect(cross.body.errors.parent_id).toEqual(['The parent area must be in the same site.']);
    const journey = await api(h.app, org.token).post('/api/area', { entity_id: org.entityId, site_id: site.id, name: 'Hall', journey_id: 999999 });
    expect(journey.body.errors.journey_id).toEqual(['This journey does not exist.']);
    const short = await api(h.app, org.token).post('/api/area', { entity_id: org.entityId, site_id: site.id, name: 'H', login_mode: 'sometimes' });
    expect(Object.keys(short.body.errors).sort()).toEqual(['login_mode', 'name']);
    expect(await count()).toBe(before);
  });

  it('moves a subtree within a site and across sites (Area Moved); kiosks follow', async () => {
    const a = await makeSite(h, org, { name: 'Site A' });
    const b = await makeSite(h, org, { name: 'Site B' });
    const top = await makeArea(h, org, a.id, { name: 'Block 1' });
    const mid = await makeArea(h, org, a.id, { name: 'Floor 1', parent_id: top.id });
    const leaf = await makeArea(h, org, a.id, { name: 'Room 101', parent_id: mid.id });
    const other = await makeArea(h, org, a.id, { name: 'Block 2' });
    const within = await api(h.app, org.token).put(`/api/area_move/${mid.id}`, { site_id: a.id, parent_id: other.id });
    expect(within.status).toBe(200);
    expect(within.body.message).toBe('Area Moved');
    expect((await areaRow(mid.id)).parentId).toBe(other.id);
    const [kiosk] = await withTenant(h.services.database.db, org.entityId, (tx) => tx.insert(kiosks).values({ entityId: org.entityId, siteId: a.id, areaId: leaf.id, name: 'Room kiosk' }).returning());
    const across = await api(h.app, org.token).put(`/api/area_move/${mid.id}`, { site_id: b.id, parent_id: null });
    expect(across.status).toBe(200);
    expect(await areaRow(mid.id)).toMatchObject({ siteId: b.id, parentId: null });
    expect(await areaRow(leaf.id)).toMatchObject({ siteId: b.id, parentId: mid.id });
    const [k] = await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(kiosks).where(eq(kiosks.id, kiosk.id)));
    expect(k.siteId).toBe(b.id);
    expect((await areaRow(top.id)).siteId).toBe(a.id);
  });

  it('refuses a move that makes an area its own ancestor, or under a parent of another site, and changes nothing', async () => {
    const a = await makeSite(h, org);
    const b = await makeSite(h, org);
    const top = await makeArea(h, org, a.id, { name: 'Block 1' });
    const child = await makeArea(h, org, a.id, { name: 'Floor 1', parent_id: top.id });
    const inB = await makeArea(h, org, b.id);
    const self = await api(h.app, org.token).put(`/api/area_move/${top.id}`, { site_id: a.id, parent_id: top.id });
    expect(self.status).toBe(400);
    expect(self.body.errors.parent_id).toEqual(['An area cannot be moved inside itself or one of its sub-areas.']);
    const loop = await api(h.app, org.token).put(`/api/area_move/${top.id}`, { site_id: a.id, parent_id: child.id });
    expect(loop.status).toBe(400);
    const cross = await api(h.app, org.token).put(`/api/area_move/${top.id}`, { site_id: a.id, parent_id: inB.id });
    expect(cross.body.errors.parent_id).toEqual(['The parent area must be in the same site.']);
    const unknown = await api(h.app, org.token).put(`/api/area_move/${top.id}`, { site_id: a.id, parent_id: 999999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.parent_id).toEqual(['The parent area does not exist.']);
    const theirSite = await makeSite(h, other);
    const theirArea = await makeArea(h, other, theirSite.id);
    expect((await api(h.app, org.token).put(`/api/area_move/${top.id}`, { site_id: theirSite.id, parent_id: null })).status).toBe(404);
    const underTheirs = await api(h.app, org.token).put(`/api/area_move/${top.id}`, { site_id: a.id, parent_id: theirArea.id });
    expect(underTheirs.status).toBe(400);
    expect(underTheirs.body.errors.parent_id).toEqual(['The parent area does not exist.']);
    expect(await areaRow(top.id)).toMatchObject({ siteId: a.id, parentId: null });
    expect(await areaRow(child.id)).toMatchObject({ parentId: top.id });
  });

  it('deletes an area with its sub-areas (Area Deleted), and refuses with 409 while someone is signed in', async () => {
    const site = await makeSite(h, org);
    const top = await makeArea(h, org, site.id, { name: 'Sports hall' });
    const child = await makeArea(h, org, site.id, { name: 'Changing room', parent_id: top.id });
    const { visit } = await signInPerson(h, org, child);
    const refused = await api(h.app, org.token).del(`/api/area/${top.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This cannot be done while 1 people are signed in to this area or its sub-areas.');
    expect(await areaRow(child.id)).toBeDefined();
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.update(visits).set({ status: 'signed_out' }).where(and(eq(visits.id, visit.id))));
    const ok = await api(h.app, org.token).del(`/api/area/${top.id}`);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Area Deleted');
    expect(await areaRow(child.id)).toBeUndefined();
  });

  it('answers the printable QR code as a data URL and as a PNG', async () => {
    const site = await makeSite(h, org);
    const area = await makeArea(h, org, site.id);
    const res = await api(h.app, org.token).get(`/api/area_qr_code/${area.id}`);
    expect(res.body.data.data_url).toMatch(/^data:image\/png;base64,/);
    expect(res.body.data.url).toBe(`http://localhost:3000/area/${area.qr_code}`);
    const png = await h.app.inject({ method: 'GET', url: `/api/area_qr_code/${area.id}?format=png`, headers: { authorization: `Bearer ${org.token}` } });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});
