import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { APP_ROLE } from './migrate';

/**
 * Runs `fn` in a transaction as the non-superuser application role with the tenant set, so PostgreSQL's
 * row-level security binds: a query that forgets its `where entity_id = …` sees nothing of another tenant.
 * Use cases still put the tenant in their queries (defence in depth).
 */
export function withTenant<T>(db: Db, entityId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.entity_id', ${String(entityId)}, true), set_config('role', ${APP_ROLE}, true)`);
    return fn(tx as unknown as Db);
  }) as Promise<T>;
}

/**
 * Cross-tenant work that the platform itself must do (login finding the account's organisations, a public link
 * resolving its organisation, jobs): runs as the owner, outside row-level security. Keep these few and narrow.
 */
export function asSystem<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => fn(tx as unknown as Db)) as Promise<T>;
}
