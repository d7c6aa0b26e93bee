import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from '../../db/schema/index';
import { startEmbedded } from './embedded';
import { inLane, LanePool, type StatementTimeouts } from './lanes';

export type Schema = typeof schema;
/** One type for the database and its transactions (which extend it). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Plain SQL access for the platform (migrations, jobs). */
export interface SqlRunner {
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
  /** Several statements in one string, no parameters. */
  exec(text: string): Promise<void>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  sql: SqlRunner;
  pool: LanePool;
  /** The embedded database only: writes it as a tar file (`template` of openDatabase reads it back). */
  dump?(file: string): Promise<void>;
  close(): Promise<void>;
}

/** The rows of a raw `tx.execute(sql…)`. */
export const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/**
 * The embedded database has no autovacuum worker: without one, the planner has no statistics and index-only scans
 * visit the heap (a 50,000-person grid page took 150 ms instead of 20). `maintainEmbedded` stands in for it.
 */
export const PGLITE_MAINTENANCE_MS = 10 * 60_000;

/** Statement limits when the configuration gives none (tests, benchmarks, scripts). */
export const DEFAULT_STATEMENT_TIMEOUTS: StatementTimeouts = { device: 2_000, console: 5_000, background: 120_000 };

function wrapPool(pool: LanePool, kind: Database['kind'], onClose?: () => Promise<void>): Database {
  // An idle client losing its connection (server restart, database dropped) must not crash the process; the
  // pool replaces it on the next query.
  pool.on('error', (err) => console.error('[db] idle connection lost:', err.message));
  const db = drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  let closed: Promise<void> | undefined;
  return {
    kind,
    db,
    pool,
    sql: {
      query: async (text, values) => ({ rows: (await pool.query(text, values as unknown[])).rows }),
      exec: async (text) => {
        await pool.query(text);
      },
    },
    close: () =>
      (closed ??= (async () => {
        await pool.end();
        await onClose?.();
      })()),
  };
}

export interface OpenOptions {
  databaseUrl?: string;
  /** The embedded database's directory (its files in db/, its socket); unused with databaseUrl. */
  dataDir?: string;
  poolSize?: number;
  /** The embedded database only: load this tar file (a dump) into memory instead of opening DATA_DIR/db. */
  template?: string;
  timeouts?: StatementTimeouts;
  /** Called with each new connection before its first statement (a benchmark's per-connection settings). */
  onConnect?: (client: pg.PoolClient) => void;
}

/**
 * PostgreSQL through DATABASE_URL, otherwise the embedded PGlite in DATA_DIR/db, served from its own thread
 * (`embedded.ts`). Both are reached the same way: a node-postgres pool whose connections pipeline (a statement
 * goes out without waiting for the one before it to be answered: a tenant transaction's begin travels with its
 * first statement) and are handed out by lane (`lanes.ts`). The embedded database has one connection: with two,
 * a statement on the second waits for the first one's open transaction, and a request that awaits it before
 * committing deadlocks. PGlite has no cross-process lock, so embedded mode takes a lockfile and refuses a second
 * process on the same directory.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const timeouts = opts.timeouts ?? DEFAULT_STATEMENT_TIMEOUTS;
  if (opts.databaseUrl) {
    const pool = new LanePool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, pipeline: true }, timeouts, false);
    if (opts.onConnect) pool.on('connect', opts.onConnect);
    await pool.query('select 1');
    return wrapPool(pool, 'postgres');
  }
  if (!opts.dataDir) throw new Error('openDatabase: the embedded database needs a data directory');
  const home = opts.dataDir;
  mkdirSync(home, { recursive: true });
  const release = opts.template ? () => undefined : takeLock(join(home, 'db.lock'));
  try {
    const dataDir = opts.template ? undefined : join(home, 'db');
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    const server = await startEmbedded({ dataDir, template: opts.template, socketDir: home });
    const pool = new LanePool({ host: server.host, port: server.port, user: 'postgres', database: 'postgres', max: 1, pipeline: true }, timeouts, true);
    const stopMaintenance = maintainEmbedded(pool);
    const database = wrapPool(pool, 'pglite', async () => {
      stopMaintenance();
      await server.close();
      release();
    });
    database.dump = (file) => server.dump(file);
    await pool.query('select 1').catch(async (err: Error) => {
      await database.close();
      throw err;
    });
    return database;
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * The database as the configuration says, opened as the server opens it (`main.ts`): PostgreSQL through
 * DATABASE_URL with the pipelined pool, else the embedded database in DATA_DIR. The tests open theirs through this
 * too (`test/harness.ts`: a copy of the migrated template, `template` for the embedded one), so that they run the
 * pool, lanes and statement limits production runs.
 */
export function openConfiguredDatabase(config: { databaseUrl?: string; dataDir: string; statementTimeouts: StatementTimeouts }, extra: Pick<OpenOptions, 'template'> = {}) {
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeouts: config.statementTimeouts, ...extra });
}

/**
 * The embedded database's stand-in for autovacuum, every PGLITE_MAINTENANCE_MS in the background lane: the
 * tables whose rows changed enough since their last vacuum or analyze (autovacuum's own thresholds), one
 * statement each, so the one connection is free between two tables (a kiosk waiting for it goes first).
 */
function maintainEmbedded(pool: pg.Pool) {
  const timer = setInterval(() => {
    void inLane('background', () => maintain(pool)).catch(() => undefined);
  }, PGLITE_MAINTENANCE_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export async function maintain(pool: pg.Pool) {
  const { rows } = await pool.query<{ name: string; vacuum: boolean }>(`
    select quote_ident(relname) as name,
           n_dead_tup + n_ins_since_vacuum > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public'
      and (n_dead_tup + n_ins_since_vacuum > 50 + 0.2 * greatest(c.reltuples, 0) or n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0))
    order by n_mod_since_analyze desc`);
  for (const t of rows) await pool.query(`${t.vacuum ? 'vacuum analyze' : 'analyze'} ${t.name}`);
  return rows.map((t) => t.name);
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
