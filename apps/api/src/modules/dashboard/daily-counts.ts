import { DAILY_DAYS_MAX } from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { areas, scans, sites, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/errors';
import { localClock, zonedMidnight } from '../attendance/clock';

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
  // One index range per local day, its bounds computed here in the site's time zone: constant bounds keep the
  // ranges on the covering (entity_id, at, direction, user_id) index under row-level security, and no row
  // needs time-zone arithmetic.
  const bounds = Array.from({ length: days + 1 }, (_, i) => zonedMidnight(new Date(Date.parse(`${start}T00:00:00Z`) + i * DAY).toISOString().slice(0, 10), timeZone));
  const parts = Array.from(
    { length: days },
    (_, i) => sql`select ${i}::int as i,
        count(*) filter (where ${scans.direction} = 'in')::int as ins,
        count(*) filter (where ${scans.direction} = 'out')::int as outs,
        count(distinct ${scans.userId})::int as people
      from ${scans}
      where ${scans.entityId} = ${entityId} and ${scans.at} >= ${bounds[i]} and ${scans.at} < ${bounds[i + 1]} ${place}`,
  );
  const res = await tx.execute<{ i: number; ins: number; outs: number; people: number }>(sql.join(parts, sql` union all `));
  const rows = (res as unknown as { rows: { i: number; ins: number; outs: number; people: number }[] }).rows;
  const byIndex = new Map(rows.map((r) => [Number(r.i), r]));
  const daily = Array.from({ length: days }, (_, i) => {
    const date = new Date(Date.parse(`${start}T00:00:00Z`) + i * DAY).toISOString().slice(0, 10);
    const r = byIndex.get(i);
    return { date, sign_ins: Number(r?.ins ?? 0), sign_outs: Number(r?.outs ?? 0), people: Number(r?.people ?? 0) };
  });
  const visitPlace = q.area_id ? sql`and ${visits.areaId} = ${q.area_id}` : q.site_id ? sql`and ${visits.siteId} = ${q.site_id}` : sql``;
  const todayFrom = new Date(Date.parse(`${today}T00:00:00Z`) - DAY);
  const todayTo = new Date(Date.parse(`${today}T00:00:00Z`) + 2 * DAY);
  // Two index ranges rather than one pass over both statuses: who is on site counts the (entity_id, status, …)
  // index alone; today's expected visits are a short range of it.
  const now2 = await tx.execute<{ on_site: number; expected: number }>(sql`
    select (select count(*) from ${visits} where ${visits.entityId} = ${entityId} and ${visits.status} = 'signed_in' ${visitPlace})::int as on_site,
           (select count(*) from ${visits} where ${visits.entityId} = ${entityId} and ${visits.status} = 'expected'
              and ${visits.expectedAt} >= ${todayFrom} and ${visits.expectedAt} < ${todayTo}
              and to_char(${visits.expectedAt} at time zone ${timeZone}, 'YYYY-MM-DD') = ${today} ${visitPlace})::int as expected`);
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
