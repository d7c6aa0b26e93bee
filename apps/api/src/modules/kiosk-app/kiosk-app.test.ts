import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { makeArea, makeSite, pairKiosk } from '../../../test/places';
import { fixtures } from '../signin/testing';

let h: TestApp;
let org: Org;
let other: Org;
let device: Awaited<ReturnType<typeof pairKiosk>>;
let area: Awaited<ReturnType<typeof makeArea>>;
beforeAll(async () => {
  h = await buildTestApp();
  org = await createOrg(h);
  other = await createOrg(h);
  const site = await makeSite(h, org);
  area = await makeArea(h, org, site.id, { name: 'Main reception' });
  device = await pairKiosk(h, org, area.id);
});
afterAll(() => h.close());

const scansOf = (o: Org, userId: number) => fixtures(h, o).scans(userId);

describe('kiosk app: device token', () => {
  it('401 without a device token, with a console session token, and after deregistration', async () => {
    for (const url of ['/api/kiosk-app/config', '/api/kiosk-app/people?search=pat']) {
      expect((await api(h.app).get(url)).status).toBe(401);
      expect((await api(h.app, org.token).get(url)).status).toBe(401);
      expect((await api(h.app, 'ghk_unknownunknownunknownunknownunknown').get(url)).status).toBe(401);
    }
    expect((await api(h.app).post('/api/kiosk-app/scan', { user_id: 1 })).status).toBe(401);
    const site = await makeSite(h, org);
    const gone = await pairKiosk(h, org, (await makeArea(h, org, site.id)).id);
    expect((await api(h.app, gone.token).get('/api/kiosk-app/config')).status).toBe(200);
    expect((await api(h.app, org.token).del(`/api/deregister-kiosk/${gone.kiosk.id}`)).status).toBe(200);
    expect((await api(h.app, gone.token).get('/api/kiosk-app/config')).status).toBe(401);
  });

  it("a kiosk naming another organisation answers 404 before any handler; a revoked-looking or console token 401 on every device call (issue 20)", async () => {
    const c = api(h.app, device.token);
    expect((await c.get(`/api/kiosk-app/people?search=pat&entity_id=${other.entityId}`)).status).toBe(404);
    expect((await c.post('/api/kiosk-app/scan', { entity_id: other.entityId, user_id: 1 })).status).toBe(404);
    expect((await c.get(`/api/kiosk-app/config?entity_id=${org.entityId}`)).status).toBe(200);
    // A kiosk token is no console session.
    expect((await c.get(`/api/sites/${org.entityId}`)).status).toBe(401);
  });

  it("answers the kiosk's own configuration", async () => {
    const res = await api(h.app, device.token).get('/api/kiosk-app/config');
    expect(res.status).toBe(200);
    expect(res.body.data.kiosk.id).toBe(device.kiosk.id);
    expect(res.body.data.area).toEqual({ id: area.id, name: 'Main reception' });
    expect(res.body.data.entity.id).toBe(org.entityId);
  });
});

describe('kiosk app: people and scans', () => {
  it('finds people of its own organisation only by name, names only', async () => {
    const f = fixtures(h, org);
    const mine = await f.person({ firstName: 'Zenobia', lastName: 'Okafor' });
    await fixtures(h, other).person({ firstName: 'Zenobia', lastName: 'Elsewhere' });
    const res = await api(h.app, device.token).get('/api/kiosk-app/people?search=zen oka');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: mine.id, name: 'Zenobia Okafor', user_type: null, quick_pass: 0 }]);
    const short = await api(h.app, device.token).get('/api/kiosk-app/people?search=z');
    expect(short.status).toBe(400);
    expect(short.body.errors.search).toEqual(['Type at least 2 letters of the name.']);
  });

  it('signs a person in at the kiosk area; the same idempotency key twice records one scan', async () => {
    const person = await fixtures(h, org).person();
    const body = { user_id: person.id, action: 'in', input_method: 'qr', idempotency_key: 'kiosk-test-0001', area_id: 999999 };
    const first = await api(h.app, device.token).post('/api/kiosk-app/scan', body);
    expect(first.status).toBe(200);
    expect(first.body.data.scan.area.id).toBe(area.id);
    expect(first.body.data.scan.kiosk.id).toBe(device.kiosk.id);
    expect(first.body.data.replayed).toBe(0);
    const again = await api(h.app, device.token).post('/api/kiosk-app/scan', body);
    expect(again.body.data.replayed).toBe(1);
    const rows = await scansOf(org, person.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].actorUserId).toBeNull();
  });

  it("404 for another organisation's person and nothing recorded", async () => {
    const stranger = await fixtures(h, other).person();
    const res = await api(h.app, device.token).post('/api/kiosk-app/scan', { user_id: stranger.id, action: 'in' });
    expect(res.status).toBe(404);
    expect(await scansOf(other, stranger.id)).toHaveLength(0);
  });
});

