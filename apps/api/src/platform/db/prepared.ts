import { createHash } from 'node:crypto';
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
 * Runs a statement of a hot path (every request's actor, the sign-in) as a NAMED prepared statement: the database
 * parses and plans it once per connection (the embedded database has one) and then only binds and executes it.
 * The name is derived from the statement's text, so two texts never share one.
 */
export async function executePrepared<R>(db: Db, query: SQL): Promise<R[]> {
  const { dialect } = db as unknown as { dialect: PgDialect };
  const built = dialect.sqlToQuery(query);
  return runPrepared<R>(db, { name: nameOf(built.sql), text: built.sql }, built.params);
}

/** `executePrepared` for a statement built once: no query building on the hot path. */
export async function runPrepared<R>(db: Db, stmt: Statement, values: unknown[]): Promise<R[]> {
  const { session } = db as unknown as { session: PreparingSession };
  const result = await session.prepareQuery({ sql: stmt.text, params: values }, undefined, stmt.name, false).execute();
  return result.rows as R[];
}
