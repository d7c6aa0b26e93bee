import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { io as connectConsole, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kioskRequestLogs, kioskRequests, kiosks } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { createOrg, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { makeArea, makeSite, pairKiosk } from '../../../test/places';
import { KioskClient } from './device-client';
import { BEATS_BEFORE_OFFLINE } from './heartbeat';

/**
 * The kiosk heartbeat (docs/kiosk-protocol.md section 2): a kiosk whose device process hung or crashed, or whose
 * API process died, shows offline within a bounded time and takes no commands (rules 241, 245).
 */
const HEARTBEAT_MS = 1000;
/** A hung device is dropped by Socket.IO after a ping interval and timeout; a silent row within the beats. */
const BOUND_MS = (BEATS_BEFORE_OFFLINE + 2) * HEARTBEAT_MS;
/** What a loaded test machine adds to timers. */
const SLACK_MS = 3000;

let h: TestApp;
let org: Org;
let url: string;
const devices: ChildProcess[] = [];
const sockets: { close(): void }[] = [];
beforeAll(async () => {
  h = await buildTestApp({ env: { KIOSK_HEARTBEAT_MS: String(HEARTBEAT_MS) } });
  h.services.realtime.attach(h.app.server);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  org = await createOrg(h);
});
afterAll(async () => {
  for (const d of devices) d.kill('SIGKILL');
  for (const s of sockets) s.close();
  await h.services.realtime.close().catch(() => undefined);
  await h.close();
});

const until = async <T>(fn: () => Promise<T | undefined | null | false>, ms = BOUND_MS + SLACK_MS): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};
const db = () => h.services.database.db;
const kioskRow = async (id: number) => (await withTenant(db(), org.entityId, (tx) => tx.select().from(kiosks).where(eq(kiosks.id, id))))[0];
const requestRow = async (id: number) => (await withTenant(db(), org.entityId, (tx) => tx.select().from(kioskRequests).where(eq(kioskRequests.id, id))))[0];
const onlineIds = async () => (await api(h.app, org.token).get('/api/kiosks/online')).body.data.map((k: { id: number }) => k.id) as number[];
const isShownOnline = async (id: number) => (await api(h.app, org.token).get(`/api/kiosks/${id}`)).body.data.online === 1;

async function placedKiosk(name: string) {
  const site = await makeSite(h, org);
  const area = await makeArea(h, org, site.id);
  return pairKiosk(h, org, area.id, { name });
}

/** The device client in a process of its own, connected; resolves once the server has recorded it. */
function startDevice(token: string) {
  const script = fileURLToPath(new URL('../../../test/kiosk-device.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, url, token], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, COMMAND_MS: '600000' } });
  devices.push(child);
  return new Promise<ChildProcess>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('ready')) resolve(child);
    });
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    child.once('exit', (code) => reject(new Error(`device exited (${code}): ${out}`)));
  });
}

async function watchConsole() {
  const events: Record<string, unknown>[] = [];
  const socket: Socket = connectConsole(url, { path: '/socket.io', transports: ['websocket'], auth: { token: org.token }, reconnection: false });
  sockets.push(socket);
  socket.on('update', (p: Record<string, unknown>) => events.push(p));
  await new Promise<void>((resolve) => socket.emit('join', org.entityId, () => resolve()));
  return events;
}

const command = (kiosk: { id: number }, mac: string) => api(h.app, org.token).post('/api/kiosks/pull-database', { kiosk_id: kiosk.id, macAddress: mac, entityId: org.entityId });

