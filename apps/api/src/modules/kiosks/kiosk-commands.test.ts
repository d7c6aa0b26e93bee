import { eq } from 'drizzle-orm';
import { io as connectConsole, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kioskRequests, kiosks } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { createOrg, type Org } from '../../../test/factories';
import { api, buildTestApp, listenWithSockets, type TestApp } from '../../../test/harness';
import { makeArea, makeSite, nextMac, pairKiosk } from '../../../test/places';
import { KioskClient, requestPairing, waitForDeviceToken } from './device-client';

let h: TestApp;
let org: Org;
let url: string;
const clients: KioskClient[] = [];
const consoles: Socket[] = [];
beforeAll(async () => {
  h = await buildTestApp();
  url = await listenWithSockets(h);
  org = await createOrg(h);
});
afterAll(async () => {
  for (const c of clients) c.close();
  for (const s of consoles) s.close();
  await h.services.realtime.close().catch(() => undefined);
  await h.close();
});

const until = async <T>(fn: () => Promise<T | undefined | null | false>, ms = 8000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};
const requestRow = async (id: number) => (await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(kioskRequests).where(eq(kioskRequests.id, id))))[0];
const kioskRow = async (id: number) => (await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(kiosks).where(eq(kiosks.id, id))))[0];

async function placedKiosk() {
  const site = await makeSite(h, org);
  const area = await makeArea(h, org, site.id);
  return pairKiosk(h, org, area.id);
}

async function watchConsole() {
  const events: Record<string, unknown>[] = [];
  const socket = connectConsole(url, { path: '/socket.io', transports: ['websocket'], auth: { token: org.token }, reconnection: false });
  consoles.push(socket);
  socket.on('update', (p: Record<string, unknown>) => events.push(p));
  await new Promise<void>((resolve) => socket.emit('join', org.entityId, () => resolve()));
  return events;
}

