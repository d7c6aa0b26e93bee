import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * Real API processes for the scale-out tests: several `main.ts` processes on one PostgreSQL database with REDIS_URL.
 * `unavailable()` says why they cannot run (no PostgreSQL or Redis); `stopProcesses()` ends them and drops the
 * databases (call it in `afterAll`).
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function unavailable(): Promise<string | null> {
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

export async function stopProcesses() {
  await Promise.all(
    children.splice(0).map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          c.once('exit', () => resolve());
          c.kill('SIGTERM');
          setTimeout(() => c.kill('SIGKILL'), 8000).unref();
        }),
    ),
  );
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => undefined);
}

/** Runs at `stopProcesses()`, after the processes ended (in reverse order of registration). */
export const onStop = (fn: () => Promise<void>) => cleanups.push(fn);

/** A fresh database on the PostgreSQL server, dropped by `stopProcesses()`; answers its URL. */
export async function freshDatabase(prefix: string) {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Pool({ connectionString: ADMIN_URL, max: 1 });
  await admin.query(`create database ${name}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** Starts one API process with the given environment; answers its URL and the process once it is healthy. */
export async function startApi(env: Record<string, string>) {
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
    if (ok) return { url, process: child };
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`API process did not start within 90 s:\n${output}`);
}
