import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

interface PreparingSession {
  prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<{ rows: unknown[] }> };
}

const names = new Map<string, string>();

/**
 * Runs a statement of a hot path (every request's actor, the sign-in) as a NAMED prepared statement: on
 * PostgreSQL each pooled connection parses and plans it once and then only binds and executes it; on PGlite it
 * is a plain query. The name is derived from the statement's text, so two texts never share one.
 */
export async function executePrepared<R>(db: Db, query: SQL): Promise<R[]> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PreparingSession };
  const built = dialect.sqlToQuery(query);
  let name = names.get(built.sql);
  if (!name) {
    name = `gh_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
    if (names.size < 500) names.set(built.sql, name);
  }
  const result = await session.prepareQuery(built, undefined, name, false).execute();
  return result.rows as R[];
}
