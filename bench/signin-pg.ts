/**
 * Sign-in benchmark on PostgreSQL: 50,000 people and 2,000,000 scans, then kiosk sign-ins under load from a
 * second process, the logbook's first page and an area+date page, the daily counts, next to a trivial
 * authenticated call, and the API's peak RSS. Uses DATABASE_URL's server; creates (and drops) its own database.
 *
 *   DATABASE_URL=postgresql://root@localhost/postgres?host=/var/run/postgresql node --import tsx bench/signin-pg.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { migrate } from '../apps/api/src/platform/db/migrate';
import { benchDatabase } from './lib/bench-database';
import { log, measure, reuseSeed, seed, startApi } from './lib/signin';

const name = 'gatehouse_bench_signin';
const { admin, url, reuse } = await benchDatabase('signin-pg', name);
const people = Number(process.env.BENCH_PEOPLE ?? 50_000);
const scanCount = Number(process.env.BENCH_SCANS ?? 2_000_000);
const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
await migrate(database);
const t0 = Date.now();
const seeded = reuse ? await reuseSeed(database) : await seed(database, { people, scans: scanCount });
log(reuse ? 'reusing the seeded database' : `seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
await database.close();
if (process.env.BENCH_SEED_ONLY) {
  console.log(`seeded ${url.toString()}`);
  await admin.end();
  process.exit(0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'gh-bench-'));
const api = await startApi({ DATABASE_URL: url.toString(), DATA_DIR: dataDir }, 3901);
try {
  const { results, peakRssMb } = await measure(api, seeded, { signinSeconds: 15, concurrency: 32, openRate: 500 });
  console.log(JSON.stringify({ database: 'postgresql', people, scans: scanCount, peakRssMb, results }));
} finally {
  await api.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (!process.env.BENCH_KEEP && !process.env.BENCH_REUSE) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
