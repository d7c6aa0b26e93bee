import type { VisitSummary } from '@gatehouse/contract';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client';
import { type ReportScope, scopeFilters } from './scope';
import { reportPlanner } from './planner';

type Grouping = 'day' | 'site' | 'area' | 'type' | 'method' | 'total';

interface CountRow {
  grouping: Grouping;
  key: string | null;
  sign_ins: number;
  sign_outs: number;
}

const GROUPS: Grouping[] = ['day', 'site', 'area', 'type', 'method', 'total'];
const COLUMNS = ['t.day', 't.site_id', 't.area_id', 't.user_type_id', 't.method'];
/** The grouping sets of the summary: one per column, and the total. */
const groupingSets = sql.raw(`grouping sets (${COLUMNS.map((c) => `(${c})`).join(', ')}, ())`);
/**
 * Which grouping set a row belongs to: grouping() has one bit per column, 1 where the column is not grouped, the
 * first column the highest bit (the total has all five).
 */
const groupingOf = sql.raw(`case grouping(${COLUMNS.join(', ')}) ${GROUPS.map((g, i) => `when ${i === 5 ? 31 : 31 & ~(1 << (4 - i))} then '${g}'`).join(' ')} end`);
/** The row's key as text (only its own column is not null). */
const keyOf = sql.raw(`coalesce(${COLUMNS.map((c) => `${c}::text`).join(', ')})`);

/**
 * Visit summary (rule 292: start and end): sign-ins, sign-outs and distinct people on the sites' local days, in
 * total and by day, site, area, user type and input method. Read from the kept daily counts (scan_day_counts,
 * scan_day_people: migration 0022), not the scans. Only what the caller's grants reach is counted (rule 96).
 */
export async function visitSummary(tx: Db, scope: ReportScope, q: { start: string; end: string; site_id?: number; area_id?: number; user_type_id?: number }): Promise<VisitSummary> {
  await reportPlanner(tx, '64MB');
  const filters = await scopeFilters(tx, scope, q, { site: sql`t.site_id`, area: sql`t.area_id`, type: sql`t.user_type_id` });
  const where = sql`t.entity_id = ${scope.entityId} and t.day >= ${q.start}::date and t.day <= ${q.end}::date
    and ${scope.sites(sql`t.site_id`)} and ${scope.types(sql`t.user_type_id`)} and ${filters}`;
  const counts = rowsOf<CountRow>(
    await tx.execute(sql`
      select ${groupingOf} as grouping, ${keyOf} as key, sum(t.sign_ins)::int as sign_ins, sum(t.sign_outs)::int as sign_outs
      from scan_day_counts t where ${where} group by ${groupingSets}`),
  );
  // Distinct people: each person's days, sites, areas and methods of the period first (their rows are together in
  // scan_day_people_person_idx), then how many people each of those has; much cheaper than a distinct count per
  // grouping set over all the rows.
  const people = rowsOf<{ grouping: Grouping; key: string | null; people: number }>(
    await tx.execute(sql`
      with u as (
        select t.user_id, max(t.user_type_id) as type_id, array_agg(distinct t.day) as days, array_agg(distinct t.site_id) as sites,
               array_agg(distinct t.area_id) as areas, array_agg(distinct t.method) as methods
        from scan_day_people t where ${where} group by t.user_id)
      select 'total' as grouping, null as key, count(*)::int as people from u
      union all select 'type', type_id::text, count(*)::int from u group by type_id
      union all select 'day', x::text, count(*)::int from u, unnest(u.days) x group by x
      union all select 'site', x::text, count(*)::int from u, unnest(u.sites) x group by x
      union all select 'area', x::text, count(*)::int from u, unnest(u.areas) x group by x
      union all select 'method', x, count(*)::int from u, unnest(u.methods) x group by x`),
  );
  const names = await groupNames(tx, scope.entityId, counts);
  const peopleOf = new Map(people.map((r) => [`${r.grouping}|${r.key}`, Number(r.people)]));
  const of = (g: Grouping) =>
    counts
      .filter((r) => r.grouping === g)
      .map((r) => ({ key: r.key, sign_ins: Number(r.sign_ins), sign_outs: Number(r.sign_outs), people: peopleOf.get(`${g}|${r.key}`) ?? 0 }));
  const total = of('total')[0];
  const byDayFound = new Map(of('day').map((r) => [r.key!, r]));
  // Every day of the period, the quiet ones included, so the chart's axis is the calendar.
  const by_day = [];
  for (let t = Date.parse(`${q.start}T00:00:00Z`); t <= Date.parse(`${q.end}T00:00:00Z`); t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    const r = byDayFound.get(date);
    by_day.push({ date, sign_ins: r?.sign_ins ?? 0, sign_outs: r?.sign_outs ?? 0, people: r?.people ?? 0 });
  }
  const listed = (g: 'site' | 'area' | 'type' | 'method') =>
    of(g)
      .map((r) => {
        const id = r.key === null ? null : g === 'method' ? r.key : Number(r.key);
        return { id, name: g === 'method' ? r.key : (names[g].get(Number(r.key)) ?? null), sign_ins: r.sign_ins, people: r.people };
      })
      .sort((a, b) => b.sign_ins - a.sign_ins);
  return {
    start: q.start,
    end: q.end,
    totals: { sign_ins: total?.sign_ins ?? 0, sign_outs: total?.sign_outs ?? 0, people: total?.people ?? 0 },
    by_day,
    by_site: listed('site'),
    by_area: listed('area'),
    by_user_type: listed('type'),
    by_input_method: listed('method'),
  };
}

/** Names of the sites, areas and user types the counts mention. */
async function groupNames(tx: Db, entityId: number, counts: CountRow[]) {
  const ids = (g: Grouping) => counts.filter((r) => r.grouping === g && r.key !== null).map((r) => Number(r.key));
  const load = async (table: 'sites' | 'areas' | 'user_types', list: number[]) =>
    new Map(
      list.length
        ? rowsOf<{ id: number; name: string }>(
            await tx.execute(sql`select id, name from ${sql.identifier(table)} where entity_id = ${entityId} and id in (${sql.join(list.map((i) => sql`${i}`), sql`, `)})`),
          ).map((r) => [Number(r.id), r.name])
        : [],
    );
  return { site: await load('sites', ids('site')), area: await load('areas', ids('area')), type: await load('user_types', ids('type')) };
}
