/** Shared steps of the sign-in benchmarks: seed an organisation, start the API as its own process, run load. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createEntity } from '../../apps/api/src/modules/entity';
import { registerAccount } from '../../apps/api/src/modules/auth';
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

/**
 * An organisation with 10 sites of 5 areas, 3 user types, `people` users following a mode, and `scans` scans over
 * a year: `scans / 2` closed visits, each signed in and out.
 */
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
  // A year of history as a school has it: each visit signed in and out (two scans), all closed, so every person
  // has past visits the sign-in's lookup must skip.
  const visitCount = Math.floor(opts.scans / 2);
  log(`seeding ${visitCount} visits and ${opts.scans} scans`);
  const places = await q<{ id: number; site_id: number }>(`select id, site_id from areas where entity_id = $1 order by id`, [e]);
  // Bulk load: build the indexes once at the end rather than row by row.
  const indexes = await q<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename in ('scans', 'visits') and indexname not in ('scans_pkey', 'visits_pkey')`,
  );
  for (const i of indexes) await sql.exec(`drop index if exists "${i.indexname}"`);
  // Visit k: person and area from k; scans 2k-1 (in) and 2k (out) at times spread evenly over the year.
  const person = `$2::int + ((k::bigint * 7919) % ($3::int - $2::int + 1))::int`;
  const when = (g: string) => `now() - (($5::int - (${g}))::float / $5::int) * interval '365 days'`;
  const chunk = 250_000;
  for (let start = 1; start <= visitCount; start += chunk) {
    const end = Math.min(visitCount, start + chunk - 1);
    await q(
      `insert into visits (entity_id, user_id, site_id, area_id, status, signed_in_at, signed_out_at, sign_in_method, attendance_mode_id, created_at, updated_at)
       select $1, ${person}, ($6::int[])[1 + k % 50], ($4::int[])[1 + k % 50], 'signed_out', ${when('2 * k - 1')}, ${when('2 * k')}, 'bench_seed', $9, ${when('2 * k - 1')}, ${when('2 * k')}
       from generate_series($7::int, $8::int) k`,
      [e, range.lo, range.hi, places.map((p) => p.id), opts.scans, places.map((p) => p.site_id), start, end, mode.id],
    );
  }
  const [{ base }] = await q<{ base: number }>(`select min(id) - 1 as base from visits where entity_id = $1 and sign_in_method = 'bench_seed'`, [e]);
  for (let start = 1; start <= visitCount * 2; start += chunk * 2) {
    const end = Math.min(visitCount * 2, start + chunk * 2 - 1);
    await q(
      `insert into scans (entity_id, visit_id, user_id, area_id, direction, method, at, created_at)
       select $1, $6::int + k, ${person}, ($4::int[])[1 + k % 50], case when g % 2 = 1 then 'in' else 'out' end,
              (array['qr','rfid','name','console'])[1 + k % 4], ${when('g')}, now()
       from generate_series($7::int, $8::int) g, lateral (select (g + 1) / 2 as k) v`,
      [e, range.lo, range.hi, places.map((p) => p.id), opts.scans, Number(base), start, end],
    );
  }
  for (const i of indexes) await sql.exec(i.indexdef);
  // The seeded people's similar names are taken as compared: the background comparison of 50,000 new names (about
  // 16 minutes on PostgreSQL, docs/decisions.md) is not what the sign-in and report benchmarks measure.
  await sql.exec('delete from duplicate_name_queue');
  await sql.exec('vacuum analyze visits');
  await sql.exec('vacuum analyze scans');
  await sql.exec('analyze');
  // The bulk load's WAL is written out now rather than by the checkpoint the server would otherwise start in the
  // middle of the load test: a settled database, as a school's is at 8:40.
  await sql.exec('checkpoint');
  return { entityId: e, token, areaId: areaIds[0], users: [Number(range.lo), Number(range.hi)] };
}

/** The organisation a previous run seeded (the newest), with a fresh session for its owner. */
export async function reuseSeed(database: Database): Promise<Seeded> {
  const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await database.sql.query<T>(text, values)).rows;
  const [org] = await q<{ id: number; account_id: number }>(`select e.id, u.account_id from entities e join users u on u.id = e.owner_id order by e.id desc limit 1`);
  const [area] = await q<{ id: number }>(`select min(id) id from areas where entity_id = $1`, [org.id]);
  const [range] = await q<{ lo: number; hi: number }>(`select min(id) lo, max(id) hi from users where entity_id = $1 and email like 'person%'`, [org.id]);
  // Every run starts from the seeded state: the visits earlier runs made (and their scans) go, so each run signs
  // the same people in rather than alternating sign-ins and sign-outs from one run to the next.
  await q(`delete from visits where entity_id = $1 and sign_in_method is distinct from 'bench_seed'`, [org.id]);
  // and every scan a run recorded (its idempotency key says so), even one whose visit went another way.
  await q(`delete from scans where entity_id = $1 and idempotency_key like 'bench-%'`, [org.id]);
  // A seed made before migration 0025 has every person queued by its backfill: taken as compared, as above.
  await q('delete from duplicate_name_queue');
  await database.sql.exec('vacuum analyze visits');
  await database.sql.exec('vacuum analyze scans');
  await database.sql.exec('checkpoint');
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

/**
 * Builds the server (scripts/build-api.mjs) and starts it as its own process, as `npm start` does, then waits
 * until it serves: the benchmark measures what ships.
 */
export async function startApi(env: Record<string, string>, port: number): Promise<Api> {
  // BENCH_API_ROOT=<checkout> runs that checkout's server instead (a before/after comparison on the same database).
  const cwd = process.env.BENCH_API_ROOT ?? ROOT;
  const built = spawnSync(process.execPath, ['scripts/build-api.mjs'], { cwd, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the server did not build');
  const flags = ['--enable-source-maps'];
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the API process there (open it in Chrome's DevTools).
  if (process.env.BENCH_CPU_PROF) flags.push('--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`);
  // BENCH_API_FLAGS='--trace-gc …' passes more Node/V8 flags (BENCH_API_LOG=<file> keeps what the server prints).
  flags.push(...(process.env.BENCH_API_FLAGS?.split(' ').filter(Boolean) ?? []));
  const child = spawn(process.execPath, [...flags, 'apps/api/dist/main.mjs'], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_DATA: '0', SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('API did not start in 120 s')), 120_000);
    if (process.env.BENCH_API_LOG) child.stdout!.pipe(createWriteStream(process.env.BENCH_API_LOG));
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