describe('remote kiosk commands over Socket.IO (rules 241-246)', () => {
  it('a paired test kiosk receives a command and moves it through delivered to succeeded; the console sees it live', async () => {
    const site = await makeSite(h, org);
    const area = await makeArea(h, org, site.id);
    const mac = nextMac();
    // The device side, over real HTTP: pairing code, admin adds it, device collects its token.
    const pairing = await requestPairing(url, { mac_address: mac, serial: 'R52N30XYZ', app_version: '3.2.0' });
    const added = await api(h.app, org.token).post('/api/kiosk', { entity_id: org.entityId, name: 'Front gate kiosk', area_id: area.id, pairing_code: pairing.pairing_code });
    const registered = await waitForDeviceToken(url, pairing, { intervalMs: 50 });
    expect(registered.kiosk_id).toBe(added.body.data.id);

    const client = new KioskClient({ serverUrl: url, token: registered.device_token, appVersion: '3.2.1', onCommand: async () => 'door opened' });
    clients.push(client);
    await client.connect();
    expect(await kioskRow(registered.kiosk_id)).toMatchObject({ connected: true, appVersion: '3.2.1' });
    expect((await api(h.app, org.token).get('/api/kiosks/online')).body.data.map((k: { id: number }) => k.id)).toContain(registered.kiosk_id);
    const events = await watchConsole();

    const res = await api(h.app, org.token).post('/api/kiosks/open-door', { kiosk_id: registered.kiosk_id, kioskName: 'Front gate kiosk', macAddress: mac, entityId: org.entityId, userName: 'spoofed', isSuperAdmin: 1 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Request was delivered successfully');
    expect(['delivered', 'running', 'succeeded']).toContain(res.body.data.status);
    const done = await until(async () => {
      const r = await requestRow(res.body.data.id);
      return r.status === 'succeeded' ? r : null;
    });
    expect(done.command).toBe('open-door');
    // Rule 242: the control payload, with the caller's own name and flag (not the body's).
    expect(client.received[0].payload).toMatchObject({ kioskName: 'Front gate kiosk', macAddress: mac, entityId: org.entityId, isSuperAdmin: 0 });
    expect(client.received[0].payload.userName).not.toBe('spoofed');
    const history = await api(h.app, org.token).get(`/api/kiosks/requests/${registered.kiosk_id}/${org.userId}`);
    expect(history.body.data[0].logs.map((l: { status: string }) => l.status)).toEqual(['placed', 'pending', 'delivered', 'running', 'succeeded']);
    expect(history.body.data[0].logs[4].message).toBe('door opened');
    const byEntity = await api(h.app, org.token).get(`/api/kiosks/requests/entity/${org.entityId}/${org.userId}`);
    expect(byEntity.body.data.some((r: { id: number }) => r.id === done.id)).toBe(true);
    await until(async () => events.some((e) => e.type === 'kiosk_request' && e.id === done.id && e.status === 'succeeded'));
    expect(events.filter((e) => e.id === done.id).map((e) => e.status)).toEqual(expect.arrayContaining(['placed', 'pending', 'delivered', 'running', 'succeeded']));
  });

  it('rule 245: a command to a kiosk that is not connected fails with "no connection found to the kiosk"', async () => {
    const { kiosk, mac } = await placedKiosk();
    const res = await api(h.app, org.token).post('/api/kiosks/push-restart', { kiosk_id: kiosk.id, macAddress: mac, entityId: org.entityId });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('no connection found to the kiosk');
    const [row] = await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(kioskRequests).where(eq(kioskRequests.kioskId, kiosk.id)));
    expect(row).toMatchObject({ status: 'failed', reason: 'no connection found to the kiosk', command: 'push-restart' });
  });

  it("a command naming another organisation's kiosk answers 404 and records nothing for either", async () => {
    const other = await createOrg(h);
    const theirSite = await makeSite(h, other);
    const theirArea = await makeArea(h, other, theirSite.id);
    const { kiosk, token, mac } = await pairKiosk(h, other, theirArea.id);
    const client = new KioskClient({ serverUrl: url, token });
    clients.push(client);
    await client.connect();
    for (const body of [{ kiosk_id: kiosk.id, macAddress: mac, entityId: org.entityId }, { macAddress: mac, entityId: org.entityId }]) {
      const res = await api(h.app, org.token).post('/api/kiosks/open-door', body);
      expect(res.status).toBe(404);
    }
    expect(client.received).toHaveLength(0);
    const theirs = await withTenant(h.services.database.db, other.entityId, (tx) => tx.select().from(kioskRequests).where(eq(kioskRequests.kioskId, kiosk.id)));
    expect(theirs).toHaveLength(0);
  });

  it('rule 245: a result for a request the kiosk is not running answers "no running request found"', async () => {
    const { kiosk, token, mac } = await placedKiosk();
    const client = new KioskClient({ serverUrl: url, token });
    clients.push(client);
    await client.connect();
    expect(await client.report(99999999, 'succeeded')).toEqual({ ok: false, error: 'no running request found' });
    const res = await api(h.app, org.token).post('/api/kiosks/refresh-face-library', { kiosk_id: kiosk.id, macAddress: mac, entityId: org.entityId });
    expect(res.status).toBe(200);
    expect((await client.report(res.body.data.id, 'failed', 'camera offline')).ok).toBe(true);
    expect(await requestRow(res.body.data.id)).toMatchObject({ status: 'failed', reason: 'camera offline' });
    // Finished: another result is refused.
    expect(await client.report(res.body.data.id, 'succeeded')).toEqual({ ok: false, error: 'no running request found' });
  });

  it('update-app carries the version and key (rule 243); a failing command ends failed with its reason', async () => {
    const { kiosk, token, mac } = await placedKiosk();
    const client = new KioskClient({
      serverUrl: url,
      token,
      onCommand: async (c) => {
        if (c.command === 'update-app') throw new Error('not enough storage');
      },
    });
    clients.push(client);
    await client.connect();
    const bad = await api(h.app, org.token).post('/api/kiosks/update-app', { kiosk_id: kiosk.id, mac, version: 'latest', key: '', entityId: org.entityId });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['key', 'version']);
    const res = await api(h.app, org.token).post('/api/kiosks/update-app', { kiosk_id: kiosk.id, mac, version: '3.4.0', kioskName: 'Front desk kiosk', key: 'rel-3.4.0-signed', entityId: org.entityId });
    expect(res.status).toBe(200);
    expect(client.received[0]).toMatchObject({ command: 'update-app', payload: { version: '3.4.0', key: 'rel-3.4.0-signed', mac } });
    const row = await until(async () => {
      const r = await requestRow(res.body.data.id);
      return r.status === 'failed' ? r : null;
    });
    expect(row.reason).toBe('not enough storage');
  });

  it('a deregistered kiosk is disconnected at once and its token is refused', async () => {
    const { kiosk, token, mac } = await placedKiosk();
    const client = new KioskClient({ serverUrl: url, token });
    clients.push(client);
    await client.connect();
    const device = (path: string) => api(h.app).raw('GET', path, undefined, { authorization: `Bearer ${token}` });
    expect((await device('/api/kiosk-app/config')).status).toBe(200);
    const dropped = client.disconnected();
    expect((await api(h.app, org.token).del(`/api/deregister-kiosk/${kiosk.id}`)).status).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    // The same token, at once: the kiosk app's calls and the socket are refused.
    expect((await device('/api/kiosk-app/config')).status).toBe(401);
    const again = new KioskClient({ serverUrl: url, token });
    clients.push(again);
    await expect(again.connect()).rejects.toThrow('unauthenticated');
    const cmd = await api(h.app, org.token).post('/api/kiosks/restart-app', { kiosk_id: kiosk.id, macAddress: mac, entityId: org.entityId });
    expect(cmd.status).toBe(404);
    const never = new KioskClient({ serverUrl: url, token: 'ghk_' + 'a'.repeat(43) });
    clients.push(never);
    await expect(never.connect()).rejects.toThrow('unauthenticated');
  });

  it('records the connection in the database and closes unfinished requests when the kiosk goes away', async () => {
    const { kiosk, token, mac } = await placedKiosk();
    const client = new KioskClient({ serverUrl: url, token });
    clients.push(client);
    await client.connect();
    const res = await api(h.app, org.token).post('/api/kiosks/pull-database', { kiosk_id: kiosk.id, macAddress: mac, entityId: org.entityId });
    expect(res.body.data.status).toBe('delivered');
    client.close();
    await until(async () => !(await kioskRow(kiosk.id)).connected);
    const row = await until(async () => {
      const r = await requestRow(res.body.data.id);
      return r.status === 'closed' ? r : null;
    });
    expect(row.reason).toBe('connection closed');
    const cancel = await api(h.app, org.token).put(`/api/kiosks/requests/cancel/${res.body.data.id}`);
    expect(cancel.status).toBe(400);
  });

  it('cancels a delivered request; the kiosk is told and can no longer report on it', async () => {
    const { kiosk, token, mac } = await placedKiosk();
    const canceled: number[] = [];
    const client = new KioskClient({ serverUrl: url, token, onCancel: (id) => canceled.push(id) });
    clients.push(client);
    await client.connect();
    const res = await api(h.app, org.token).post('/api/kiosks/kiosk-logging', { kiosk_id: kiosk.id, macAddress: mac, entityId: org.entityId });
    expect(res.body.data.status).toBe('delivered');
    const cancel = await api(h.app, org.token).put(`/api/kiosks/requests/cancel/${res.body.data.id}`);
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ message: 'Request canceled.', data: { status: 'canceled' } });
    await until(async () => canceled.includes(res.body.data.id));
    expect(await client.report(res.body.data.id, 'succeeded')).toEqual({ ok: false, error: 'no running request found' });
  });
});
