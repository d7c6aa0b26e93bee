import { and, eq, sql } from 'drizzle-orm';
import { importTasks } from '../../db/schema/index';
import { rowsOf } from '../../platform/db/client';
import { asSystem, withTenant } from '../../platform/db/tenant';
import { jobsIn } from '../../platform/jobs';
import type { Services } from '../../platform/services';
import { IMPORT_JOB, type ImportJob } from './run-import';

/**
 * A running import writes its heartbeat with every batch (a batch takes well under a second). One whose heartbeat
 * is older than this has lost its process: a crash or a kill leaves its pg-boss job active until the job's expiry
 * (15 minutes), so the sweep below queues it again instead.
 */
export const STALE_MS = 30_000;
/** How often each process sweeps: a crashed import resumes within STALE_MS + SWEEP_MS of the crash. */
export const SWEEP_MS = 10_000;

/** The job's options: retried after a failure; pg-boss's own expiry is the last resort behind the sweep. */
export const IMPORT_JOB_OPTIONS = { retryLimit: 3, retryDelay: 5, expireInSeconds: 900 } as const;

/**
 * Queues again every import left running by a process that is gone: on the embedded database at start, all of
 * them (it has one process: what ran before the start died with its process); otherwise those whose heartbeat
 * stopped. The claim (a fresh heartbeat, only if it is still the stale one) keeps two processes from queueing one
 * import twice; a second run would anyway only take turns with the first (run-import.ts locks the task per batch).
 */
export async function resumeImports(services: Services, { first }: { first: boolean }) {
  const db = services.database.db;
  const now = Date.now();
  const everyRunning = first && services.database.kind === 'pglite';
  const stale = await asSystem(db, async (tx) =>
    rowsOf<{ id: number; entity_id: number; run_by: number | null; heartbeat: string }>(
      await tx.execute(sql`select id, entity_id, run_by, coalesce(heartbeat_at, '-infinity')::text as heartbeat from import_tasks where status = 'running'
        ${everyRunning ? sql`` : sql`and coalesce(heartbeat_at, created_at) < ${new Date(now - STALE_MS)}`} order by id limit 50`),
    ),
  );
  let resumed = 0;
  for (const t of stale) {
    const entityId = Number(t.entity_id);
    const claimed = await withTenant(db, entityId, async (tx) => {
      const [row] = await tx
        .update(importTasks)
        .set({ heartbeatAt: sql`now()` })
        .where(and(eq(importTasks.id, Number(t.id)), eq(importTasks.status, 'running'), sql`coalesce(${importTasks.heartbeatAt}, '-infinity') <= ${t.heartbeat}::timestamptz`))
        .returning({ id: importTasks.id });
      if (row) await services.jobs.send(IMPORT_JOB, { entityId, taskId: row.id, ...(t.run_by ? { runBy: Number(t.run_by) } : {}) } satisfies ImportJob, { ...IMPORT_JOB_OPTIONS, db: jobsIn(tx) });
      return !!row;
    });
    if (claimed) resumed++;
  }
  if (resumed) console.info(`[imports] resumed ${resumed} import(s) interrupted by a stop`);
  return resumed;
}
