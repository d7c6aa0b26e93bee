import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from '../../db/schema/index';

export type Schema = typeof schema;
/** One type for both drivers (and for transactions, which extend it). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Plain SQL access for the platform (migrations, jobs): both drivers answer `{ rows }`. */
export interface SqlRunner {
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
  /** Several statements in one string, no parameters. */
  exec(text: string): Promise<void>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  sql: SqlRunner;
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

/** The rows of a raw `tx.execute(sql…)` (PostgreSQL's and PGlite's results both carry `rows`). */
export const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/**
 * The embedded database has no autovacuum worker: without one, the planner has no statistics and index-only scans
 * visit the heap (a 50,000-person grid page took 150 ms instead of 20). This stands in for it.
 */
export const PGLITE_MAINTENANCE_MS = 10 * 60_000;

export function wrapPglite(client: PGlite, release?: () => void): Database {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  const maintenance = setInterval(() => {
    client.exec('vacuum analyze').catch(() => undefined);
  }, PGLITE_MAINTENANCE_MS);
  maintenance.unref();
  return {
    kind: 'pglite',
    db,
    pglite: client,
    sql: {
      query: async (text, values) => ({ rows: (await client.query(text, (values ?? []) as unknown[])).rows as never[] }),
      exec: async (text) => {
        await client.exec(text);
      },
    },
    async close() {
      clearInterval(maintenance);
      await client.close();
      release?.();
    },
  };
}

export function wrapPool(pool: pg.Pool): Database {
  // An idle client losing its connection (server restart, database dropped) must not crash the process; the
  // pool replaces it on the next query.
  pool.on('error', (err) => console.error('[db] idle connection lost:', err.message));
  const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    pool,
    sql: {
      query: async (text, values) => ({ rows: (await pool.query(text, values as unknown[])).rows }),
      exec: async (text) => {
        await pool.query(text);
      },
    },
    close: () => pool.end(),
  };
}

export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PGlite runs PostgreSQL inside this process, so its shared buffers are this process's memory: 32 MB rather than
 * the default 128 MB keeps the API well under its 600 MB budget (issue 7), while the pages a sign-in, the logbook
 * and the daily counts touch still stay in them; other pages come from the operating system's file cache.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * PostgreSQL through DATABASE_URL, otherwise embedded PGlite in DATA_DIR/db. PGlite is one connection and has
 * no cross-process lock, so embedded mode takes a lockfile and refuses a second process on the same directory.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; poolSize?: number }): Promise<Database> {
  if (opts.databaseUrl) {
    // Pipelined connections: a statement goes out without waiting for the one before it to be answered (a tenant
    // transaction's begin travels with its first statement; withTenant).
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, pipeline: true });
    await pool.query('select 1');
    return wrapPool(pool);
  }
  const dir = join(opts.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const release = takeLock(join(opts.dataDir, 'db.lock'));
  try {
    const client = await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS });
    return wrapPglite(client, release);
  } catch (err) {
    release();
    throw err;
  }
}

export class LockedError extends Error {}

function takeLock(file: string): () => void {
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new LockedError(
        `The data directory is in use by another Gatehouse process (pid ${pid}). Embedded mode allows one process; ` +
          'stop it, or use PostgreSQL through DATABASE_URL to run several.',
      );
    }
    unlinkSync(file);
  }
  const fd = openSync(file, 'wx');
  writeSync(fd, String(process.pid));
  closeSync(fd);
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