describe('kiosk heartbeat', () => {
  it('a device process that hangs with its connection open (SIGSTOP) is offline within the bound; its request closes; commands fail (rule 245)', async () => {
    const { kiosk, token, mac } = await placedKiosk('Hung kiosk');
    const device = await startDevice(token);
    expect(await onlineIds()).toContain(kiosk.id);
    const events = await watchConsole();
    // A long command: delivered, then running on the device when it hangs.
    const sent = await command(kiosk, mac);
    expect(sent.status).toBe(200);
    await until(async () => (await requestRow(sent.body.data.id)).status === 'running');

    const hungAt = Date.now();
    device.kill('SIGSTOP');
    await until(async () => !(await isShownOnline(kiosk.id)));
    expect(Date.now() - hungAt).toBeLessThan(BOUND_MS + SLACK_MS);
    expect(await onlineIds()).not.toContain(kiosk.id);
    const closed = await until(async () => {
      const r = await requestRow(sent.body.data.id);
      return r.status === 'closed' ? r : null;
    });
    expect(['connection closed', 'connection lost']).toContain(closed.reason);
    await until(async () => events.some((e) => e.type === 'kiosk' && e.action === 'offline' && e.id === kiosk.id));

    const refused = await command(kiosk, mac);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('no connection found to the kiosk');
    expect(await requestRow(refused.body.data.request_id)).toMatchObject({ status: 'failed', reason: 'no connection found to the kiosk' });
    device.kill('SIGKILL');
  });

  it('a device process killed outright (SIGKILL, no goodbye) is offline and refuses commands', async () => {
    const { kiosk, token, mac } = await placedKiosk('Crashed kiosk');
    const device = await startDevice(token);
    expect(await isShownOnline(kiosk.id)).toBe(true);
    const killedAt = Date.now();
    device.kill('SIGKILL');
    await until(async () => !(await kioskRow(kiosk.id)).connected);
    expect(Date.now() - killedAt).toBeLessThan(BOUND_MS + SLACK_MS);
    expect(await isShownOnline(kiosk.id)).toBe(false);
    const refused = await command(kiosk, mac);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('no connection found to the kiosk');
  });

  it('a kiosk left "connected" by an API process that died is offline for every process within three heartbeats; the sweep closes its requests', async () => {
    const { kiosk, mac } = await placedKiosk('Orphaned kiosk');
    // What a process that died leaves behind: the row says connected, through a socket no process holds, and a
    // request the kiosk was running. Nobody vouches for it any more.
    const { requestId } = await withTenant(db(), org.entityId, async (tx) => {
      await tx
        .update(kiosks)
        .set({ connected: true, socketId: 'socket-of-a-dead-process', lastSeenAt: sql`now()`, onlineUntil: sql`now() + ${BEATS_BEFORE_OFFLINE * HEARTBEAT_MS}::integer * interval '1 millisecond'` })
        .where(and(eq(kiosks.id, kiosk.id), eq(kiosks.entityId, org.entityId)));
      const [req] = await tx
        .insert(kioskRequests)
        .values({ entityId: org.entityId, kioskId: kiosk.id, userName: 'Admin', command: 'pull-database', status: 'running' })
        .returning();
      await tx.insert(kioskRequestLogs).values({ entityId: org.entityId, requestId: req.id, status: 'running' });
      return { requestId: req.id };
    });
    const events = await watchConsole();
    const diedAt = Date.now();
    expect(await onlineIds()).toContain(kiosk.id);
    await until(async () => !(await onlineIds()).includes(kiosk.id));
    expect(Date.now() - diedAt).toBeLessThan(BEATS_BEFORE_OFFLINE * HEARTBEAT_MS + SLACK_MS);
    expect(await isShownOnline(kiosk.id)).toBe(false);
    const refused = await command(kiosk, mac);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('no connection found to the kiosk');
    // The sweep (any process's heartbeat) records it and closes what it left unfinished.
    await until(async () => !(await kioskRow(kiosk.id)).connected);
    expect(await requestRow(requestId)).toMatchObject({ status: 'closed', reason: 'connection lost' });
    await until(async () => events.some((e) => e.type === 'kiosk' && e.action === 'offline' && e.id === kiosk.id));
    await until(async () => events.some((e) => e.type === 'kiosk_request' && e.id === requestId && e.status === 'closed'));
  });

  it('a kiosk that answers the pings stays online across heartbeats, vouched for again each time', async () => {
    const { kiosk, token, mac } = await placedKiosk('Healthy kiosk');
    const client = new KioskClient({ serverUrl: url, token, onCommand: async () => 'ok' });
    sockets.push(client);
    expect((await client.connect()).heartbeat_ms).toBe(HEARTBEAT_MS);
    const first = new Date((await kioskRow(kiosk.id)).onlineUntil!).getTime();
    // Only the heartbeat moves the window forward: wait until it has been pushed past the one the connection gave.
    const row = await until(async () => {
      const r = await kioskRow(kiosk.id);
      return new Date(r.onlineUntil!).getTime() > first + 2 * HEARTBEAT_MS ? r : null;
    });
    expect(row.connected).toBe(true);
    expect(await isShownOnline(kiosk.id)).toBe(true);
    const res = await command(kiosk, mac);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Request was delivered successfully');
  });
});
