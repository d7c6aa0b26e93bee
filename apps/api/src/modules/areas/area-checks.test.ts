import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, scans, visits } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { createOrg, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { makeArea, makeSite, signInPerson } from '../../../test/places';

let h: TestApp;
let org: Org;
beforeAll(async () => {
  h = await buildTestApp();
  org = await createOrg(h);
});
afterAll(() => h.close());
const db = () => h.services.database.db;

describe('areas: checks before a mode change or removal (rules 232-235)', () => {
  it('rule 232: checks by site and by area and action, and who should be signed out', async () => {
    const site = await makeSite(h, org);
    const area = await makeArea(h, org, site.id, { name: 'Reception' });
    const quiet = await makeArea(h, org, site.id, { name: 'Staff room' });
    const { user } = await signInPerson(h, org, area);
    const bySite = await api(h.app, org.token).get(`/api/check_areas_mode_by_site/${site.id}`);
    expect(bySite.body.data.find((a: { area_id: number }) => a.area_id === area.id)).toMatchObject({ login_mode: 'sign_in_out', signed_in: 1 });
    expect(bySite.body.data.find((a: { area_id: number }) => a.area_id === quiet.id).signed_in).toBe(0);
    const byArea = await api(h.app, org.token).get(`/api/check_areas_mode_by_area/${area.id}/login_mode`);
    expect(byArea.body.data).toMatchObject({ allowed: 1, signed_in: 1, will_sign_out: 1 });
    const del = await api(h.app, org.token).get(`/api/check_areas_mode_by_area/${area.id}/delete`);
    expect(del.body.data).toMatchObject({ allowed: 0, message: 'This cannot be done while 1 people are signed in to this area or its sub-areas.' });
    expect((await api(h.app, org.token).get(`/api/check_areas_mode_by_area/${area.id}/explode`)).status).toBe(400);
    const should = await api(h.app, org.token).get(`/api/check_should_SignedOut_in_area?area_id=${area.id}&login_mode=off`);
    expect(should.body.data).toMatchObject({ should_sign_out: 1, count: 1, users: [{ id: user.id }] });
    const stays = await api(h.app, org.token).get(`/api/check_should_SignedOut_in_area?area_id=${area.id}&login_mode=sign_in_out`);
    expect(stays.body.data.should_sign_out).toBe(0);
    const count = await api(h.app, org.token).get(`/api/get_count_users_singned_in/${area.id}`);
    expect(count.body.data).toEqual({ area_id: area.id, signed_in: 1, remote_access: 0, geofence: 0 });
  });

  it('rule 154: changing the login mode to one without sign-out closes the visits signed in there', async () => {
    const site = await makeSite(h, org);
    const area = await makeArea(h, org, site.id);
    const { visit } = await signInPerson(h, org, area);
    const res = await api(h.app, org.token).put(`/api/area/${area.id}`, { login_mode: 'sign_in_only' });
    expect(res.status).toBe(200);
    expect(res.body.signed_out).toBe(1);
    const [v] = await withTenant(db(), org.entityId, (tx) => tx.select().from(visits).where(eq(visits.id, visit.id)));
    expect(v.status).toBe('auto_closed');
    const out = await withTenant(db(), org.entityId, (tx) => tx.select().from(scans).where(eq(scans.visitId, visit.id)));
    expect(out[0]).toMatchObject({ direction: 'out', method: 'area_mode_change' });
  });

  it('rule 235: an input option cannot be removed while people are signed in through it', async () => {
    const site = await makeSite(h, org);
    const area = await makeArea(h, org, site.id, { remote_access: 1, geofence: 1 });
    await signInPerson(h, org, area, 'remote');
    const check = await api(h.app, org.token).post('/api/validate-sign-out', { area_id: area.id, remote_access: 0 });
    expect(check.status).toBe(409);
    expect(check.body.errors.remote_access).toEqual(['This input option cannot be removed while people are signed in through it.']);
    const geo = await api(h.app, org.token).post('/api/validate-sign-out', { area_id: area.id, geofence: 0 });
    expect(geo.status).toBe(200);
    expect(geo.body.data).toMatchObject({ signed_in: 1, remote_access: 1, geofence: 0 });
    const refused = await api(h.app, org.token).put(`/api/area/${area.id}`, { remote_access: 0, name: 'Renamed' });
    expect(refused.status).toBe(409);
    const [row] = await withTenant(db(), org.entityId, (tx) => tx.select().from(areas).where(eq(areas.id, area.id)));
    expect(row).toMatchObject({ remoteAccess: true, name: 'Reception' });
    const byArea = await api(h.app, org.token).get(`/api/check_areas_mode_by_area/${area.id}/remote_access`);
    expect(byArea.body.data.allowed).toBe(0);
    const ok = await api(h.app, org.token).put(`/api/area/${area.id}`, { geofence: 0 });
    expect(ok.status).toBe(200);
    expect(ok.body.data.geofence).toBe(0);
  });

  it('lists the areas of a site without a sign-in mode, leaving out the area and its sub-areas', async () => {
    const site = await makeSite(h, org);
    const area = await makeArea(h, org, site.id, { login_mode: 'off', name: 'Corridor' });
    const sub = await makeArea(h, org, site.id, { login_mode: 'off', name: 'Store', parent_id: area.id });
    const open = await makeArea(h, org, site.id, { login_mode: 'off', name: 'Car park' });
    await makeArea(h, org, site.id, { name: 'Office' });
    const res = await api(h.app, org.token).get(`/api/areas_by_site_with_out_signed_mode/${site.id}/${area.id}`);
    expect(res.body.data.map((a: { id: number }) => a.id)).toEqual([open.id]);
    expect(res.body.data.some((a: { id: number }) => a.id === sub.id)).toBe(false);
  });
});
