import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';

/**
 * Planner settings for a report's transaction: no JIT compilation (on the year's summary PostgreSQL spent more
 * than a second compiling for a query that then ran in less; these reports are short, repeated queries), and
 * `workMem` for its sorts and hashes so they stay in memory. Local to the transaction.
 */
export async function reportPlanner(tx: Db, workMem = '16MB') {
  await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', ${workMem}, true)`);
}