describe('kiosk app: reasons', () => {
  it("lists the person's mode reasons; another organisation's person answers 404", async () => {
    const f = fixtures(h, org);
    const person = await f.person();
    const mode = await f.mode();
    const reason = await f.reason(mode.id, { name: 'Traffic' });
    await f.follow(person.id, mode.id);
    const res = await api(h.app, device.token).get(`/api/kiosk-app/reasons/${person.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: reason.id, name: 'Traffic', type: 'late_sign_in' }]);
    // Rule 221: signing in late offers the late sign-in reasons only, signing out early the early sign-out ones.
    const early = await f.reason(mode.id, { name: 'Doctor', type: 'early_sign_out', fromTime: '13:00:00', toTime: '15:00:00', duration: 30 });
    expect((await api(h.app, device.token).get(`/api/kiosk-app/reasons/${person.id}?action=in`)).body.data).toEqual([{ id: reason.id, name: 'Traffic', type: 'late_sign_in' }]);
    expect((await api(h.app, device.token).get(`/api/kiosk-app/reasons/${person.id}?action=out`)).body.data).toEqual([{ id: early.id, name: 'Doctor', type: 'early_sign_out' }]);
    expect((await api(h.app, device.token).get(`/api/kiosk-app/reasons/${person.id}?action=sideways`)).status).toBe(400);
    const stranger = await fixtures(h, other).person();
    expect((await api(h.app, device.token).get(`/api/kiosk-app/reasons/${stranger.id}`)).status).toBe(404);
  });
});

describe('kiosk app: badge', () => {
  it('a sign-in at this kiosk gets a badge with a QR code the kiosk reads back', async () => {
    const f = fixtures(h, org);
    const person = await f.person({ firstName: 'Visiting', lastName: 'Engineer', userTypeId: (await f.userType()).id });
    const scan = await api(h.app, device.token).post('/api/kiosk-app/scan', { user_id: person.id, action: 'in' });
    const res = await api(h.app, device.token).get(`/api/kiosk-app/badge/${scan.body.data.scan.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Visiting Engineer');
    expect(res.body.data.code).toMatch(/^gatehouse:p:[a-f0-9]{32}$/);
    expect(res.body.data.qr).toMatch(/^data:image\/png;base64,/);
  });

  it('rule 102: no badge for a default user (a member of the organisation, or a person without a user type)', async () => {
    // The organisation's owner is a member with a role.
    const scan = await api(h.app, device.token).post('/api/kiosk-app/scan', { user_id: org.userId, action: 'in' });
    expect(scan.status).toBe(200);
    const res = await api(h.app, device.token).get(`/api/kiosk-app/badge/${scan.body.data.scan.id}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('No badge is printed for members of the organisation.');
    const untyped = await fixtures(h, org).person();
    const s2 = await api(h.app, device.token).post('/api/kiosk-app/scan', { user_id: untyped.id, action: 'in' });
    expect((await api(h.app, device.token).get(`/api/kiosk-app/badge/${s2.body.data.scan.id}`)).status).toBe(403);
  });

  it("404 for another kiosk's scan", async () => {
    const site = await makeSite(h, org);
    const second = await pairKiosk(h, org, (await makeArea(h, org, site.id)).id);
    const person = await fixtures(h, org).person();
    const scan = await api(h.app, device.token).post('/api/kiosk-app/scan', { user_id: person.id, action: 'in' });
    expect((await api(h.app, second.token).get(`/api/kiosk-app/badge/${scan.body.data.scan.id}`)).status).toBe(404);
  });
});
