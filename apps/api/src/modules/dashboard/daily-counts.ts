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
    ? sql`and s.area_id = ${q.area_id}`
    : q.site_id
      ? sql`and s.area_id in (select ${areas.id} from ${areas} where ${areas.entityId} = ${entityId} and ${areas.siteId} = ${q.site_id})`
      : sql``;
  // One index range per local day (its bounds in the site's time zone), counted from the covering
  // (entity_id, at, direction, user_id) index: no per-row time-zone arithmetic.
  const res = await tx.execute<{ d: string; ins: number; outs: number; people: number }>(sql`
    select to_char(b.d, 'YYYY-MM-DD') as d, x.ins, x.outs, x.people
    from (select (${start}::date + i) as d,
                 ((${start}::date + i)::timestamp at time zone ${timeZone}) as lo,
                 ((${start}::date + i + 1)::timestamp at time zone ${timeZone}) as hi
          from generate_series(0, ${days - 1}::int) i) b
    cross join lateral (
      select count(*) filter (where s.direction = 'in')::int as ins,
             count(*) filter (where s.direction = 'out')::int as outs,
             count(distinct s.user_id)::int as people
      from ${scans} s
      where s.entity_id = ${entityId} and s.at >= b.lo and s.at < b.hi ${place}) x`);
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
