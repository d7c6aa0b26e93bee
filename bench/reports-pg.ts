/**
 * Issue 18's report, export and purge targets on PostgreSQL (and, with BENCH_PGLITE=1 and no DATABASE_URL,
 * the embedded database with 200,000 scans): 50,000 people and 2,000,000 scans over a year (bench/lib seed),
 * the built API in its own process, the calls the console sends.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- reports-pg
 * Prints each figure: visit summary of a year (p50/p95 of 10), a timesheet month of 1,000 people, track and trace
 * of 14 days (p95 of 20), a CSV and an XLSX export of the logbook (rows, seconds, API RSS growth), and a purge of
 * expired scans (scans, seconds) with the latency of a trivial call and of the logbook while it runs.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { migrate } from '../apps/api/src/platform/db/migrate';
import { benchDatabase } from './lib/bench-database';
import { percentile } from './lib/load';
import { log, seed, startApi } from './lib/signin';

const name = 'gatehouse_bench_reports';
// BENCH_PGLITE=1 without DATABASE_URL: the embedded database in a fresh data directory, 200,000 scans.
const embedded = !!process.env.BENCH_PGLITE && !process.env.DATABASE_URL;
const { admin, url, reuse } = embedded ? { admin: null, url: null, reuse: false } : await benchDatabase('reports-pg', name);
const people = Number(process.env.BENCH_PEOPLE ?? (embedded ? 20_000 : 50_000));
const scanCount = Number(process.env.BENCH_SCANS ?? (embedded ? 200_000 : 2_000_000));
const dataDir = mkdtempSync(join(tmpdir(), 'gh-bench-reports-'));
const database = await openDatabase(url ? { databaseUrl: url.toString(), poolSize: 4 } : { dataDir });
const tMigrate = Date.now();
await migrate(database);
log(`migrated in ${((Date.now() - tMigrate) / 1000).toFixed(1)} s`);
// A settled database, as the seed leaves the scans: the kept counts a migration just filled get their visibility map.
await database.sql.exec('vacuum analyze scan_day_counts');
await database.sql.exec('vacuum analyze scan_day_people');
const t0 = Date.now();
let entityId: number;
if (reuse) {
  entityId = Number((await database.sql.query<{ id: number }>('select max(id) as id from entities')).rows[0].id);
} else {
  entityId = (await seed(database, { people, scans: scanCount })).entityId;
  log(`seeded ${people} people and ${scanCount} scans in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
if (process.env.BENCH_SEED_ONLY) {
  // BENCH_SEED_ONLY=1 seeds and stops (the database stays for BENCH_REUSE=1 runs).
  await database.close();
  await admin?.end();
  process.exit(0);
}
const one = async <T>(text: string, values: unknown[]) => (await database.sql.query<T>(text, values)).rows;
// The owner signs in as the console does.
const [{ email }] = await one<{ email: string }>(`select a.email from entities e join users u on u.id = e.owner_id join accounts a on a.id = u.account_id where e.id = $1`, [entityId]);
// What the calls below need, read before the API opens the database (the embedded one has a single user).
const ids = (await one<{ id: number }>(`select id from users where entity_id = $1 and email like 'person%' order by random() limit 20`, [entityId])).map((r) => r.id);
// Purge: the Pupil type keeps scans 120 days, so about 1/3 of 2/3 of a year of scans expire (~450,000).
const [{ id: pupil }] = await one<{ id: number }>(`select id from user_types where entity_id = $1 and name = 'Pupil'`, [entityId]);
const [{ n: expired }] = await one<{ n: number }>(
  `select count(*)::int n from scans s join users u on u.id = s.user_id where s.entity_id = $1 and u.user_type_id = $2 and s.at < now() - interval '120 days'`,
  [entityId, pupil],
);
await database.close();

const api = await startApi({ DATABASE_URL: url?.toString() ?? '', DATA_DIR: dataDir }, 3911);
const rssMb = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${api.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
const login: any = await (await fetch(`${api.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-password' }) })).json();
const token = login.data.token as string;
const call = async (method: string, path: string, body?: unknown) => {
  const t = performance.now();
  const res = await fetch(`${api.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  const json: any = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return { ms: performance.now() - t, json };
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: Math.round(percentile(s, 50)), p95: Math.round(percentile(s, 95)), max: Math.round(s.at(-1) ?? 0) };
};
const figures: Record<string, unknown> = { people, scans: scanCount };

try {
  // A call that fails (a 503 when the statement timeout stops it) is recorded with its time, and the run goes on.
  const timed = async (label: string, target: string, n: number, path: (i: number) => string) => {
    const ms: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      try {
        ms.push((await call('GET', path(i))).ms);
      } catch (err) {
        figures[label] = { failed: (err as Error).message.slice(0, 160), after_ms: Math.round(performance.now() - t) };
        log(`${label}: ${JSON.stringify(figures[label])} (target ${target})`);
        return;
      }
    }
    figures[label] = stats(ms);
    log(`${label}: ${JSON.stringify(figures[label])} (target ${target})`);
  };
  await timed('visit_summary_year_ms', 'p95 < 500', 10, () => `/api/visit_summary/${entityId}?start=${day(-364)}&end=${day(0)}`);
  await timed('timesheet_month_1000_people_ms', '< 1000', 5, (i) => `/api/time_sheet/${entityId}?start=${day(-30)}&end=${day(0)}&limit=1000&page=${1 + (i % 3)}`);

  await timed('track_trace_14_days_ms', 'p95 < 200', ids.length, (i) => `/api/track_and_trace/${entityId}?user_id=${ids[i]}&date=${day(-13)}&end_date=${day(0)}`);

  // Half the year of the logbook: about 1,000,000 scans.
  for (const format of ['csv', 'xlsx'] as const) {
    const before = rssMb();
    let peak = before;
    const t = performance.now();
    const asked = await call('POST', '/api/export', { report: 'logbook', format, params: { filterBy: { start_date: day(-182), end_date: day(0) } } });
    let status = asked.json.data;
    while (!['ready', 'failed'].includes(status.status)) {
      await new Promise((r) => setTimeout(r, 250));
      peak = Math.max(peak, rssMb());
      status = (await call('GET', `/api/export_job?id=${asked.json.data.id}`)).json.data[0];
    }
    const seconds = (performance.now() - t) / 1000;
    figures[`export_${format}`] = { status: status.status, rows: status.rows, seconds: Number(seconds.toFixed(1)), size_mb: Math.round((status.size ?? 0) / 1e6), rss_before_mb: before, rss_peak_mb: peak, rss_growth_mb: peak - before };
    log(`export ${format}: ${JSON.stringify(figures[`export_${format}`])} (target csv < 30 s, xlsx < 90 s, growth < 150 MB)`);
  }

  await call('POST', '/api/user-type_privacy_manager', { user_type_id: pupil, data_retention_days: 36_500, scans_retention_days: 120, confirm: 1 });
  const base: number[] = [];
  for (let i = 0; i < 30; i++) base.push((await call('GET', `/api/visit_list/${entityId}?limit=10`)).ms);
  const t = performance.now();
  const run = await call('POST', '/api/delete_now_privacy_manager', { type: 'scan', name: 'Pupil', user_type_id: pupil, password: 'bench-password' });
  const during: number[] = [];
  let done = false;
  while (!done) {
    during.push((await call('GET', `/api/visit_list/${entityId}?limit=10`)).ms);
    const runs = (await call('GET', `/api/cron_jobs/${entityId}?limit=5`)).json.data as { id: number; status: string; counts: Record<string, number> }[];
    const mine = runs.find((r) => r.id === run.json.data.id);
    done = !mine || mine.status === 'done' || mine.status === 'failed';
    if (done) figures.purge = { expired_scans: expired, counts: mine?.counts, status: mine?.status, seconds: Number(((performance.now() - t) / 1000).toFixed(1)) };
  }
  figures.logbook_before_purge_ms = stats(base);
  figures.logbook_during_purge_ms = stats(during);
  log(`purge: ${JSON.stringify(figures.purge)} (target < 60 s); logbook before ${JSON.stringify(figures.logbook_before_purge_ms)}, during ${JSON.stringify(figures.logbook_during_purge_ms)}`);
  console.log(JSON.stringify({ database: embedded ? 'pglite' : 'postgresql', ...figures }));
} finally {
  await api.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (admin && !process.env.BENCH_KEEP) await admin.query(`drop database if exists ${name} with (force)`);
  await admin?.end();
}
