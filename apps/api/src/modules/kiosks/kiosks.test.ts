import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiosks } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { createOrg, createPowerless, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { makeArea, makeSite, nextMac, pairKiosk } from '../../../test/places';

let h: TestApp;
let org: Org;
let other: Org;
beforeAll(async () => {
  h = await buildTestApp();
  org = await createOrg(h);
  other = await createOrg(h);
});
afterAll(() => h.close());
const kioskRow = async (id: number) => (await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(kiosks).where(eq(kiosks.id, id))))[0];

describe('kiosks: access', () => {
  it('answers 401, 403 and 404 (another organisation) on every console call', async () => {
    const site = await makeSite(h, org);
    const area = await makeArea(h, org, site.id);
    const { kiosk, mac } = await pairKiosk(h, org, area.id);
    const e = org.entityId;
    const control = { kiosk_id: kiosk.id, macAddress: mac, entityId: e };
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/kiosk/${e}`],
      ['GET', `/api/get_kiosk_with_setting/${kiosk.id}`],
      ['POST', '/api/kiosk', { entity_id: e, name: 'Hall kiosk', area_id: area.id, pairing_code: 'ABCDEFGH' }],
      ['PUT', `/api/kiosk_move/${kiosk.id}`, { area_id: area.id }],
      ['PUT', '/api/kiosks_move', { kiosk_ids: [kiosk.id], area_id: area.id }],
      ['PUT', `/api/kiosk_setting/${kiosk.id}`, { settings: { temperature_unit: 'F' } }],
      ['PUT', '/api/kiosks_setting', { kiosk_ids: [kiosk.id], settings: { temperature_unit: 'F' } }],
      ['GET', `/api/kiosks/${kiosk.id}`],
      ['GET', `/api/kiosks/room-data/${kiosk.id}`],
      ['GET', `/api/kiosks/requests/entity/${e}/${org.userId}`],
      ['GET', `/api/kiosks/requests/${kiosk.id}/${org.userId}`],
      ['POST', '/api/kiosks/open-door', control],
      ['POST', '/api/kiosks/update-app', { kiosk_id: kiosk.id, mac, version: '3.3.0', key: 'release-key', entityId: e }],
      ['GET', `/api/generate_exe/${site.id}`],
      ['DELETE', `/api/deregister-kiosk/${kiosk.id}`],
    ];
    const weak = await createPowerless(h, org);
    for (const [method, url, body] of calls) {
      const name = `${method} ${url}`;
      expect((await api(h.app).raw(method, url, body)).status, name).toBe(401);
      expect((await api(h.app, weak.token).raw(method, url, body)).status, name).toBe(403);
      expect((await api(h.app, other.token).raw(method, url, body)).status, name).toBe(404);
    }
    // Calls without ids: 401 and 403, and another organisation sees none of this one's kiosks.
    for (const url of ['/api/kiosks/online', '/api/kiosks/app-versions']) {
      expect((await api(h.app).get(url)).status).toBe(401);
      expect((await api(h.app, weak.token).get(url)).status).toBe(403);
    }
    expect((await api(h.app, other.token).get('/api/kiosks/app-versions')).body.count).toBe(0);
    expect((await kioskRow(kiosk.id)).status).toBe('active');
  });
});

describe('kiosks: registration and management', () => {
  it('pairs a kiosk: the device shows a code, the admin adds it (Kiosk Added), the device collects its token once', async () => {
    const site = await makeSite(h, org);
    const area = await makeArea(h, org, site.id);
    const mac = nextMac();
    const start = await api(h.app).post('/api/kiosk-register', { mac_address: mac, serial: 'R52N30ABC', app_version: '3.2.0' });
    expect(start.status).toBe(200);
    expect(start.body.data.pairing_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const { registration_id, secret, pairing_code } = start.body.data;
    expect((await api(h.app).post('/api/kiosk-register/poll', { registration_id, secret })).body.data.status).toBe('waiting');
    const bad = await api(h.app, org.token).post('/api/kiosk', { entity_id: org.entityId, name: 'Reception kiosk', area_id: area.id, pairing_code: 'ZZZZZZZZ' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.pairing_code).toEqual(['This pairing code is not valid or has expired.']);
    const added = await api(h.app, org.token).post('/api/kiosk', { entity_id: org.entityId, name: 'Reception kiosk', area_id: area.id, pairing_code: pairing_code.toLowerCase() });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Kiosk Added');
    expect(added.body.data).toMatchObject({ name: 'Reception kiosk', mac_address: mac, serial: 'R52N30ABC', app_version: '3.2.0', site_id: site.id, area_id: area.id, online: 0 });
    // The same code cannot add a second kiosk.
    expect((await api(h.app, org.token).post('/api/kiosk', { entity_id: org.entityId, name: 'Again', area_id: area.id, pairing_code })).status).toBe(400);
    const wrongSecret = await api(h.app).post('/api/kiosk-register/poll', { registration_id, secret: 'x'.repeat(43) });
    expect(wrongSecret.status).toBe(404);
    const poll = await api(h.app).post('/api/kiosk-register/poll', { registration_id, secret });
    expect(poll.body.data).toMatchObject({ status: 'registered', kiosk_id: added.body.data.id, entity_id: org.entityId, server_url: 'http://localhost:3000', namespace: '/kiosk' });
    expect(poll.body.data.device_token).toMatch(/^ghk_[\w-]{43}$/);
    const row = await kioskRow(added.body.data.id);
    expect(row.deviceTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.deviceTokenHash).not.toContain(poll.body.data.device_token);
    expect((await api(h.app).post('/api/kiosk-register/poll', { registration_id, secret })).status).toBe(404);
  });

  it('generate_exe answers a set-up file whose single-use token registers a kiosk in that site', async () => {
    const site = await makeSite(h, org, { name: 'Oakwood Academy' });
    const file = await api(h.app, org.token).get(`/api/generate_exe/${site.id}`);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.body).toMatchObject({ server_url: 'http://localhost:3000', namespace: '/kiosk', site_id: site.id, site_name: 'Oakwood Academy', entity_id: org.entityId });
    const reg = await api(h.app).post('/api/kiosk-register', { mac_address: nextMac(), name: 'Gate kiosk', registration_token: file.body.registration_token });
    expect(reg.body.data).toMatchObject({ status: 'registered', entity_id: org.entityId });
    expect((await kioskRow(reg.body.data.kiosk_id)).siteId).toBe(site.id);
    const again = await api(h.app).post('/api/kiosk-register', { mac_address: nextMac(), registration_token: file.body.registration_token });
    expect(again.status).toBe(404);
  });

  it('moves one kiosk (Kiosk Moved) and many (Kiosks Moved); refuses another organisation\'s kiosk and changes nothing', async () => {
    const a = await makeSite(h, org);
    const b = await makeSite(h, org);
    const areaA = await makeArea(h, org, a.id);
    const areaB = await makeArea(h, org, b.id, { name: 'Library' });
    const k1 = (await pairKiosk(h, org, areaA.id)).kiosk;
    const k2 = (await pairKiosk(h, org, areaA.id)).kiosk;
    const one = await api(h.app, org.token).put(`/api/kiosk_move/${k1.id}`, { area_id: areaB.id });
    expect(one.body).toMatchObject({ message: 'Kiosk Moved', data: { area_id: areaB.id, site_id: b.id } });
    const otherSite = await makeSite(h, other);
    const otherArea = await makeArea(h, other, otherSite.id);
    const foreign = (await pairKiosk(h, other, otherArea.id)).kiosk;
    const mixed = await api(h.app, org.token).put('/api/kiosks_move', { kiosk_ids: [k2.id, foreign.id], area_id: areaB.id });
    expect(mixed.status).toBe(404);
    expect((await kioskRow(k2.id)).areaId).toBe(areaA.id);
    const empty = await api(h.app, org.token).put('/api/kiosks_move', { kiosk_ids: [], area_id: areaB.id });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.kiosk_ids).toEqual(['Select at least one kiosk.']);
    const many = await api(h.app, org.token).put('/api/kiosks_move', { kiosk_ids: [k1.id, k2.id], area_id: areaA.id });
    expect(many.body.message).toBe('Kiosks Moved');
    expect(many.body.data.map((k: { area_id: number }) => k.area_id)).toEqual([areaA.id, areaA.id]);
  });

  it('rules 236-237: settings for one and many kiosks; a fire alarm needs the local sync IP and port', async () => {
    const site = await makeSite(h, org);
    const area = await makeArea(h, org, site.id);
    const k1 = (await pairKiosk(h, org, area.id)).kiosk;
    const k2 = (await pairKiosk(h, org, area.id)).kiosk;
    const fire = { enabled: 1, io_port: 'passive', voltage_threshold: 12, action_upon_fire: 'open_door', trigger_level: 'high' };
    const refused = await api(h.app, org.token).put(`/api/kiosk_setting/${k1.id}`, { settings: { fire_alarm: fire } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors['settings.fire_alarm']).toEqual(['The fire alarm needs the local sync IP address and port.']);
    expect((await kioskRow(k1.id)).settings).toEqual({});
    const ok = await api(h.app, org.token).put(`/api/kiosk_setting/${k1.id}`, { settings: { fire_alarm: fire, temperature_unit: 'C' }, local_sync_ip: '10.0.0.5', local_sync_port: 7001 });
    expect(ok.body).toMatchObject({ message: 'Kiosk Settings Updated', data: { local_sync_ip: '10.0.0.5', local_sync_port: 7001, settings: { temperature_unit: 'C', fire_alarm: { enabled: true, io_port: 'passive' } } } });
    // Many: k2 has no sync address, so nothing changes on either kiosk.
    const many = await api(h.app, org.token).put('/api/kiosks_setting', { kiosk_ids: [k1.id, k2.id], settings: { fire_alarm: { ...fire, trigger_level: 'low' } } });
    expect(many.status).toBe(400);
    expect(((await kioskRow(k1.id)).settings as { fire_alarm: { trigger_level: string } }).fire_alarm.trigger_level).toBe('high');
    const both = await api(h.app, org.token).put('/api/kiosks_setting', { kiosk_ids: [k1.id, k2.id], settings: { temperature_unit: 'F', screen_timeout_seconds: 60 } });
    expect(both.status).toBe(200);
    expect((await kioskRow(k2.id)).settings).toEqual({ temperature_unit: 'F', screen_timeout_seconds: 60 });
    const withSetting = await api(h.app, org.token).get(`/api/get_kiosk_with_setting/${k1.id}`);
    expect(withSetting.body.data.settings.temperature_unit).toBe('F');
  });

  it('lists kiosks, app versions, room data and one kiosk; deregistering hides it (Kiosk Deleted)', async () => {
    const fresh = await createOrg(h);
    const site = await makeSite(h, fresh);
    const area = await makeArea(h, fresh, site.id);
    const k1 = (await pairKiosk(h, fresh, area.id, { appVersion: '3.10.0', name: 'Gate A' })).kiosk;
    await pairKiosk(h, fresh, area.id, { appVersion: '3.9.2', name: 'Gate B' });
    await api(h.app, fresh.token).post('/api/devices', { entity_id: fresh.entityId, area_id: area.id, name: 'Main door' });
    const list = await api(h.app, fresh.token).get(`/api/kiosk/${fresh.entityId}?filterBy=Gate&sortField=name&orderBy=desc`);
    expect(list.body.data.map((k: { name: string }) => k.name)).toEqual(['Gate B', 'Gate A']);
    const versions = await api(h.app, fresh.token).get('/api/kiosks/app-versions');
    expect(versions.body.data).toEqual([{ app_version: '3.10.0', kiosks: 1 }, { app_version: '3.9.2', kiosks: 1 }]);
    const room = await api(h.app, fresh.token).get(`/api/kiosks/room-data/${k1.id}`);
    expect(room.body.data).toMatchObject({ site: { id: site.id }, area: { id: area.id }, doors: [{ name: 'Main door' }], signed_in: 0 });
    expect((await api(h.app, fresh.token).get('/api/kiosks/online')).body.count).toBe(0);
    const one = await api(h.app, fresh.token).get(`/api/kiosks/${k1.id}`);
    expect(one.body.data).toMatchObject({ id: k1.id, requests: [] });
    const del = await api(h.app, fresh.token).del(`/api/deregister-kiosk/${k1.id}`);
    expect(del.body.message).toBe('Kiosk Deleted');
    expect((await api(h.app, fresh.token).get(`/api/kiosk/${fresh.entityId}`)).body.count).toBe(1);
    expect((await api(h.app, fresh.token).get(`/api/kiosks/${k1.id}`)).status).toBe(404);
  });
});
