/**
 * Sign-in benchmark on the embedded PGlite: 200,000 scans (and 20,000 people), then the same figures as the
 * PostgreSQL run, with the API as its own process on the same data directory.
 *
 *   node --import tsx bench/signin-pglite.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { migrate } from '../apps/api/src/platform/db/migrate';
import { log, measure, seed, startApi } from './lib/signin';

const people = Number(process.env.BENCH_PEOPLE ?? 20_000);
const scanCount = Number(process.env.BENCH_SCANS ?? 200_000);
const dataDir = mkdtempSync(join(tmpdir(), 'gh-bench-pglite-'));
const database = await openDatabase({ dataDir });
await migrate(database);
const t0 = Date.now();
const seeded = await seed(database, { people, scans: scanCount });
log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
await database.close();

const api = await startApi({ DATA_DIR: dataDir, DATABASE_URL: '' }, 3902);
try {
  const { results, peakRssMb } = await measure(api, seeded, { signinSeconds: 15, concurrency: 8, openRate: 150 });
  console.log(JSON.stringify({ database: 'pglite', people, scans: scanCount, peakRssMb, results }));
} finally {
  await api.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
