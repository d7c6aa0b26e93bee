/**
 * Every statement of one kiosk sign-in and sign-out on the benchmark's PostgreSQL database, as PostgreSQL
 * planned and ran it: auto_explain (ANALYZE, BUFFERS, nested statements, so the foreign-key checks show too)
 * reports each plan to this client. Uses the database `bench/signin-pg.ts` leaves with BENCH_SEED_ONLY=1 or
 * BENCH_KEEP=1 on DATABASE_URL's server (skipped when there is none).
 *
 *   DATABASE_URL=postgresql://root@localhost/postgres?host=/var/run/postgresql node --import tsx bench/explain-signin.ts
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signInOutOnce } from '../apps/api/src/modules/signin';
import { loadConfig } from '../apps/api/src/config';
import { resolveActor, type MemberActor } from '../apps/api/src/platform/auth/actor';
import { createServices } from '../apps/api/src/platform/boot';
import { openExplained } from './lib/explain-database';
import { withTenant } from '../apps/api/src/platform/db/tenant';
import { reuseSeed } from './lib/signin';

const { database, explain } = await openExplained('explain-signin', 'gatehouse_bench_signin', 'bench/signin-pg.ts');
const seeded = await reuseSeed(database);
// The host's mail and the auto sign-out job are queued inside the sign-in (this script starts no queue: no job).
const services = createServices(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'gh-explain-')), LOG_LEVEL: 'silent', SECRET_KEY: 'explain-secret-key-explain-secret-key-0123' }), database);
const actor = (await resolveActor(database.db, seeded.token)) as MemberActor;
const user = seeded.users[0] + 7;
const run = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(database.db, actor.entityId, fn);
for (const round of [1, 2]) {
  for (const action of ['in', 'out'] as const) {
    explain.printing = round === 2;
    const t = performance.now();
    const body = { area_id: seeded.areaId, user_id: user, action, idempotency_key: `explain-${Date.now()}-${action}`, input_method: 'qr' as const };
    const r = await signInOutOnce(run, { outbox: services, actor, body, method: 'qr' });
    if (explain.printing) console.log(`=== sign-${action}: scan ${r.scan.id} in ${(performance.now() - t).toFixed(1)} ms (plans above) ===\n`);
  }
}
await database.close();
