import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client';
import { asSystem, withTenant } from '../../platform/db/tenant';
import type { Services } from '../../platform/services';
import { closeOpenVisits } from '../visits';

export const AUTO_SIGN_OUT_JOB = 'signin.auto-sign-out';
export interface AutoSignOutJob {
  entityId: number;
  visitId: number;
}

/**
 * Rule 231: closes the signed-in visits that are due, as their area's auto sign-out mode says: 24 hours after
 * the sign-in, or at the first midnight after it in the site's time zone. `now` is the job's clock (tests fix
 * it). Answers the closed visits per organisation.
 */
export async function autoSignOut(db: Db, now: Date, scope: { entityId?: number } = {}) {
  const due = await asSystem(db, async (tx) => {
    const res = await tx.execute<{ id: number; entity_id: number; mode: string }>(sql`
      select v.id, v.entity_id, a.auto_sign_out_mode as mode
      from visits v
      join areas a on a.id = v.area_id
      join sites s on s.id = a.site_id
      where v.status = 'signed_in' and v.signed_in_at is not null
        ${scope.entityId ? sql`and v.entity_id = ${scope.entityId}` : sql``}
        and (
          (a.auto_sign_out_mode = 'after_24_hours' and v.signed_in_at <= ${now}::timestamptz - interval '24 hours')
          or (a.auto_sign_out_mode = 'midnight'
              and ((date_trunc('day', v.signed_in_at at time zone s.timezone) + interval '1 day') at time zone s.timezone) <= ${now}::timestamptz)
        )
      limit 5000`);
    return rowsOf<{ id: number; entity_id: number; mode: string }>(res);
  });
  const closed: { entityId: number; visitIds: number[] }[] = [];
  const byEntity = new Map<number, { id: number; mode: string }[]>();
  for (const r of due) byEntity.set(Number(r.entity_id), [...(byEntity.get(Number(r.entity_id)) ?? []), { id: Number(r.id), mode: r.mode }]);
  for (const [entityId, rows] of byEntity) {
    const ids: number[] = [];
    for (const mode of ['after_24_hours', 'midnight'] as const) {
      const visitIds = rows.filter((r) => r.mode === mode).map((r) => r.id);
      if (!visitIds.length) continue;
      const done = await withTenant(db, entityId, (tx) =>
        closeOpenVisits(tx, { entityId, visitIds, status: 'auto_closed', method: mode === 'midnight' ? 'auto_midnight' : 'auto_24h', at: now }),
      );
      ids.push(...done.map((d) => d.id));
    }
    closed.push({ entityId, visitIds: ids });
  }
  return closed;
}

/** The job: at the visit's first due time it closes what is due in the organisation, and waits again for a 24-hour visit. */
export function registerAutoSignOut(services: Services) {
  services.jobs.work<AutoSignOutJob>(AUTO_SIGN_OUT_JOB, async (data) => {
    await runAutoSignOutJob(services, data, new Date());
  });
}

export async function runAutoSignOutJob(services: Services, data: AutoSignOutJob, now: Date) {
  const db = services.database.db;
  const closed = await autoSignOut(db, now, { entityId: data.entityId });
  for (const c of closed) {
    if (c.visitIds.length) services.realtime.toEntity(c.entityId, 'update', { type: 'scan', action: 'auto_closed', visit_ids: c.visitIds });
  }
  // Still signed in (a 24-hour area, or the mode changed): look again when it is due.
  const [row] = await withTenant(db, data.entityId, async (tx) => {
    const res = await tx.execute<{ signed_in_at: string; mode: string }>(sql`
      select v.signed_in_at, a.auto_sign_out_mode as mode from visits v join areas a on a.id = v.area_id
      where v.id = ${data.visitId} and v.entity_id = ${data.entityId} and v.status = 'signed_in'`);
    return rowsOf<{ signed_in_at: string | Date; mode: string }>(res);
  });
  if (row && row.mode === 'after_24_hours' && services.jobs.started) {
    const startAfter = new Date(new Date(row.signed_in_at).getTime() + 24 * 3600_000 + 1000);
    if (startAfter > now) await services.jobs.send(AUTO_SIGN_OUT_JOB, data, { startAfter });
  }
  return closed;
}
