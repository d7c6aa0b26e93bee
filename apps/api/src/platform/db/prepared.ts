import { createHash } from 'node:crypto';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

interface PreparingSession {
  prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<{ rows: unknown[] }> };
}

/** A statement whose text is built once (at module load) and bound with new values on every call. */
export interface Statement {
  name: string;
  text: string;
}

const names = new Map<string, string>();
const nameOf = (text: string) => {
  let name = names.get(text);
  if (!name) {
    name = `gh_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size < 500) names.set(text, name);
  }
  return name;
};

/** A hot statement's text, named once: `statement(text)` at module load, `runPrepared(db, it, values)` per call. */
export const statement = (text: string): Statement => ({ name: nameOf(text), text });

/**
 * Runs a statement of a hot path (every request's actor, the sign-in) as a NAMED prepared statement: PostgreSQL
 * (each pooled connection) and PGlite parse and plan it once and then only bind and execute it. The name is
 * derived from the statement's text, so two texts never share one.
 */
export async function executePrepared<R>(db: Db, query: SQL): Promise<R[]> {
  const { dialect } = db as unknown as { dialect: PgDialect };
  const built = dialect.sqlToQuery(query);
  return runPrepared<R>(db, { name: nameOf(built.sql), text: built.sql }, built.params);
}

/** `executePrepared` for a statement built once: no query building on the hot path. */
export async function runPrepared<R>(db: Db, stmt: Statement, values: unknown[]): Promise<R[]> {
  const embedded = pgliteOf(db);
  if (embedded && values.every(isScalar)) return runOnPglite<R>(embedded, stmt, values);
  const { session } = db as unknown as { session: PreparingSession };
  const result = await session.prepareQuery({ sql: stmt.text, params: values }, undefined, stmt.name, false).execute();
  return result.rows as R[];
}

// --- PGlite --------------------------------------------------------------------------------------------------
// PGlite's own `query` sends parse, describe, bind, describe, execute and sync as six calls into the database
// and plans the statement every time. Here one call carries bind, describe, execute and sync of a statement
// parsed once per database (named), so PostgreSQL keeps its plan, as it does for a pooled connection.

interface Embedded {
  pglite: PGlite;
  /** Inside a transaction this request already holds (withTenant registered it). */
  inTransaction: boolean;
}

const transactions = new WeakMap<object, PGlite>();
const preparedOn = new WeakMap<PGlite, Set<string>>();

/** withTenant marks its PGlite transaction, so statements run in it can take the one-call path. */
export function markPgliteTransaction(tx: object, pglite: PGlite) {
  transactions.set(tx, pglite);
}

function pgliteOf(db: Db): Embedded | null {
  const inTx = transactions.get(db);
  if (inTx) return { pglite: inTx, inTransaction: true };
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? { pglite: client, inTransaction: false } : null;
}

const isScalar = (v: unknown) => v === null || v === undefined || ['string', 'number', 'boolean', 'bigint'].includes(typeof v) || v instanceof Date;

/** Parameters as text, as node-postgres sends them (PostgreSQL infers each one's type from the statement). */
const asText = (v: unknown): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : typeof v === 'boolean' ? (v ? 't' : 'f') : String(v);

// The same parsers drizzle gives PGlite for raw results: dates and intervals stay text.
const rawParsers = Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [t, (v: string) => v]));

async function runOnPglite<R>({ pglite, inTransaction }: Embedded, stmt: Statement, values: unknown[]): Promise<R[]> {
  let known = preparedOn.get(pglite);
  if (!known) preparedOn.set(pglite, (known = new Set()));
  const s = protocol.serialize;
  const parts: Uint8Array[] = [];
  // Close first: a statement whose first use failed may or may not exist; closing a missing one is no error.
  if (!known.has(stmt.name)) parts.push(s.close({ type: 'S', name: stmt.name }), s.parse({ name: stmt.name, text: stmt.text }));
  parts.push(s.bind({ statement: stmt.name, values: values.map(asText) }), s.describe({ type: 'P' }), s.execute({}), s.sync());
  const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    message.set(p, at);
    at += p.length;
  }
  const run = () =>
    pglite._runExclusiveQuery(async () => {
      try {
        const { messages } = await pglite.execProtocol(message, { syncToFs: !inTransaction });
        known.add(stmt.name);
        return parse.parseResults(messages, types.parsers, { parsers: rawParsers })[0]?.rows ?? [];
      } catch (err) {
        known.delete(stmt.name);
        throw err;
      }
    });
  // Outside a transaction, wait for any open one to finish, as PGlite's own query does.
  return (inTransaction ? await run() : await pglite._runExclusiveTransaction(run)) as R[];
}
