/**
 * The kiosk app's own sign-in on the embedded PGlite (issue 20, Performance): 200,000 scans and 20,000 people, 100
 * kiosks signing people in with `POST /api/kiosk-app/scan` (QR codes of expected visits, RFID cards), the same
 * figures as bench/kiosk-pg.ts, with the API as its own process on the same data directory.
 *
 *   node --import tsx bench/kiosk-pglite.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { migrate } from '../apps/api/src/platform/db/migrate';
import { measureKiosk, writeItems } from './lib/kiosk-bench';
import { seedKiosks } from './lib/kiosk-seed';
import { log, seed, startApi } from './lib/signin';

const people = Number(process.env.BENCH_PEOPLE ?? 20_000);
const scanCount = Number(process.env.BENCH_SCANS ?? 200_000);
const dataDir = mkdtempSync(join(tmpdir(), 'gh-bench-kiosk-pglite-'));
const database = await openDatabase({ dataDir });
await migrate(database);
const t0 = Date.now();
const seeded = await seed(database, { people, scans: scanCount });
await seedKiosks(database, seeded.entityId);
log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
const items = await writeItems(database, seeded.entityId, dataDir);
await database.close();

const api = await startApi({ DATA_DIR: dataDir, DATABASE_URL: '' }, 3904);
try {
  const { results, peakRssMb } = await measureKiosk(api, seeded, items, { seconds: 15, concurrency: 8, openRate: 150, openRuns: 10, openSeconds: 6 });
  console.log(JSON.stringify({ database: 'pglite', people, scans: scanCount, peakRssMb, results }));
} finally {
  await api.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
