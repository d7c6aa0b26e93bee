import { DAILY_DAYS_MAX } from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { areas, scans, sites, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/errors';
import { localClock } from '../attendance/clock';

const DAY = 86_400_000;

/**
 * The dashboard's daily counts (rule 163: `totals.daily`): sign-ins, sign-outs and distinct people per day in
 * the site's time zone (UTC for the whole organisation), plus who is on site now and today's expected visits.
 */
export async function dailyCounts(tx: Db, entityId: number, q: { start_date?: string; end_date?: string; site_id?: number; area_id?: number }, now = new Date()) {
  let timeZone = 'UTC';
  if (q.site_id) {
    const [site] = await tx.select({ tz: sites.timezone }).from(sites).where(and(eq(sites.id, q.site_id), eq(sites.entityId, entityId)));
    if (!site) throw notFound();
    timeZone = site.tz;
  }
  const today = localClock(now, timeZone).date;
  const end = q.end_date ?? today;
  const start = q.start_date ?? new Date(Date.parse(`${end}T00:00:00Z`) - 6 * DAY).toISOString().slice(0, 10);
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY) + 1;
  if (days < 1) throw badRequest({ end_date: ['attendance.to_after_from'] });
  if (days > DAILY_DAYS_MAX) throw badRequest({ start_date: ['dashboard.range_max'] });

  const place = q.area_id
    ? sql`and ${scans.areaId} = ${q.area_id}`
    : q.site_id
      ? sql`and ${scans.areaId} in (select ${areas.id} from ${areas} where ${areas.entityId} = ${entityId} and ${areas.siteId} = ${q.site_id})`
      : sql``;
  // Local-day bounds: a day margin either side, then group by the local date.
  const from = new Date(Date.parse(`${start}T00:00:00Z`) - DAY);
  const to = new Date(Date.parse(`${end}T00:00:00Z`) + 2 * DAY);
  const res = await tx.execute<{ d: string; ins: number; outs: number; people: number }>(sql`
    select to_char(${scans.at} at time zone ${timeZone}, 'YYYY-MM-DD') as d,
           count(*) filter (where ${scans.direction} = 'in')::int as ins,
           count(*) filter (where ${scans.direction} = 'out')::int as outs,
           count(distinct ${scans.userId})::int as people
    from ${scans}
    where ${scans.entityId} = ${entityId} and ${scans.at} >= ${from} and ${scans.at} < ${to} ${place}
    group by 1`);
  const byDay = new Map((res as unknown as { rows: { d: string; ins: number; outs: number; people: number }[] }).rows.map((r) => [r.d, r]));
  const daily = Array.from({ length: days }, (_, i) => {
    const date = new Date(Date.parse(`${start}T00:00:00Z`) + i * DAY).toISOString().slice(0, 10);
    const r = byDay.get(date);
    return { date, sign_ins: Number(r?.ins ?? 0), sign_outs: Number(r?.outs ?? 0), people: Number(r?.people ?? 0) };
  });
  const visitPlace = q.area_id ? sql`and ${visits.areaId} = ${q.area_id}` : q.site_id ? sql`and ${visits.siteId} = ${q.site_id}` : sql``;
  const todayFrom = new Date(Date.parse(`${today}T00:00:00Z`) - DAY);
  const todayTo = new Date(Date.parse(`${today}T00:00:00Z`) + 2 * DAY);
  const now2 = await tx.execute<{ on_site: number; expected: number }>(sql`
    select count(*) filter (where ${visits.status} = 'signed_in')::int as on_site,
           count(*) filter (where ${visits.status} = 'expected' and ${visits.expectedAt} >= ${todayFrom} and ${visits.expectedAt} < ${todayTo}
                              and to_char(${visits.expectedAt} at time zone ${timeZone}, 'YYYY-MM-DD') = ${today})::int as expected
    from ${visits}
    where ${visits.entityId} = ${entityId} and ${visits.status} in ('signed_in', 'expected') ${visitPlace}`);
  const t = (now2 as unknown as { rows: { on_site: number; expected: number }[] }).rows[0];
  const todayRow = daily.find((d) => d.date === today);
  return {
    totals: {
      daily,
      on_site: Number(t?.on_site ?? 0),
      sign_ins_today: todayRow?.sign_ins ?? 0,
      sign_outs_today: todayRow?.sign_outs ?? 0,
      expected_today: Number(t?.expected ?? 0),
    },
  };
}
