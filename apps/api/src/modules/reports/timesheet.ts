import type { TimesheetRow } from '@gatehouse/contract';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client';
import { timeToMinutes as toMinutes } from '@gatehouse/contract';
import { localClock } from '../../platform/time-zone';
import { evaluateAttendance } from '../attendance/index';
import { coarseBounds, localDayRange, type ReportScope, scopeFilters } from './scope';
import { reportPlanner } from './planner';

export interface TimesheetQuery {
  start: string;
  end: string;
  user_id?: number;
  site_id?: number;
  area_id?: number;
  user_type_id?: number;
  limit: number;
  page: number;
}

interface VisitRow {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  site_id: number;
  site_name: string;
  tz: string;
  status: string;
  signed_in_at: string | Date;
  signed_out_at: string | Date | null;
  in_reason_id: number | null;
  in_reason: string | null;
  out_reason_id: number | null;
  out_reason: string | null;
}

interface ModeRow {
  user_id: number;
  id: number;
  name: string;
  schedule_days: number[];
  from_time: string;
  to_time: string;
  late_sign_in_grace: number;
  early_sign_out_grace: number;
}

const iso = (d: string | Date | null) => (d ? new Date(d).toISOString() : null);
const CLOSED = ['signed_out', 'auto_closed'];

/**
 * The people of a timesheet page: those with a visit on the period's local days (within the filters), ordered by
 * name. Paging is by person, so a page holds whole months of each person.
 */
