/** Shared steps of the sign-in benchmarks: seed an organisation, start the API as its own process, run load. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createEntity } from '../../apps/api/src/modules/entity/create-entity';
import { registerAccount } from '../../apps/api/src/modules/auth/register-account';
import { issueSession } from '../../apps/api/src/platform/auth/sessions';
import { hashPassword } from '../../apps/api/src/platform/auth/passwords';
import type { Database } from '../../apps/api/src/platform/db/client';
import type { LoadResult } from './load';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
export { log };

export interface Seeded {
  entityId: number;
  token: string;
  areaId: number;
  users: [number, number];
}

/** An organisation with 10 sites of 5 areas, 3 user types, `people` users following a mode, and `scans` scans over a year. */
export async function seed(database: Database, opts: { people: number; scans: number }): Promise<Seeded> {
  const { db, sql } = database;
  const account = (await registerAccount(db, { email: `bench-${Date.now()}@bench.test`, firstName: 'Bench', lastName: 'Admin', passwordHash: await hashPassword('bench-password') }))!;
  const created = (await createEntity(db, { accountId: account.id, name: 'Bench School', subdomain: `bench${Date.now()}`, plan: 3, package: 'Cloud' }))!;
  const e = created.entity.id;
  const { token } = await issueSession(db, account.id, e);
  const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await sql.query<T>(text, values)).rows;
  const siteIds = (await q<{ id: number }>(`insert into sites (entity_id, name, timezone) select $1, 'Site ' || g, 'Europe/London' from generate_series(1, 10) g returning id`, [e])).map((r) => r.id);
  const areaIds = (
    await q<{ id: number }>(`insert into areas (entity_id, site_id, name, auto_sign_out_mode) select $1, s, 'Area ' || s || '-' || g, 'none' from unnest($2::int[]) s, generate_series(1, 5) g returning id`, [e, siteIds])
  ).map((r) => r.id);
  const typeIds = (await q<{ id: number }>(`insert into user_types (entity_id, name) values ($1, 'Staff'), ($1, 'Pupil'), ($1, 'Visitor') returning id`, [e])).map((r) => r.id);
  log(`seeding ${opts.people} people`);
  await q(
    `insert into users (entity_id, first_name, last_name, email, user_type_id)
     select $1, 'First' || g, 'Last' || g, 'person' || g || '@bench.test', ($2::int[])[1 + g % 3] from generate_series(1, $3::int) g`,
    [e, typeIds, opts.people],
  );
  const [range] = await q<{ lo: number; hi: number }>(`select min(id) lo, max(id) hi from users where entity_id = $1 and email like 'person%'`, [e]);
  const [mode] = await q<{ id: number }>(
    `insert into attendance_modes (entity_id, name, schedule_days, from_time, to_time, late_sign_in_grace, early_sign_out_grace) values ($1, 'Staff day', '[1,2,3,4,5]', '08:00:00', '16:00:00', 10, 10) returning id`,
    [e],
  );
  await q(`insert into user_attendance_modes (entity_id, user_id, attendance_mode_id) select $1, id, $2 from users where entity_id = $1 and email like 'person%'`, [e, mode.id]);
  log(`seeding ${opts.scans} scans`);
  // Bulk load: build the scan indexes once at the end rather than row by row.
  const indexes = await q<{ indexname: string; indexdef: string }>(`select indexname, indexdef from pg_indexes where tablename = 'scans' and indexname <> 'scans_pkey'`);
  for (const i of indexes) await sql.exec(`drop index if exists "${i.indexname}"`);
  const chunk = 500_000;
  for (let start = 1; start <= opts.scans; start += chunk) {
    const end = Math.min(opts.scans, start + chunk - 1);
    await q(
      `insert into scans (entity_id, user_id, area_id, direction, method, at, created_at)
       select $1, $2::int + ((g::bigint * 7919) % ($3::int - $2::int + 1))::int, ($4::int[])[1 + g % 50], case when g % 2 = 0 then 'in' else 'out' end,
              (array['qr','rfid','name','console'])[1 + g % 4], now() - (($5::int - g)::float / $5::int) * interval '365 days', now()
       from generate_series($6::int, $7::int) g`,
      [e, range.lo, range.hi, areaIds, opts.scans, start, end],
    );
  }
  for (const i of indexes) await sql.exec(i.indexdef);
  await sql.exec('vacuum analyze scans');
  await sql.exec('analyze');
  return { entityId: e, token, areaId: areaIds[0], users: [Number(range.lo), Number(range.hi)] };
}

/** The organisation a previous run seeded (the newest), with a fresh session for its owner. */
export async function reuseSeed(database: Database): Promise<Seeded> {
  const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await database.sql.query<T>(text, values)).rows;
  const [org] = await q<{ id: number; account_id: number }>(`select e.id, u.account_id from entities e join users u on u.id = e.owner_id order by e.id desc limit 1`);
  const [area] = await q<{ id: number }>(`select min(id) id from areas where entity_id = $1`, [org.id]);
  const [range] = await q<{ lo: number; hi: number }>(`select min(id) lo, max(id) hi from users where entity_id = $1 and email like 'person%'`, [org.id]);
  const { token } = await issueSession(database.db, org.account_id, org.id);
  return { entityId: org.id, token, areaId: area.id, users: [Number(range.lo), Number(range.hi)] };
}

