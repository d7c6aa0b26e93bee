import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { attendanceCodes, integrationScans, integrations, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import type { Services } from '../../platform/services';
import { type AttendanceMark, DirectoryError } from './adapters/index';
import { integrationPeople } from '../../db/schema/index';
import { adapterOf, loadIntegration } from './store';

export const WRITEBACK_JOB = 'integrations.writeback';
export interface WritebackJob {
  entityId: number;
  integrationId: number;
  /** Only these integration scans (the ones a member chose to send); every pending one when absent. */
  scanIds?: number[];
}
/** Marks per write-back call (Wonde takes a list; smaller calls keep a refusal local). */
const BATCH = 100;

/**
 * Lists the sign-ins of the directory's people (the last 7 days) as scans to write
 * back: date and session (AM before local noon, PM after) on the site's clock, the code from the reason (late or
 * early), else the scan's own, else the attendance mode's on-time code; minutes late from the mode's start. Only
 * the first `scans_per_day` sign-ins of a person's day (rule 277). Idempotent (one row per scan). With `only`, just
 * those scans are listed, reading only their people's week (a write-back of chosen sign-ins: 500 of them listed the
 * whole organisation's week and outran the statement limit).
 */
export async function collectScans(tx: Db, integrationId: number, entityId: number, only?: number[]) {
  const ids = only?.length ? only : [0];
  const chosen = only ? sql`and s.user_id in (select user_id from scans where entity_id = ${entityId} and id in ${ids})` : sql``;
  await tx.execute(sql`
    insert into integration_scans (entity_id, integration_id, scan_id, user_id, date, session, attendance_code_id, minutes_late)
    select entity_id, ${integrationId}, id, user_id, day, session, code_id, minutes_late from (
      select s.entity_id, s.id, s.user_id,
        to_char(s.at at time zone coalesce(st.timezone, 'UTC'), 'YYYY-MM-DD') as day,
        case when extract(hour from s.at at time zone coalesce(st.timezone, 'UTC')) < 12 then 'AM' else 'PM' end as session,
        coalesce(rc.id, sc.id, mc.id) as code_id,
        case when s.late and m.from_time is not null
          then greatest(0, floor(extract(epoch from ((s.at at time zone coalesce(st.timezone, 'UTC'))::time - m.from_time::time)) / 60))::int end as minutes_late,
        row_number() over (partition by s.user_id, to_char(s.at at time zone coalesce(st.timezone, 'UTC'), 'YYYY-MM-DD') order by s.at) as nth
      from scans s
      join integration_people ip on ip.user_id = s.user_id and ip.integration_id = ${integrationId} and ip.removed_at is null
      left join areas a on a.id = s.area_id
      left join sites st on st.id = a.site_id
      left join reasons r on r.id = s.reason_id
      left join attendance_codes rc on rc.id = r.attendance_code_id and rc.integration_id = ${integrationId}
      left join attendance_codes sc on sc.id = s.attendance_code_id and sc.integration_id = ${integrationId}
      left join user_attendance_modes um on um.user_id = s.user_id
      left join attendance_modes m on m.id = um.attendance_mode_id
      left join attendance_codes mc on mc.id = m.on_time_attendance_code_id and mc.integration_id = ${integrationId}
      where s.entity_id = ${entityId} and s.direction = 'in' and s.at > now() - interval '7 days' ${chosen}
    ) x
    where nth <= (select scans_per_day from integrations where id = ${integrationId}) ${only ? sql`and id in ${ids}` : sql``}
    on conflict (integration_id, scan_id) do nothing`);
}

/**
 * Sends the integration's pending marks (with a code) in batches; each batch's `writeback_id` is kept against its
 * scans, a refused batch keeps the directory's message. The HTTP layer waits out 429s (Retry-After).
 */
export async function runWriteback(services: Services, entityId: number, integrationId: number, only?: number[]) {
  const db = services.database.db;
  const integ = await withTenant(db, entityId, (tx) => loadIntegration(tx, entityId, integrationId));
  const adapter = adapterOf(services.config.secretKey, integ);
  if (!adapter.writeBack) return;
  for (let guard = 0; guard < 10_000; guard++) {
    const batch = await withTenant(db, entityId, (tx) =>
      tx
        .select({ id: integrationScans.id, date: integrationScans.date, session: integrationScans.session, minutesLate: integrationScans.minutesLate, student: integrationPeople.externalId, code: attendanceCodes.externalId })
        .from(integrationScans)
        .innerJoin(integrationPeople, and(eq(integrationPeople.userId, integrationScans.userId), eq(integrationPeople.integrationId, integrationId)))
        .innerJoin(attendanceCodes, eq(attendanceCodes.id, integrationScans.attendanceCodeId))
        .innerJoin(users, eq(users.id, integrationScans.userId))
        .where(and(eq(integrationScans.integrationId, integrationId), eq(integrationScans.status, 'pending'), isNotNull(attendanceCodes.externalId), sql`${integrationScans.error} is distinct from 'sending'`, only ? inArray(integrationScans.id, only.length ? only : [0]) : undefined))
        .orderBy(integrationScans.id)
        .limit(BATCH),
    );
    if (!batch.length) return;
    const marks: AttendanceMark[] = batch.map((b) => ({ date: b.date, session: b.session, student_id: b.student, attendance_code_id: b.code!, ...(b.minutesLate ? { minutes_late: b.minutesLate } : {}) }));
    const ids = batch.map((b) => b.id);
    try {
      const { writebackId } = await adapter.writeBack(marks);
      await withTenant(db, entityId, (tx) => tx.update(integrationScans).set({ status: 'sent', writebackId, error: null, sentAt: sql`now()`, updatedAt: sql`now()` }).where(inArray(integrationScans.id, ids)));
    } catch (err) {
      const message = err instanceof DirectoryError ? err.message.slice(0, 500) : 'errors.server';
      await withTenant(db, entityId, async (tx) => {
        await tx.update(integrationScans).set({ status: 'failed', error: message, updatedAt: sql`now()` }).where(inArray(integrationScans.id, ids));
        if (err instanceof DirectoryError && err.kind === 'auth') await tx.update(integrations).set({ status: 'auth_failed', lastError: message }).where(eq(integrations.id, integrationId));
      });
      if (err instanceof DirectoryError && (err.kind === 'auth' || err.kind === 'unreachable' || err.kind === 'rate')) return;
    }
  }
}
