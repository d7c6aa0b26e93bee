import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema/index';
import { registerAccount } from '../src/modules/auth/register-account';
import { createEntity } from '../src/modules/entity/create-entity';
import { closeSockets, connected, join, nextEvent, openSocket } from './sockets';
import { issueSession } from '../src/platform/auth/sessions';
import { wrapPool } from '../src/platform/db/client';
import { migrate } from '../src/platform/db/migrate';

/**
 * Scale-out (architecture section 1): two API processes on one PostgreSQL database with REDIS_URL. A notice
 * raised by a request to one process reaches a console connected to the other, through the Redis adapter.
 * Skipped, saying why, only when PostgreSQL or Redis cannot be reached.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function unavailable(): Promise<string | null> {
  const pool = new pg.Pool({ connectionString: ADMIN_URL, max: 1, connectionTimeoutMillis: 3000 });
  try {
    await pool.query('select 1');
  } catch (e) {
    return `PostgreSQL is not reachable at ${ADMIN_URL} (${(e as Error).message})`;
  } finally {
    await pool.end().catch(() => undefined);
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    return `Redis is not reachable at ${REDIS_URL} (${(e as Error).message})`;
  } finally {
    redis.disconnect();
  }
  return null;
}

const reason = await unavailable();
if (reason) console.warn(`Skipping the two-process real-time test: ${reason}`);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  closeSockets();
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null) return resolve();
          c.once('exit', () => resolve());
          c.kill('SIGTERM');
          setTimeout(() => c.kill('SIGKILL'), 8000).unref();
        }),
    ),
  );
  for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
}, 60_000);

async function startApi(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(joinPath(tmpdir(), 'gatehouse-proc-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '0', LOG_LEVEL: 'warn', WEB_DIST: joinPath(dataDir, 'no-web') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API process exited (${child.exitCode}):\n${output}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return url;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`API process did not start within 90 s:\n${output}`);
}

describe('two API processes on PostgreSQL and Redis', () => {
  it.skipIf(!!reason)(
    'an event raised in one process reaches a console connected to the other',
    async () => {
      const name = `gh_rt_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const admin = new pg.Pool({ connectionString: ADMIN_URL, max: 1 });
      await admin.query(`create database ${name}`);
      cleanups.push(async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      });
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}`;
      const databaseUrl = url.toString();

      // Migrate once and make an organisation whose owner is the support account (who may change the plan).
      const database = wrapPool(new pg.Pool({ connectionString: databaseUrl, max: 2 }));
      cleanups.push(() => database.close());
      await migrate(database);
      const account = (await registerAccount(database.db, { firstName: 'Scale', lastName: 'Owner', email: `${name}@example.test`, password: 'scale-out-password' }))!;
      await database.db.update(accounts).set({ isSupport: true }).where(eq(accounts.id, account.id));
      const created = (await createEntity(database.db, { accountId: account.id, name: 'Scale Out Campus', subdomain: name.replace(/_/g, '-'), plan: 1 }))!;
      const entityId = created.entity.id;
      const { token } = await issueSession(database.db, account.id, entityId);

      const env = { DATABASE_URL: databaseUrl, REDIS_URL, SECRET_KEY: 'scale-test-secret-key-0123456789abcdef' };
      const first = await startApi(env);
      const second = await startApi(env);

      const socket = openSocket(second, token);
      await connected(socket);
      expect(await join(socket, entityId)).toEqual({ ok: true });
      const event = nextEvent(socket, 'pongUpdateEntityPlan', 15_000);
      const res = await fetch(`${first}/api/entity/${entityId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 2 }),
      });
      expect(res.status).toBe(200);
      expect(await event).toMatchObject({ entityPlan: 2, action: 'upgrade' });
    },
    240_000,
  );
});