export interface Api {
  child: ChildProcess;
  url: string;
  /** The PostgreSQL database it uses (absent on PGlite, where the database runs inside the API process). */
  database?: string;
  peakRssMb(): number;
  stop(): Promise<void>;
}

/** Starts the API (apps/api/src/main.ts) as its own process and waits until it serves. */
export async function startApi(env: Record<string, string>, port: number): Promise<Api> {
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the API process there (open it in Chrome's DevTools).
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_DATA: '0', SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('API did not start in 120 s')), 120_000);
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('Gatehouse is serving')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`API exited with ${code}`)));
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    database: env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : undefined,
    peakRssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}


/** CPU time (ms) a process has used: user + system, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU time (ms) of the PostgreSQL server processes serving `database` (the database side of a run). */
function postgresCpuMs(database: string): number {
  let total = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/cmdline`, 'utf8').startsWith(`postgres: `) && readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(` ${database} `)) total += cpuMs(Number(d));
    } catch {
      /* gone */
    }
  }
  return total;
}

/**
 * CPU milliseconds per request spent by the API process and by PostgreSQL during `run`: a figure that holds on
 * a busy machine, where throughput and latency do not (other processes take the cores).
 */
export async function withCpu(api: Api, run: () => Promise<LoadResult>): Promise<LoadResult & { apiCpuMs: number; dbCpuMs: number }> {
  const pid = api.child.pid!;
  const a0 = cpuMs(pid);
  const database = api.database ?? '';
  const d0 = database ? postgresCpuMs(database) : 0;
  const r = await run();
  const n = Math.max(1, r.requests);
  return { ...r, apiCpuMs: +((cpuMs(pid) - a0) / n).toFixed(3), dbCpuMs: database ? +((postgresCpuMs(database) - d0) / n).toFixed(3) : 0 };
}

/** Runs bench/lib/load-process.ts in a second process and answers its figures. */
export function load(spec: Record<string, unknown>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/load-process.ts', JSON.stringify(spec)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!)) : reject(new Error(`load exited with ${code}`))));
  });
}

export const fmt = (r: LoadResult & { apiCpuMs?: number; dbCpuMs?: number }) =>
  `${r.rps} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms (${r.requests - r.errors}/${r.requests} ok)` +
  (r.apiCpuMs !== undefined ? `; CPU per request: API ${r.apiCpuMs} ms, PostgreSQL ${r.dbCpuMs} ms` : '');

/** The figures every run prints: trivial call, sign-in throughput, logbook pages, daily counts. */
export async function measure(api: Api, s: Seeded, opts: { signinSeconds: number; concurrency: number }) {
  const base = { token: s.token };
  const trivial = { ...base, url: `${api.url}/api/input_method` };
  const results: Record<string, LoadResult> = {};
  results.trivial_load = await withCpu(api, () => load({ ...trivial, concurrency: opts.concurrency, seconds: 5, warmup: 50 }));
  log(`trivial authenticated call under load: ${fmt(results.trivial_load)}`);
  const signin = {
    ...base,
    url: `${api.url}/api/kiosk/scan`,
    method: 'POST',
    users: s.users,
    body: JSON.stringify({ area_id: s.areaId, user_id: '{{user}}', idempotency_key: 'bench-{{run}}-{{n}}', input_method: 'qr' }).replace('"{{user}}"', '{{user}}'),
  };
  results.signin = await withCpu(api, () => load({ ...signin, concurrency: opts.concurrency, seconds: opts.signinSeconds, warmup: 50 }));
  log(`kiosk sign-in: ${fmt(results.signin)}`);
  results.trivial = await load({ ...trivial, concurrency: 1, requests: 300, warmup: 30 });
  log(`trivial authenticated call, one at a time: ${fmt(results.trivial)}`);
  results.logbook = await load({ ...base, url: `${api.url}/api/visit_list/${s.entityId}?limit=10&page=1`, concurrency: 1, requests: 300, warmup: 30 });
  log(`logbook first page: ${fmt(results.logbook)}`);
  const end = new Date().toISOString().slice(0, 10);
  const start = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const filter = encodeURIComponent(JSON.stringify({ area_id: s.areaId, start_date: start, end_date: end }));
  results.logbook_area_date = await load({ ...base, url: `${api.url}/api/visit_list/${s.entityId}?limit=10&page=2&filterBy=${filter}`, concurrency: 1, requests: 300, warmup: 30 });
  log(`logbook page filtered by area and last 7 days: ${fmt(results.logbook_area_date)}`);
  results.daily = await load({ ...base, url: `${api.url}/api/dashboard/${s.entityId}`, concurrency: 1, requests: 300, warmup: 30 });
  log(`daily counts (7 days): ${fmt(results.daily)}`);
  const rss = api.peakRssMb();
  log(`API process peak RSS: ${rss} MB`);
  return { results, peakRssMb: rss };
}
