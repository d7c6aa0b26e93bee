import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';
import { APP_ROLE } from './migrate';
import { markPgliteTransaction, runPrepared, statement } from './prepared';

const SET_TENANT = statement(`select set_config('app.entity_id', $1, true), set_config('role', $2, true)`);

/**
 * Runs `fn` in a transaction as the non-superuser application role with the tenant set, so PostgreSQL's
 * row-level security binds: a query that forgets its `where entity_id = …` sees nothing of another tenant.
 * Use cases still put the tenant in their queries (defence in depth).
 *
 * On a PostgreSQL pool the transaction opens with `begin` and the tenant settings in ONE round trip (a
 * simple-protocol batch; the entity id is an integer, the role a constant), which every tenant request saves.
 */
export function withTenant<T>(db: Db, entityId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (!Number.isSafeInteger(entityId)) throw new TypeError('withTenant: entity id must be an integer');
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) return pooledTenantTransaction(db, pool, entityId, fn);
  const embedded = (db as unknown as { $client?: unknown }).$client;
  return db.transaction(async (tx) => {
    if (embedded instanceof PGlite) {
      markPgliteTransaction(tx, embedded);
      await runPrepared(tx as unknown as Db, SET_TENANT, [String(entityId), APP_ROLE]);
    } else {
      await tx.execute(sql`select set_config('app.entity_id', ${String(entityId)}, true), set_config('role', ${APP_ROLE}, true)`);
    }
    return fn(tx as unknown as Db);
  }) as Promise<T>;
}

async function pooledTenantTransaction<T>(db: Db, pool: pg.Pool, entityId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  const { dialect, session: base } = db as unknown as { dialect: PgDialect; session: { options?: object } };
  const client = await pool.connect();
  const session = new NodePgSession(client, dialect, undefined, base.options ?? {});
  // Savepoints (tx.transaction) keep working: this is drizzle's own transaction object on the client.
  const tx = new NodePgTransaction(dialect, session, undefined) as unknown as Db;
  // A connection whose begin or rollback failed is in an unknown state: destroy it rather than reuse it.
  let broken: Error | undefined;
  try {
    await client.query(`begin; select set_config('app.entity_id', '${entityId}', true), set_config('role', '${APP_ROLE}', true)`).catch((e: Error) => {
      broken = e;
      throw e;
    });
    try {
      const result = await fn(tx);
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch((e: Error) => (broken = e));
      throw err;
    }
  } finally {
    client.release(broken);
  }
}

/**
 * Cross-tenant work that the platform itself must do (login finding the account's organisations, a public link
 * resolving its organisation, jobs): runs as the owner, outside row-level security. Keep these few and narrow.
 */
export function asSystem<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => fn(tx as unknown as Db)) as Promise<T>;
}
