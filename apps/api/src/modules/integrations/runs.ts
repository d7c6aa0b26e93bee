import { SYNC_CODES } from '@gatehouse/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { integrationRuns, integrations, type RunKind } from '../../db/schema/index';
import { rowsOf, type Db } from '../../platform/db/client';
import { asSystem, withTenant } from '../../platform/db/tenant';
import { jobsIn } from '../../platform/jobs';
import { conflict } from '../../platform/errors';
import type { Services } from '../../platform/services';
import type { IntegrationRow } from './store';
import { runSync, STALE_MS, SYNC_JOB, type SyncJob } from './sync';

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
 * Every minute (rule 277; once across processes): integrations whose automatic sync is due get a run, and runs cut
 * short by a crash or restart (quiet heartbeat) are started again where they stopped (rule 269: not while inactive).
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
  const stale = await asSystem(db, async (tx) =>
    rowsOf<{ id: number; entity_id: number }>(
      await tx.execute(sql`select id, entity_id from integration_runs where status in ('running', 'queued')
        and coalesce(heartbeat_at, created_at) < ${new Date(now.getTime() - STALE_MS)} limit 20`),
    ),
  );
  for (const r of stale) {
    await withTenant(db, Number(r.entity_id), (tx) => tx.update(integrationRuns).set({ status: 'queued' }).where(eq(integrationRuns.id, Number(r.id))));
    if (services.jobs.started) await services.jobs.send(SYNC_JOB, { entityId: Number(r.entity_id), runId: Number(r.id) } satisfies SyncJob, { singletonKey: `integration-run-${r.id}-${now.getTime()}` });
    else await runSync(services, Number(r.entity_id), Number(r.id));
  }
  return { due: due.length, resumed: stale.length };
}
