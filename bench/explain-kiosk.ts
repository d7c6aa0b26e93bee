/**
 * The kiosk's own sign-in (`POST /api/kiosk-app/scan`'s use case) one at a time on the kiosk benchmark's database,
 * in process (no HTTP): the time of the identify (the sign-in's one load statement, read only) and of the scan
 * itself, and the load statement's plan (auto_explain with ANALYZE, for one QR code and one RFID card). Uses the
 * database `bench/kiosk-pg.ts` leaves with BENCH_SEED_ONLY=1 (skipped when there is none).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/explain-kiosk.ts
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../apps/api/src/config';
import { resolveDevice } from '../apps/api/src/platform/auth/device-caller';
import { createServices } from '../apps/api/src/platform/boot';
import { openExplained } from './lib/explain-database';
import { withTenant } from '../apps/api/src/platform/db/tenant';
import { identify, scanAtKiosk } from '../apps/api/src/modules/kiosk-app/testing';
import { kioskItems } from './lib/kiosk-seed';

const { database, explain } = await openExplained('explain-kiosk', 'gatehouse_bench_kiosk', 'bench/kiosk-pg.ts');
const [org] = (await database.sql.query<{ id: number }>(`select e.id from entities e order by e.id desc limit 1`)).rows;
const { tokens, items } = await kioskItems(database, org.id);
const services = createServices(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'gh-explain-kiosk-')), LOG_LEVEL: 'silent', SECRET_KEY: 'explain-secret-key-explain-secret-key-0123' }), database);
const ms = (a: number[]) => {
  const s = [...a].sort((x, y) => x - y);
  return `p50 ${s[Math.floor(s.length / 2)].toFixed(2)} ms, p95 ${s[Math.floor(s.length * 0.95)].toFixed(2)} ms`;
};
const picked = items.slice(-400);
const idTimes: number[] = [];
const scanTimes: number[] = [];
for (const [n, item] of picked.entries()) {
  const k = (await resolveDevice(database.db, tokens[item.k]))!;
  const body = { ...item.body, idempotency_key: `bench-explain-${Date.now()}-${n}` } as never;
  explain.printing = n === 0 || n === 1;
  if (explain.printing) console.log(`=== identify of ${JSON.stringify(item.body).slice(0, 60)}: plans below ===`);
  let t = performance.now();
  await withTenant(database.db, k.entity.id, (tx) => identify(tx, k, k.area!.id, body));
  idTimes.push(performance.now() - t);
  explain.printing = false;
  t = performance.now();
  await scanAtKiosk(services, k, k.area!.id, { ...(body as object), action: 'toggle' } as never);
  scanTimes.push(performance.now() - t);
}
console.log(`identify (one load statement), one at a time: ${ms(idTimes)} over ${idTimes.length}`);
console.log(`scan (load, write, jobs, commit), one at a time: ${ms(scanTimes)} over ${scanTimes.length}`);
await database.close();
