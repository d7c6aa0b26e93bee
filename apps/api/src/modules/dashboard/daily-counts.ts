import { DAILY_DAYS_MAX } from '@gatehouse/contract';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { dailyCountsCache, scans, visits } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import { rowsOf, type Db } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import { localClock, zonedMidnight } from '../../platform/time-zone';
import { countScope, type CountScope } from './count-scope';

const DAY = 86_400_000;
/** The advisory lock class the kept days share with migration 0007's triggers: (7001, entity id). */
const KEPT_DAYS_LOCK = 7001;
/**
 * A day is kept once it ended two hours ago (the database's clock decides, in the insert). The triggers skip
 * scans of the last hour, so a sign-in in flight can never fall in a kept day. The reader locks when a day
 * that ended an hour ago (this process's clock) is missing: an hour of slack for the two clocks to differ.
 */
const LOCK_AFTER_MS = 3_600_000;

type Counted = { i: number; ins: number; outs: number; people: number };
interface Day {
  date: string;
  from: Date;
  to: Date;
}


/**
 * The dashboard's daily counts (rule 163: `totals.daily`): sign-ins, sign-outs and distinct people per day in
 * the site's time zone (UTC for the whole organisation), plus who is on site now and today's expected visits.
 * Settled days come from `daily_counts_cache` when kept; the others are counted, one index range per day.
 */
export async function dailyCounts(tx: Db, actor: MemberActor, q: { start_date?: string; end_date?: string; site_id?: number; area_id?: number }, now = new Date()) {
  const scope = await countScope(tx, actor, q);
  const today = localClock(now, scope.timeZone).date;
  const end = q.end_date ?? today;
  const start = q.start_date ?? new Date(Date.parse(`${end}T00:00:00Z`) - 6 * DAY).toISOString().slice(0, 10);
  const length = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY) + 1;
  if (length < 1) throw badRequest({ end_date: ['attendance.to_after_from'] });
  if (length > DAILY_DAYS_MAX) throw badRequest({ start_date: ['dashboard.range_max'] });

  const dateAt = (i: number) => new Date(Date.parse(`${start}T00:00:00Z`) + i * DAY).toISOString().slice(0, 10);
  const bounds = Array.from({ length: length + 1 }, (_, i) => zonedMidnight(dateAt(i), scope.timeZone));
  const days: Day[] = Array.from({ length }, (_, i) => ({ date: dateAt(i), from: bounds[i], to: bounds[i + 1] }));

  const kept = new Map<string, { sign_ins: number; sign_outs: number; people: number }>();
  if (scope.key) {
    const rows = await tx
      .select({ day: dailyCountsCache.day, sign_ins: dailyCountsCache.signIns, sign_outs: dailyCountsCache.signOuts, people: dailyCountsCache.people })
      .from(dailyCountsCache)
      .where(
        and(
          eq(dailyCountsCache.entityId, actor.entityId),
          eq(dailyCountsCache.scope, scope.key),
          eq(dailyCountsCache.timeZone, scope.timeZone),
          gte(dailyCountsCache.day, start),
          lte(dailyCountsCache.day, end),
        ),
      );
    for (const r of rows) kept.set(r.day, r);
  }
  const missing = days.filter((d) => !kept.has(d.date));
  const counted = missing.length ? await countDays(tx, actor.entityId, scope, missing) : new Map<string, Counted>();

  const daily = days.map(({ date }) => {
    const k = kept.get(date);
    if (k) return { date, ...k };
    const c = counted.get(date);
    return { date, sign_ins: Number(c?.ins ?? 0), sign_outs: Number(c?.outs ?? 0), people: Number(c?.people ?? 0) };
  });
  const { on_site, expected } = await visitCounts(tx, actor.entityId, scope, today);
  const todayRow = daily.find((d) => d.date === today);
  return {
    totals: {
      daily,
      on_site,
      sign_ins_today: todayRow?.sign_ins ?? 0,
      sign_outs_today: todayRow?.sign_outs ?? 0,
      expected_today: expected,
    },
  };
}

/**
 * Counts the given days, one index range each: constant bounds keep the ranges on the covering
 * (entity_id, at, direction, user_id) index under row-level security, and no row needs time-zone arithmetic.
 * Days that have settled are kept in the same statement. Keeping them takes the organisation's advisory lock
 * first, in its own statement: the count's snapshot then sees every scan a trigger-holding writer committed,
 * and a writer that comes later waits for this transaction and then deletes what it kept.
 */
async function countDays(tx: Db, entityId: number, scope: CountScope, days: Day[]) {
  const keep = scope.key !== null && days.some((d) => d.to.getTime() <= Date.now() - LOCK_AFTER_MS);
  if (keep) await tx.execute(sql`select pg_advisory_xact_lock(${KEPT_DAYS_LOCK}, ${entityId})`);
  const parts = days.map(
    (d, i) => sql`select ${i}::int as i,
        count(*) filter (where ${scans.direction} = 'in')::int as ins,
        count(*) filter (where ${scans.direction} = 'out')::int as outs,
        count(distinct ${scans.userId})::int as people
      from ${scans}
      where ${scans.entityId} = ${entityId} and ${scans.at} >= ${d.from} and ${scans.at} < ${d.to} ${scope.scans}`,
  );
  const counted = sql.join(parts, sql` union all `);
  const statement = keep
    ? sql`with counted as (${counted}),
        kept as (
          insert into ${dailyCountsCache} (entity_id, scope, time_zone, day, day_from, day_to, sign_ins, sign_outs, people)
          select ${entityId}, ${scope.key}, ${scope.timeZone}, d.day, d.day_from, d.day_to, c.ins, c.outs, c.people
          from counted c join (values ${sql.join(
            days.map((d, i) => sql`(${i}::int, ${d.date}::date, ${d.from}::timestamptz, ${d.to}::timestamptz)`),
            sql`, `,
          )}) d(i, day, day_from, day_to) on d.i = c.i
          where d.day_to <= now() - interval '2 hours'
          on conflict (entity_id, scope, time_zone, day) do update
            set day_from = excluded.day_from, day_to = excluded.day_to, sign_ins = excluded.sign_ins, sign_outs = excluded.sign_outs, people = excluded.people
        )
        select * from counted`
    : counted;
  const rows = rowsOf<Counted>(await tx.execute(statement));
  return new Map(rows.map((r) => [days[Number(r.i)].date, r]));
}

/**
 * Who is on site now and today's expected visits, as two index ranges rather than one pass over both
 * statuses: who is on site counts the (entity_id, status, …) index alone; today's expected visits are a short
 * range of it.
 */
async function visitCounts(tx: Db, entityId: number, scope: CountScope, today: string) {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - DAY);
  const to = new Date(Date.parse(`${today}T00:00:00Z`) + 2 * DAY);
  const res = await tx.execute(sql`
    select (select count(*) from ${visits} where ${visits.entityId} = ${entityId} and ${visits.status} = 'signed_in' ${scope.visits})::int as on_site,
           (select count(*) from ${visits} where ${visits.entityId} = ${entityId} and ${visits.status} = 'expected'
              and ${visits.expectedAt} >= ${from} and ${visits.expectedAt} < ${to}
              and to_char(${visits.expectedAt} at time zone ${scope.timeZone}, 'YYYY-MM-DD') = ${today} ${scope.visits})::int as expected`);
  const t = rowsOf<{ on_site: number; expected: number }>(res)[0];
  return { on_site: Number(t?.on_site ?? 0), expected: Number(t?.expected ?? 0) };
}
