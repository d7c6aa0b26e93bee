/**
 * Emergency real time (issue 17, Performance): 1,000 console sockets (this process, apart from the API) follow a
 * session while a warden marks people through the documented call (PUT /api/action_emergency/{id}); each mark's
 * latency is from the request's send to its `updateEmergencySessionData` on each socket (p50/p95/p99/max over
 * every socket, per run). Then a kiosk's fire alarm message over `/kiosk` (the device's own protocol): the time to
 * the session's notice (`pongStartSessionDiffAdmin`) on every connected warden's socket.
 * Runs the embedded default with one API process, and, with DATABASE_URL (and REDIS_URL, default local), PostgreSQL
 * with two API processes, the sockets spread over both and the marks sent to the first.
 *
 *   node --import tsx bench/emergency-live.ts        (BENCH_SOCKETS=1000 BENCH_MARKS=20 BENCH_ALARMS=5)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIRE_ALARM_EVENT, KIOSK_NAMESPACE } from '@gatehouse/contract';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { createEntity } from '../apps/api/src/modules/entity';
import { registerAccount } from '../apps/api/src/modules/auth';
import { issueSession } from '../apps/api/src/platform/auth/sessions';
import { type Database, openDatabase } from '../apps/api/src/platform/db/client';
import { migrate } from '../apps/api/src/platform/db/migrate';
import { type Api, log, startApi } from './lib/signin';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const MARKS = Number(process.env.BENCH_MARKS ?? 20);
const ALARMS = Number(process.env.BENCH_ALARMS ?? 5);
const PEOPLE = 300;
const FIRE = { enabled: true, local_sync_ip: '192.168.1.20', local_sync_port: 8080, io_port: 'active', voltage_threshold: 12, action_upon_fire: 'none', trigger_level: 'high' };

interface Seeded {
  token: string;
  entityId: number;
  markSite: number;
  alarmSite: number;
  alarmArea: number;
  people: number[];
}

/** An organisation with two sites: 300 people signed in on the first (marked), 50 on the second (the alarm's). */
async function seed(database: Database): Promise<Seeded> {
  const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await database.sql.query<T>(text, values)).rows;
  const stamp = Date.now();
  const account = (await registerAccount(database.db, { email: `bench-emergency-${stamp}@bench.test`, firstName: 'Bench', lastName: 'Warden', password: 'bench-password-1' }))!;
  const created = (await createEntity(database.db, { accountId: account.id, name: 'Bench Emergency School', subdomain: `benchemg${stamp}`, plan: 3, package: 'Cloud' }))!;
  const e = created.entity.id;
  const { token } = await issueSession(database.db, account.id, e);
  const [markSite, alarmSite] = (await q<{ id: number }>(`insert into sites (entity_id, name, timezone) values ($1, 'Marks site', 'Europe/London'), ($1, 'Alarm site', 'Europe/London') returning id`, [e])).map((r) => r.id);
  await q(`update sites set fire_alarm = $2 where id = $1`, [alarmSite, JSON.stringify(FIRE)]);
  const [markArea, alarmArea] = (await q<{ id: number }>(`insert into areas (entity_id, site_id, name, auto_sign_out_mode) values ($1, $2, 'Hall', 'none'), ($1, $3, 'Gate', 'none') returning id`, [e, markSite, alarmSite])).map((r) => r.id);
  const people = (await q<{ id: number }>(`insert into users (entity_id, first_name, last_name) select $1, 'Pupil', 'Number ' || g from generate_series(1, $2::int) g returning id`, [e, PEOPLE + 50])).map((r) => r.id);
  await q(`insert into visits (entity_id, user_id, site_id, area_id, status, signed_in_at, sign_in_method) select $1, u, $2, $3, 'signed_in', now(), 'kiosk' from unnest($4::int[]) u`, [e, markSite, markArea, people.slice(0, PEOPLE)]);
  await q(`insert into visits (entity_id, user_id, site_id, area_id, status, signed_in_at, sign_in_method) select $1, u, $2, $3, 'signed_in', now(), 'kiosk' from unnest($4::int[]) u`, [e, alarmSite, alarmArea, people.slice(PEOPLE)]);
  return { token, entityId: e, markSite, alarmSite, alarmArea, people: people.slice(0, PEOPLE) };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const summary = (ms: number[]) => {
  if (!ms.length) return { n: 0 };
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: +pct(s, 50).toFixed(1), p95: +pct(s, 95).toFixed(1), p99: +pct(s, 99).toFixed(1), max: +s[s.length - 1].toFixed(1) };
};