async function pagePeople(tx: Db, scope: ReportScope, q: TimesheetQuery, filters: ReturnType<typeof sql>) {
  const { lo, hi } = coarseBounds(q.start, q.end);
  const where = sql`v.entity_id = ${scope.entityId} and v.signed_in_at >= ${lo} and v.signed_in_at < ${hi}
    and ${localDayRange(sql`v.signed_in_at`, sql`s.timezone`, q.start, q.end)}
    and ${scope.sites(sql`s.id`)} and ${scope.types(sql`u.user_type_id`)} and ${filters}
    ${q.user_id ? sql`and v.user_id = ${q.user_id}` : sql``}`;
  const people = await tx.execute(sql`
    select u.id from users u where u.entity_id = ${scope.entityId} and u.id in (
      select v.user_id from visits v join sites s on s.id = v.site_id join users u on u.id = v.user_id where ${where})
    order by u.last_name, u.first_name, u.id limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  const counted = await tx.execute(sql`select count(distinct v.user_id)::int as n from visits v join sites s on s.id = v.site_id join users u on u.id = v.user_id where ${where}`);
  return { ids: rowsOf<{ id: number }>(people).map((r) => Number(r.id)), count: Number(rowsOf<{ n: number }>(counted)[0].n), where };
}

/**
 * Timesheet: hours per person per local day against their attendance mode. Late and early are decided from the
 * day's first sign-in and last sign-out on the site's clock (rules 247-249: start plus the late grace, end minus
 * the early grace, on a scheduled day), with the reasons recorded on the visits.
 */
export async function timesheet(tx: Db, scope: ReportScope, q: TimesheetQuery) {
  await reportPlanner(tx);
  const filters = await scopeFilters(tx, scope, q, { site: sql`s.id`, area: sql`v.area_id`, type: sql`u.user_type_id` });
  const { ids, count, where } = await pagePeople(tx, scope, q, filters);
  if (!ids.length) return { data: [] as TimesheetRow[], count };
  const idList = sql.join(ids.map((i) => sql`${i}`), sql`, `);
  const visits = rowsOf<VisitRow>(
    await tx.execute(sql`
      select v.id, v.user_id, u.first_name, u.last_name, s.id as site_id, s.name as site_name, s.timezone as tz, v.status,
             v.signed_in_at, v.signed_out_at, v.sign_in_reason_id as in_reason_id, ri.name as in_reason, v.sign_out_reason_id as out_reason_id, ro.name as out_reason
      from visits v join sites s on s.id = v.site_id join users u on u.id = v.user_id
      left join reasons ri on ri.id = v.sign_in_reason_id left join reasons ro on ro.id = v.sign_out_reason_id
      where ${where} and v.user_id in (${idList})
      order by v.signed_in_at`),
  );
  const modes = new Map(
    rowsOf<ModeRow>(
      await tx.execute(sql`
        select um.user_id, m.id, m.name, m.schedule_days, m.from_time, m.to_time, m.late_sign_in_grace, m.early_sign_out_grace
        from user_attendance_modes um join attendance_modes m on m.id = um.attendance_mode_id
        where um.entity_id = ${scope.entityId} and um.user_id in (${idList})`),
    ).map((m) => [Number(m.user_id), m]),
  );
  const days = new Map<string, VisitRow[]>();
  for (const v of visits) {
    const date = localClock(new Date(v.signed_in_at), v.tz).date;
    const key = `${v.user_id}|${date}`;
    days.set(key, [...(days.get(key) ?? []), v]);
  }
  const order = new Map(ids.map((id, i) => [id, i]));
  const rows: TimesheetRow[] = [];
  for (const [key, list] of days) {
    const [userId, date] = [Number(key.split('|')[0]), key.split('|')[1]];
    rows.push(dayRow(userId, date, list, modes.get(userId) ?? null));
  }
  rows.sort((a, b) => order.get(a.user_id)! - order.get(b.user_id)! || a.date.localeCompare(b.date));
  return { data: rows, count };
}

function dayRow(userId: number, date: string, list: VisitRow[], mode: ModeRow | null): TimesheetRow {
  const first = list[0];
  const outs = list.filter((v) => v.signed_out_at).map((v) => new Date(v.signed_out_at!));
  const lastOut = outs.length && list.every((v) => v.signed_out_at) ? new Date(Math.max(...outs.map((d) => d.getTime()))) : null;
  const minutes = list.reduce((n, v) => n + (v.signed_out_at ? (new Date(v.signed_out_at).getTime() - new Date(v.signed_in_at).getTime()) / 60_000 : 0), 0);
  const rules = mode
    ? { id: Number(mode.id), scheduleDays: mode.schedule_days, fromTime: mode.from_time, toTime: mode.to_time, lateSignInGrace: mode.late_sign_in_grace, earlySignOutGrace: mode.early_sign_out_grace, onTimeAttendanceCodeId: null }
    : null;
  const late = evaluateAttendance(rules, [], 'in', new Date(first.signed_in_at), first.tz).late;
  const early = lastOut ? evaluateAttendance(rules, [], 'out', lastOut, first.tz).early : false;
  const weekday = localClock(new Date(first.signed_in_at), first.tz).weekday;
  const scheduled = !!mode && mode.schedule_days.includes(weekday);
  const lateVisit = list.find((v) => v.in_reason_id);
  const earlyVisit = [...list].reverse().find((v) => v.out_reason_id);
  return {
    user_id: userId,
    full_name: `${first.first_name} ${first.last_name}`.trim(),
    date,
    site: { id: Number(first.site_id), name: first.site_name },
    attendance_mode: mode ? { id: Number(mode.id), name: mode.name } : null,
    scheduled_from: scheduled ? mode!.from_time : null,
    scheduled_to: scheduled ? mode!.to_time : null,
    first_in: iso(first.signed_in_at),
    last_out: iso(lastOut),
    minutes: Math.round(minutes),
    expected_minutes: scheduled ? Math.max(0, toMinutes(mode!.to_time) - toMinutes(mode!.from_time)) : 0,
    late: late ? 1 : 0,
    early: early ? 1 : 0,
    late_reason: lateVisit ? { id: Number(lateVisit.in_reason_id), name: lateVisit.in_reason ?? '' } : null,
    early_reason: earlyVisit ? { id: Number(earlyVisit.out_reason_id), name: earlyVisit.out_reason ?? '' } : null,
    visits: list.map((v) => ({ id: Number(v.id), signed_in_at: iso(v.signed_in_at), signed_out_at: iso(v.signed_out_at), editable: CLOSED.includes(v.status) ? 1 : 0 })),
  };
}
