/**
 * The kiosk app's own sign-in on PostgreSQL (issue 20, Performance): 50,000 people and 2,000,000 scans, 100 paired
 * kiosks signing people in with `POST /api/kiosk-app/scan` (device tokens, QR codes of expected visits, RFID cards),
 * from a second process, next to the same run's trivial call. Uses DATABASE_URL's server; creates its own database.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/kiosk-pg.ts
 *   BENCH_SEED_ONLY=1 seeds and stops; BENCH_REUSE=1 measures again on what a seed left (reset to its seeded state).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { migrate } from '../apps/api/src/platform/db/migrate';
import { benchDatabase } from './lib/bench-database';
import { measureKiosk, writeItems } from './lib/kiosk-bench';
import { resetKiosks, seedKiosks } from './lib/kiosk-seed';
import { log, reuseSeed, seed, startApi } from './lib/signin';

const name = 'gatehouse_bench_kiosk';
const { admin, url, reuse } = await benchDatabase('kiosk-pg', name);
const people = Number(process.env.BENCH_PEOPLE ?? 50_000);
const scanCount = Number(process.env.BENCH_SCANS ?? 2_000_000);
const dir = mkdtempSync(join(tmpdir(), 'gh-bench-kiosk-'));
const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
await migrate(database);
const t0 = Date.now();
let seeded;
if (reuse) {
  seeded = await reuseSeed(database);
  await resetKiosks(database, seeded.entityId);
  log('reusing the seeded database');
} else {
  seeded = await seed(database, { people, scans: scanCount });
  await seedKiosks(database, seeded.entityId);
  log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
const items = await writeItems(database, seeded.entityId, dir);
await database.sql.exec('checkpoint');
await database.close();
if (process.env.BENCH_SEED_ONLY) {
  console.log(`seeded ${url.toString()}`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

const api = await startApi({ DATABASE_URL: url.toString(), DATA_DIR: dir }, 3903);
try {
  const { results, peakRssMb } = await measureKiosk(api, seeded, items, { seconds: 15, concurrency: 32, openRate: 500, openRuns: 10, openSeconds: 6 });
  console.log(JSON.stringify({ database: 'postgresql', people, scans: scanCount, peakRssMb, results }));
} finally {
  await api.stop();
  rmSync(dir, { recursive: true, force: true });
  if (!process.env.BENCH_KEEP && !process.env.BENCH_REUSE) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
