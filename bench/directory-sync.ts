/**
 * Benchmark: the first sync of a large directory from its local fake (issue 19 "Performance"): authenticate, map,
 * first sync into the temporary lists, then the migration into people, through the API and the sync job.
 * `DIRECTORY=paxton|google|azure USERS=20000 node --import tsx bench/directory-sync.ts` (PGlite) or with DATABASE_URL
 * (PostgreSQL). Targets: under 60 s, the API's resident memory growing by less than 150 MB (Net2's one array).
 * `MODE=incremental DIRECTORY=azure|wonde USERS=20000`: 100 changes among them synced by Graph's delta link or
 * Wonde's updated_after (target < 3 s); with Wonde, then 5,000 marks written back under the fake's rate limit
 * (target < 30 s). Every run prints its figures.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createOrg } from '../apps/api/test/factories';
import { fixtures } from '../apps/api/src/modules/signin/testing';
import { incrementalBench } from './lib/directory-incremental';
import { benchApp } from './people-setup';

process.env.INTEGRATIONS_ALLOW_LOCAL = '1'; // the fakes listen on loopback
const N = Number(process.env.USERS ?? 20_000);
const TYPE = (process.env.DIRECTORY ?? 'paxton') as 'paxton' | 'google' | 'azure';

if (process.env.MODE === 'incremental') {
  const app = await benchApp();
  await app.services.jobs.start();
  try {
    await incrementalBench(app, process.env.DIRECTORY === 'azure' ? 'azure' : 'wonde', N);
  } finally {
    await app.close();
  }
  process.exit(0);
}

const h = await benchApp();
await h.services.jobs.start();
// The fake in its own process: the memory measured is the API's.
const child = spawn(process.execPath, ['--import', 'tsx', new URL('./lib/directory-fake.ts', import.meta.url).pathname], { env: { ...process.env, DIRECTORY: TYPE, USERS: String(N) }, stdio: ['ignore', 'pipe', 'inherit'] });
const config = JSON.parse(await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve))) as Record<string, unknown>;
const mb = () => process.memoryUsage().rss / 1024 / 1024;
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, mb())), 50);
try {
  const org = await createOrg({ services: h.services, app: h.app } as never);
  const f = fixtures({ services: h.services, app: h.app } as never, org);
  const site = await f.site();
  const staff = await f.userType('Staff');
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await h.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${org.token}` } });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { data: Record<string, unknown> };
  };
  const settled = async (id: number) => {
    for (;;) {
      const { data } = await call('GET', `/api/integration/synctempjob/status?id=${id}`);
      if (![0, 1, 2, 6, 11].includes(data.code as number)) return data;
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const auth = await call('POST', `/api/integration/authentication/${org.entityId}/${TYPE}`, config);
  const id = auth.data.id as number;
  const mapping =
    TYPE === 'paxton'
      ? { mapped_fields: { first_name: 'firstName', last_name: 'lastName', email: 'custom.Email', id_number: 'custom.Personnel number' }, groups: ['3', '4', '5'].map((g) => ({ group_id: g, user_type_id: staff.id })) }
      : TYPE === 'azure'
        ? // Microsoft Graph: each of its 200 groups (a user in one of them) mapped, so the sync lists every group's members.
          { mapped_fields: { first_name: 'givenName', last_name: 'surname', email: 'mail' }, groups: Array.from({ length: 200 }, (_, g) => ({ group_id: `g-${g}`, user_type_id: staff.id })) }
        : { mapped_fields: { first_name: 'name.givenName', last_name: 'name.familyName', email: 'primaryEmail' }, groups: [{ group_id: 'ou:/Staff', user_type_id: staff.id }, { group_id: 'ou:/Pupils', user_type_id: staff.id }] };
  await call('POST', '/api/integration/directory', { id, name: 'Bench', site_ids: [site.id], ...mapping });
  const before = mb();
  peak = before;
  const t0 = performance.now();
  await call('POST', '/api/integration/firstSync', { id });
  const first = await settled(id);
  const t1 = performance.now();
  await call('POST', '/api/integration/migrateUsers', { id, migration_field: 'email' });
  const migrated = await settled(id);
  const t2 = performance.now();
  await call('POST', `/api/integration/directory/${id}/sync`);
  const again = await settled(id);
  const t3 = performance.now();
  const s = (ms: number) => (ms / 1000).toFixed(1);
  console.log(`[${h.kind}] ${TYPE} ${N}: first sync ${s(t1 - t0)} s (code ${first.code}, ${JSON.stringify(first.counts)})`);
  console.log(`[${h.kind}] ${TYPE} ${N}: migration ${s(t2 - t1)} s (code ${migrated.code}, ${JSON.stringify(migrated.counts)})`);
  console.log(`[${h.kind}] ${TYPE} ${N}: full re-listing of unchanged people ${s(t3 - t2)} s (${JSON.stringify(again.counts)})`);
  const total = (t2 - t0) / 1000;
  const growth = peak - before;
  console.log(`[${h.kind}] ${total < 60 && growth < 150 ? 'PASS' : 'FAIL'}: ${TYPE} first sync + migration of ${N} in ${total.toFixed(1)} s (target < 60 s), RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB (+${growth.toFixed(0)} MB, target < 150 MB)`);
} finally {
  clearInterval(sampler);
  child.kill('SIGTERM');
  await h.close();
}