/** CPU time (ms) of each PostgreSQL server process serving `database`, by pid (the database side of a run). */
function postgresCpuByPid(database: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmdline = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (cmdline.startsWith('postgres: ') && cmdline.includes(` ${database} `)) byPid.set(Number(d), cpuMs(Number(d)));
    } catch {
      /* gone */
    }
  }
  return byPid;
}

/**
 * CPU milliseconds per request spent by the API process and by PostgreSQL during `run`: a figure that holds on
 * a busy machine, where throughput and latency do not (other processes take the cores). The server processes
 * are read every 200 ms, so one that ends during the run (the pool closes idle connections) still counts up to
 * its last reading.
 */
export async function withCpu(api: Api, run: () => Promise<LoadResult>): Promise<LoadResult & { apiCpuMs: number; dbCpuMs: number }> {
  const pid = api.child.pid!;
  const a0 = cpuMs(pid);
  const database = api.database ?? '';
  const first = database ? postgresCpuByPid(database) : new Map<number, number>();
  const last = new Map(first);
  const read = () => {
    for (const [p, ms] of postgresCpuByPid(database)) last.set(p, ms);
  };
  const sampler = database ? setInterval(read, 200) : undefined;
  const r = await run();
  clearInterval(sampler);
  if (database) read();
  let db = 0;
  for (const [p, ms] of last) db += ms - (first.get(p) ?? 0);
  const n = Math.max(1, r.requests);
  return { ...r, apiCpuMs: +((cpuMs(pid) - a0) / n).toFixed(3), dbCpuMs: +(db / n).toFixed(3) };
}

/** Runs bench/lib/load-process.ts (or another load script) in a second process and answers its figures. */
export function load(spec: Record<string, unknown>, script = 'bench/lib/load-process.ts'): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(spec)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!)) : reject(new Error(`load exited with ${code}`))));
  });
}

export const fmt = (r: LoadResult & { apiCpuMs?: number; dbCpuMs?: number }) =>
  `${r.offered ? `achieved ${r.rps} of ${r.offered}` : r.rps} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms (${r.requests - r.errors}/${r.requests} ok` +
  (r.unanswered ? `, ${r.unanswered} more unanswered when it stopped waiting` : '') +
  ')' +
  (r.apiCpuMs !== undefined ? `; CPU per request: API ${r.apiCpuMs} ms, PostgreSQL ${r.dbCpuMs} ms` : '');

/**
 * The figures every run prints: trivial call, sign-in throughput (closed loop) and latency at the target rate (open
 * loop, latency from the scheduled send), logbook pages, daily counts, and the API's peak RSS.
 */
export async function measure(api: Api, s: Seeded, opts: { signinSeconds: number; concurrency: number; openRate: number }) {
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
  log(`kiosk sign-in, closed loop (${opts.concurrency} connections): ${fmt(results.signin)}`);
  // The target is a rate sustained: offer it on schedule and see what comes back (other people than the closed
  // loop's, so these are sign-ins too, not sign-outs).
  results.signin_open = await withCpu(api, () => load({ ...signin, concurrency: opts.concurrency, rate: opts.openRate, seconds: opts.signinSeconds, warmup: 50, first: Math.floor((s.users[1] - s.users[0]) / 2) }));
  log(`kiosk sign-in, open loop at ${opts.openRate} req/s offered: ${fmt(results.signin_open)}`);
  results.trivial = await load({ ...trivial, concurrency: 1, requests: 300, warmup: 30 });
  log(`trivial authenticated call, one at a time: ${fmt(results.trivial)}`);
  // The same, signing in: what one sign-in costs beyond a trivial call's round trip, without queueing.
  results.signin_single = await load({ ...signin, concurrency: 1, requests: 500, warmup: 30, first: Math.floor((s.users[1] - s.users[0]) / 4) });
  log(`kiosk sign-in, one at a time: ${fmt(results.signin_single)}`);
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
