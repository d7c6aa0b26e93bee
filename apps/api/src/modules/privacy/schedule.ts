import { PURGE_LOCAL_HOUR } from '@gatehouse/contract';
import { sql } from 'drizzle-orm';
import { privacyRuns } from '../../db/schema/index';
import { rowsOf } from '../../platform/db/client';
import { asSystem, withTenant } from '../../platform/db/tenant';
import type { Services } from '../../platform/services';
import { localClock, zonedMidnight } from '../../platform/time-zone';
import { organisationTimeZone } from '../reports/index';
import { PURGE_JOB, runPurge } from './purge';

/** A run whose heartbeat is older than this was cut short (a crash, a restart): it is started again. */
export const STALE_MS = 5 * 60_000;

export interface PurgeJob {
  entityId: number;
  runId: number;
}

/** When the next nightly purge starts in a time zone: the next PURGE_LOCAL_HOUR o'clock there. */
export function nextPurgeAt(tz: string, now = new Date()) {
  const today = localClock(now, tz).date;
  const at = new Date(zonedMidnight(today, tz).getTime() + PURGE_LOCAL_HOUR * 3600_000);
  if (at > now) return at;
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return new Date(zonedMidnight(tomorrow, tz).getTime() + PURGE_LOCAL_HOUR * 3600_000);
}

async function start(services: Services, entityId: number, runId: number) {
  if (services.jobs.started) await services.jobs.send(PURGE_JOB, { entityId, runId } satisfies PurgeJob, { singletonKey: `purge-${runId}`, retryLimit: 3, retryDelay: 60 });
  else await runPurge(services, runId, entityId);
}

/**
 * The purge's clock (every 15 minutes): each organisation with a retention gets one purge per local night, from
 * PURGE_LOCAL_HOUR in its time zone (its first site's); runs cut short by a crash are started again.
 */
export async function privacyTick(services: Services, now = new Date()) {
  const db = services.database.db;
  const entities = await asSystem(db, async (tx) =>
    rowsOf<{ entity_id: number }>(await tx.execute(sql`select distinct entity_id from privacy_settings`)).map((r) => Number(r.entity_id)),
  );
  let started = 0;
  for (const entityId of entities) {
    const run = await withTenant(db, entityId, async (tx) => {
      const tz = await organisationTimeZone(tx, entityId);
      const clock = localClock(now, tz);
      if (clock.minutes < PURGE_LOCAL_HOUR * 60) return null;
      const [row] = await tx
        .insert(privacyRuns)
        .values({ entityId, kind: 'purge', runDate: clock.date, scope: {} })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    });
    if (run) {
      await start(services, entityId, run.id);
      started += 1;
    }
  }
  const stale = await asSystem(db, async (tx) =>
    rowsOf<{ id: number; entity_id: number }>(
      await tx.execute(sql`select id, entity_id from privacy_runs where status in ('running', 'failed', 'queued')
        and coalesce(heartbeat_at, created_at) < ${new Date(now.getTime() - STALE_MS)} and created_at > ${new Date(now.getTime() - 7 * 86_400_000)} limit 20`),
    ),
  );
  for (const r of stale) {
    await withTenant(db, Number(r.entity_id), (tx) => tx.update(privacyRuns).set({ heartbeatAt: now }).where(sql`id = ${r.id}`));
    await start(services, Number(r.entity_id), Number(r.id));
  }
  return started;
}
