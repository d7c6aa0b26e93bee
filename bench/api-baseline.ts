// The round trip of a trivial authenticated call (GET /api/user_details) and of login, on the embedded database
// (and on PostgreSQL when DATABASE_URL is set). Other benchmarks report their figures next to this baseline.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createServices } from '../apps/api/src/platform/boot';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { migrate } from '../apps/api/src/platform/db/migrate';
import { seedOnFirstStart } from '../apps/api/src/modules/demo';
import { load } from './lib/load';

const dir = mkdtempSync(join(tmpdir(), 'gh-bench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dir, DEMO_DATA: '1', ADMIN_EMAIL: 'bench@gatehouse.local', ADMIN_PASSWORD: 'bench-password-1', LOG_LEVEL: 'silent', PORT: '0' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: dir });
await migrate(database);
const services = createServices(config, database);
await seedOnFirstStart(services, () => undefined);
const app = await buildApp({ services });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@gatehouse.local', password: 'bench-password-1' }) }).then((r) => r.json() as Promise<{ data: { token: string } }>);
const token = login.data.token as string;

await load({ url: `${base}/api/user_details`, headers: { authorization: `Bearer ${token}` }, concurrency: 4, total: 300 }); // warm-up
const trivial = await load({ url: `${base}/api/user_details`, headers: { authorization: `Bearer ${token}` }, concurrency: 10, total: 3000, maxSeconds: 30 });
const health = await load({ url: `${base}/api/health`, concurrency: 10, total: 3000, maxSeconds: 30 });

console.log(`database: ${database.kind}`);
console.log('GET /api/health (no auth)         ', JSON.stringify(health));
console.log('GET /api/user_details (bearer)    ', JSON.stringify(trivial));
console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
