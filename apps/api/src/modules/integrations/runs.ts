import { SYNC_CODES } from '@gatehouse/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { integrationRuns, integrations, type RunKind } from '../../db/schema/index';
import { rowsOf, type Db } from '../../platform/db/client';
import { asSystem, withTenant } from '../../platform/db/tenant';
import { jobsIn } from '../../platform/jobs';
import { conflict } from '../../platform/errors';
import type { Services } from '../../platform/services';
import type { IntegrationRow } from './store';
import { countResumed, runSync, staleMs, SYNC_JOB, type SyncJob } from './sync';

/** The run of this integration that is queued or running, if any. */
export async function openRun(tx: Db, integrationId: number) {
  const [run] = await tx
    .select()
    .from(integrationRuns)
    .where(and(eq(integrationRuns.integrationId, integrationId), inArray(integrationRuns.status, ['queued', 'running'])))
    .limit(1);
  return run ?? null;
}

/**
 * Queues a run in the caller's transaction (the job exists once the run does). A run of the same kind that failed
 * is retried from where it stopped (rule 271: Retry restarts the first sync, the automatic sync or migration).
 */
export async function startRun(services: Services, tx: Db, integ: IntegrationRow, kind: RunKind) {
  if (await openRun(tx, integ.id)) throw conflict('integrations.sync_running');
  const [failed] = await tx
    .select()
    .from(integrationRuns)
    .where(and(eq(integrationRuns.integrationId, integ.id), eq(integrationRuns.kind, kind), eq(integrationRuns.status, 'failed')))
    .orderBy(sql`${integrationRuns.id} desc`)
    .limit(1);
  const [last] = await tx.select({ id: integrationRuns.id }).from(integrationRuns).where(eq(integrationRuns.integrationId, integ.id)).orderBy(sql`${integrationRuns.id} desc`).limit(1);
  let run: typeof integrationRuns.$inferSelect;
  if (failed && last?.id === failed.id && failed.resume.from) {
    [run] = await tx.update(integrationRuns).set({ status: 'queued', code: SYNC_CODES.queued, finishedAt: null }).where(eq(integrationRuns.id, failed.id)).returning();
  } else {
    [run] = await tx.insert(integrationRuns).values({ entityId: integ.entityId, integrationId: integ.id, kind }).returning();
  }
  await tx.update(integrations).set({ syncCode: SYNC_CODES.queued, ...(kind === 'migration' ? { migrationStage: 'idle' as const } : {}) }).where(eq(integrations.id, integ.id));
  await services.jobs.send(SYNC_JOB, { entityId: integ.entityId, runId: run.id } satisfies SyncJob, { db: jobsIn(tx), singletonKey: `integration-run-${run.id}-${Date.now()}` });
  return run;
}

/**
 * Every minute (rule 277; once across processes): integrations whose automatic sync is due get a run (rule 269: not
 * while inactive).
 */
export async function integrationsTick(services: Services, now = new Date()) {
  const db = services.database.db;
  const due = await asSystem(db, async (tx) =>
    rowsOf<{ id: number; entity_id: number }>(
      await tx.execute(sql`select i.id, i.entity_id from integrations i
        where i.auto_sync = 1 and i.status in ('active', 'active_with_errors') and i.next_sync_at <= ${now}
          and not exists (select 1 from integration_runs r where r.integration_id = i.id and r.status in ('queued', 'running'))
        order by i.next_sync_at limit 50`),
    ),
  );
  for (const d of due) {
    await withTenant(db, Number(d.entity_id), async (tx) => {
      const [integ] = await tx.select().from(integrations).where(eq(integrations.id, Number(d.id)));
      if (integ) await startRun(services, tx, integ, 'auto').catch(() => undefined);
    });
  }
  return { due: due.length };
}

/** A queued run waits for its job behind other runs (one at a time per process): only one this old lost its job. */
export const QUEUED_STALE_MS = 3 * 60_000;

/**
 * Every heartbeat, in each process (a `repeat`, not pg-boss's minute cron): runs cut short by a crash, a kill or a
 * restart (running, their heartbeat quiet for three beats; or queued so long their job was lost) are queued again
 * and go on where they stopped, counted in their log (`counts.resumed`). The claim (only if the heartbeat is still
 * the quiet one seen) keeps two processes from queueing one run twice; a second job would anyway find it taken.
 */
export async function resumeRuns(services: Services, now = new Date()) {
  const db = services.database.db;
  const stale = await asSystem(db, async (tx) =>
    rowsOf<{ id: number; entity_id: number; heartbeat: string }>(
      await tx.execute(sql`select id, entity_id, coalesce(heartbeat_at, created_at)::text as heartbeat from integration_runs
        where (status = 'running' and coalesce(heartbeat_at, created_at) < ${new Date(now.getTime() - staleMs(services))})
          or (status = 'queued' and coalesce(heartbeat_at, created_at) < ${new Date(now.getTime() - QUEUED_STALE_MS)})
        order by id limit 20`),
    ),
  );
  let resumed = 0;
  for (const r of stale) {
    const entityId = Number(r.entity_id);
    const claimed = await withTenant(db, entityId, async (tx) => {
      const [run] = await tx
        .update(integrationRuns)
        .set({ status: 'queued', heartbeatAt: sql`now()`, counts: sql`case when ${integrationRuns.status} = 'running' then ${countResumed} else ${integrationRuns.counts} end` })
        .where(and(eq(integrationRuns.id, Number(r.id)), inArray(integrationRuns.status, ['queued', 'running']), sql`coalesce(${integrationRuns.heartbeatAt}, ${integrationRuns.createdAt}) <= ${r.heartbeat}::timestamptz`))
        .returning({ id: integrationRuns.id });
      if (run && services.jobs.started) await services.jobs.send(SYNC_JOB, { entityId, runId: run.id } satisfies SyncJob, { db: jobsIn(tx), singletonKey: `integration-run-${run.id}-${now.getTime()}` });
      return run?.id;
    });
    if (!claimed) continue;
    resumed++;
    if (!services.jobs.started) await runSync(services, entityId, claimed);
  }
  if (resumed) console.info(`[integrations] resumed ${resumed} sync run(s) cut short by a stop`);
  return resumed;
}