/** What the sockets are waiting for now, and when each socket heard it. */
let expecting: { match: (event: string, payload: any) => boolean; t0: number; heard: Map<number, number>; done: () => void } | null = null;

function openConsoles(urls: string[], token: string, entityId: number) {
  const sockets: Socket[] = [];
  for (let i = 0; i < SOCKETS; i++) {
    const socket = io(urls[i % urls.length], { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
    socket.on('connect', () => socket.emit('join', entityId));
    socket.onAny((event: string, payload: unknown) => {
      const x = expecting;
      if (!x || x.heard.has(i) || !x.match(event, payload)) return;
      x.heard.set(i, performance.now() - x.t0);
      if (x.heard.size === SOCKETS) x.done();
    });
    sockets.push(socket);
  }
  return sockets;
}

/** Runs `send` and waits (up to 20 s) until every socket heard a matching event; answers each socket's latency. */
async function everySocket(match: (event: string, payload: any) => boolean, send: () => Promise<unknown>) {
  let done!: () => void;
  const all = new Promise<void>((r) => (done = r));
  const x = { match, t0: performance.now(), heard: new Map<number, number>(), done };
  expecting = x;
  await send();
  await Promise.race([all, new Promise((r) => setTimeout(r, 20_000))]);
  expecting = null;
  return { latencies: [...x.heard.values()], missing: SOCKETS - x.heard.size };
}

async function call(url: string, token: string, method: string, path: string, body?: unknown) {
  // A JSON content type only with a body: an empty JSON body is refused (400), as the console never sends one.
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const res = await fetch(`${url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json: any = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Ends a session; a failed end is printed (a figure of the run) and the run goes on. */
async function endSession(url: string, token: string, id: number, label: string) {
  await call(url, token, 'PUT', `/api/end_emergency/${id}`).catch((e: Error) => console.log(JSON.stringify({ mode: label, figure: 'end_emergency failed', error: e.message })));
}

/** A kiosk on the alarm site, paired the documented way, connected to `/kiosk` with its device token. */
async function pairKiosk(url: string, s: Seeded) {
  const mac = `00:1B:2C:3D:${(Date.now() % 250).toString(16).padStart(2, '0')}:01`.toUpperCase();
  const start = await call(url, '', 'POST', '/api/kiosk-register', { mac_address: mac, serial: `SN${Date.now()}`, app_version: '3.2.0' });
  const { registration_id, pairing_code, secret } = start.data;
  await call(url, s.token, 'POST', '/api/kiosk', { entity_id: s.entityId, name: 'Bench gate kiosk', area_id: s.alarmArea, pairing_code });
  const poll = await call(url, '', 'POST', '/api/kiosk-register/poll', { registration_id, secret });
  const socket = io(new URL(KIOSK_NAMESPACE, url).toString(), { path: '/socket.io', transports: ['websocket'], auth: { token: poll.data.device_token, app_version: '3.2.0' }, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('ready', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

async function run(label: string, apis: Api[], s: Seeded) {
  const urls = apis.map((a) => a.url);
  const consoles = openConsoles(urls, s.token, s.entityId);
  const t = Date.now();
  while (consoles.some((c) => !c.connected) && Date.now() - t < 180_000) await new Promise((r) => setTimeout(r, 100));
  // `join` also looks up the member's emergency rooms: give every socket time to be in them.
  await new Promise((r) => setTimeout(r, 3000));
  log(`${label}: ${consoles.filter((c) => c.connected).length} console sockets connected over ${urls.length} process(es)`);

  // A manual start on the marks site: every socket hears its notice.
  let sessionId = 0;
  const start = await everySocket(
    (ev) => ev === 'pongStartSessionDiffAdmin',
    async () => (sessionId = (await call(urls[0], s.token, 'POST', '/api/start_emergency', { site_ids: [s.markSite], name: 'Bench roll call' })).data.id),
  );
  console.log(JSON.stringify({ mode: label, figure: 'manual start -> notice on every socket (ms)', missing: start.missing, ...summary(start.latencies) }));

  const all: number[] = [];
  for (let i = 0; i < MARKS; i++) {
    const userId = s.people[i];
    const status = i % 2 ? 'needs_help' : 'safe';
    const r = await everySocket(
      (ev, p) => ev === 'updateEmergencySessionData' && p?.action === 'people' && p.people?.some((x: { user_id: number; status: string }) => x.user_id === userId && x.status === status),
      () => call(urls[0], s.token, 'PUT', `/api/action_emergency/${sessionId}`, { user_id: userId, status, idempotency_key: `bench-${Date.now()}-${i}` }),
    );
    all.push(...r.latencies);
    console.log(JSON.stringify({ mode: label, figure: `mark ${i + 1} -> every socket (ms)`, missing: r.missing, ...summary(r.latencies) }));
    await new Promise((r2) => setTimeout(r2, 100));
  }
  console.log(JSON.stringify({ mode: label, figure: `all ${MARKS} marks x ${SOCKETS} sockets (ms)`, ...summary(all) }));
  await endSession(urls[0], s.token, sessionId, label);

  const kiosk = await pairKiosk(urls[0], s);
  for (let i = 0; i < ALARMS; i++) {
    let answer: any = null;
    const r = await everySocket(
      (ev, p) => ev === 'pongStartSessionDiffAdmin' && /Fire alarm/.test(p?.sessionName ?? ''),
      async () => (answer = await kiosk.timeout(10_000).emitWithAck(FIRE_ALARM_EVENT, { voltage: 14.5, at: new Date().toISOString(), alarm_id: `bench-${i}` })),
    );
    console.log(JSON.stringify({ mode: label, figure: `alarm ${i + 1} -> session on every warden's socket (ms)`, started: answer?.started, missing: r.missing, ...summary(r.latencies) }));
    if (answer?.session_id) await endSession(urls[0], s.token, answer.session_id, label);
    await new Promise((r2) => setTimeout(r2, 500));
  }
  kiosk.close();
  for (const c of consoles) c.close();
  console.log(JSON.stringify({ mode: label, apiPeakRssMb: apis.map((a) => a.peakRssMb()) }));
}

// The embedded default, one process.
{
  const dataDir = mkdtempSync(join(tmpdir(), 'gh-bench-emergency-'));
  const database = await openDatabase({ dataDir });
  await migrate(database);
  const s = await seed(database);
  await database.close();
  const api = await startApi({ DATA_DIR: dataDir, DATABASE_URL: '' }, 3921);
  try {
    await run('embedded, 1 process', [api], s);
  } finally {
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// PostgreSQL and Redis, two processes.
if (process.env.DATABASE_URL) {
  const name = 'gatehouse_bench_emergency';
  const admin = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  await migrate(database);
  const s = await seed(database);
  await database.close();
  const env = { DATABASE_URL: url.toString(), REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
  const dirs = [mkdtempSync(join(tmpdir(), 'gh-bench-emg-a-')), mkdtempSync(join(tmpdir(), 'gh-bench-emg-b-'))];
  const apis = [await startApi({ ...env, DATA_DIR: dirs[0] }, 3922), await startApi({ ...env, DATA_DIR: dirs[1] }, 3923)];
  try {
    await run('PostgreSQL + Redis, 2 processes', apis, s);
  } finally {
    for (const a of apis) await a.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log('emergency-live: the PostgreSQL + Redis run is skipped (set DATABASE_URL)');
}
process.exit(0);
