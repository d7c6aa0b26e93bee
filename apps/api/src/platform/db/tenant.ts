import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './client';
import { APP_ROLE } from './migrate';
import { currentLane, LanePool } from './lanes';
import { inTransactionScope } from './transaction-scope';

/**
 * Runs `fn` in a transaction as the non-superuser application role with the tenant set, so PostgreSQL's
 * row-level security binds: a query that forgets its `where entity_id = …` sees nothing of another tenant.
 * Use cases still put the tenant in their queries (defence in depth).
 *
 * The pool's connections pipeline (node-postgres `pipeline: true`): `begin` and the tenant settings (one
 * simple-protocol batch; the entity id is an integer, the role a constant) go out without waiting for their
 * answer, so they reach the database in the same round trip as the use case's first statement, which it runs
 * only after them. A use case can send its last statement and the commit together (`withCommit`), saving the
 * commit's round trip too.
 *
 * Each statement of the transaction is limited by the lane's statement timeout (`lanes.ts`; 0: none): PostgreSQL
 * cancels the statement itself (`statement_timeout`, local to the transaction). The embedded database cannot
 * cancel one (PGlite has no timer signal), so there the client stops waiting: the caller gets the same clear
 * error, and the connection is dropped and replaced once the statement has finished.
 */
export function withTenant<T>(db: Db, entityId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (!Number.isSafeInteger(entityId)) throw new TypeError('withTenant: entity id must be an integer');
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (pool instanceof LanePool) return inTransactionScope(() => pooledTenantTransaction(db, pool, entityId, fn));
  // A transaction already (a savepoint inside it).
  return inTransactionScope(() => db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.entity_id', ${String(entityId)}, true), set_config('role', ${APP_ROLE}, true)`);
    return fn(tx as unknown as Db);
  }) as Promise<T>);
}

interface PooledTransaction {
  client: pg.PoolClient;
  /** The commit `withCommit` sent (its error, if it failed); once sent, the transaction takes no more statements. */
  commit?: Promise<Error | undefined>;
}
const pooled = new WeakMap<object, PooledTransaction>();

/** A statement's promise that never rejects: its error, or nothing. Pipelined answers arrive while nobody waits. */
const settled = (p: Promise<unknown>): Promise<Error | undefined> => p.then(
  () => undefined,
  (e: Error) => e,
);

/**
 * Sends `statement` (a function that sends one and answers its promise) and the commit of the tenant transaction
 * `tx` together: one write and one round trip. withTenant still answers only once the commit is answered, and a
 * statement that failed leaves nothing committed (the database answers that commit with a rollback, and the
 * statement's promise rejects). `tx` takes no statement after it. For a transaction withTenant did not open, the
 * commit stays where it was: when `fn` returns.
 */
export function withCommit<T>(tx: Db, statement: () => Promise<T>): Promise<T> {
  const t = pooled.get(tx);
  if (!t || t.commit) return statement();
  return together(t.client, () => {
    const sent = statement();
    t.commit = settled(t.client.query('commit'));
    return sent;
  });
}

/** Runs `send` with the connection's socket corked: what it sends synchronously leaves in one write. */
function together<T>(client: pg.PoolClient, send: () => T): T {
  const socket = client.connection.stream;
  socket.cork();
  try {
    return send();
  } finally {
    socket.uncork();
  }
}

/** Where node-postgres reads a client's read timeout, for each query it sends. */
type TimedClient = pg.PoolClient & { connectionParameters: { query_timeout?: number } };

async function pooledTenantTransaction<T>(db: Db, pool: LanePool, entityId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  const { dialect, session: base } = db as unknown as { dialect: PgDialect; session: { options?: object } };
  const timeout = pool.timeouts[currentLane()];
  const client = (await pool.connect()) as TimedClient;
  const state: PooledTransaction = { client };
  // The embedded database: the client's limit, for this transaction only.
  if (pool.embedded) client.connectionParameters.query_timeout = timeout || undefined;
  // A request's statements are short: PostgreSQL's JIT compiling them costs more than it saves (the kiosk's load
  // statement's plan, costed with its never-run branches, spent 0.5-0.9 s compiling: bench/explain-kiosk.ts). Jobs
  // in the background lane keep it for their long reads.
  const jit = currentLane() === 'background' ? '' : `, set_config('jit', 'off', true)`;
  const limit = pool.embedded ? '' : `, set_config('statement_timeout', '${timeout}', true)${jit}`;
  // A statement through `tx` after its commit would run outside the transaction, as the connection's own role.
  const guarded = {
    query: (...args: unknown[]) =>
      state.commit ? Promise.reject(new Error('withTenant: a statement after the transaction was committed')) : (client.query as (...a: unknown[]) => unknown)(...args),
  };
  const session = new NodePgSession(guarded as unknown as pg.PoolClient, dialect, undefined, base.options ?? {});
  // Savepoints (tx.transaction) keep working: this is drizzle's own transaction object on the client.
  const tx = new NodePgTransaction(dialect, session, undefined) as unknown as Db;
  pooled.set(tx, state);
  // A connection whose begin, commit or rollback failed is in an unknown state: destroy it rather than reuse it.
  let broken: Error | undefined;
  let begun: Promise<Error | undefined> = Promise.resolve(undefined);
  try {
    // The begin, and the first statement `fn` sends before it first waits, leave in one write.
    const result = await together(client, () => {
      begun = settled(client.query(`begin; select set_config('app.entity_id', '${entityId}', true), set_config('role', '${APP_ROLE}', true)${limit}`));
      return fn(tx);
    });
    const failed = (await begun) ?? (await (state.commit ?? settled(client.query('commit'))));
    if (failed) throw (broken = failed);
    return result;
  } catch (err) {
    // Everything pipelined is answered before the rollback; then the connection goes back clean (or is destroyed).
    broken ??= await begun;
    await state.commit;
    await client.query('rollback').catch((e: Error) => (broken = e));
    throw err;
  } finally {
    if (pool.embedded) client.connectionParameters.query_timeout = undefined;
    client.release(broken);
  }
}

/**
 * Cross-tenant work that the platform itself must do (login finding the account's organisations, a public link
 * resolving its organisation, jobs): runs as the owner, outside row-level security. Keep these few and narrow.
 */
export function asSystem<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return inTransactionScope(() => db.transaction(async (tx) => fn(tx as unknown as Db)) as Promise<T>);
}
