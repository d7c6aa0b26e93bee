import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client';
import { timeToMinutes as toMinutes } from '@gatehouse/contract';
import type { ReportScope } from './scope';
import { timesheet, type TimesheetQuery } from './timesheet';

/** ISO weekday (1 Monday .. 7 Sunday) of a calendar date. */
const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/**
 * Time report (`/reporting/time`): per person over a period, the days present, the minutes on site against the
 * minutes their attendance mode expects on its scheduled days (absent days included), and how often they were
 * late or left early. Built from the timesheet's days, so both reports agree.
 */
export async function timeReport(tx: Db, scope: ReportScope, q: TimesheetQuery) {
  const sheet = await timesheet(tx, scope, q);
  const ids = [...new Set(sheet.data.map((r) => r.user_id))];
  const types = ids.length
    ? new Map(
        rowsOf<{ id: number; type_id: number | null; type_name: string | null; schedule_days: number[] | null; from_time: string | null; to_time: string | null }>(
          await tx.execute(sql`
            select u.id, ut.id as type_id, ut.name as type_name, m.schedule_days, m.from_time, m.to_time
            from users u left join user_types ut on ut.id = u.user_type_id
            left join user_attendance_modes um on um.user_id = u.id left join attendance_modes m on m.id = um.attendance_mode_id
            where u.entity_id = ${scope.entityId} and u.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`),
        ).map((r) => [Number(r.id), r]),
      )
    : new Map();
  const dates: string[] = [];
  for (let t = Date.parse(`${q.start}T00:00:00Z`); t <= Date.parse(`${q.end}T00:00:00Z`); t += 86_400_000) dates.push(new Date(t).toISOString().slice(0, 10));
  const data = ids.map((id) => {
    const days = sheet.data.filter((r) => r.user_id === id);
    const t = types.get(id);
    const daily = t?.from_time && t.to_time ? Math.max(0, toMinutes(t.to_time) - toMinutes(t.from_time)) : 0;
    const scheduledDays = t?.schedule_days ? dates.filter((d) => t.schedule_days!.includes(weekdayOf(d))).length : 0;
    return {
      user_id: id,
      full_name: days[0].full_name,
      user_type: t?.type_id ? { id: Number(t.type_id), name: t.type_name ?? '' } : null,
      days_present: days.length,
      minutes: days.reduce((n, d) => n + d.minutes, 0),
      expected_minutes: daily * scheduledDays,
      late_count: days.filter((d) => d.late).length,
      early_count: days.filter((d) => d.early).length,
    };
  });
  return { data, count: sheet.count };
}
