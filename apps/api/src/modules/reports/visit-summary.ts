import type { VisitSummary } from '@gatehouse/contract';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client';
import { coarseBounds, localDayRange, type ReportScope, scopeFilters } from './scope';

interface Row {
  g_day: number;
  g_site: number;
  g_area: number;
  g_type: number;
  g_method: number;
  day: string | null;
  site_id: number | null;
  site_name: string | null;
  area_id: number | null;
  area_name: string | null;
  type_id: number | null;
  type_name: string | null;
  method: string | null;
  sign_ins: number;
  sign_outs: number;
  people: number;
}

/**
 * Visit summary (rule 292: start and end): sign-ins, sign-outs and distinct people on the site's local days, in
 * total and by day, site, area, user type and input method: one pass over the scans index with grouping sets.
 * Only what the caller's grants reach is counted (rule 96).
 */
export async function visitSummary(tx: Db, scope: ReportScope, q: { start: string; end: string; site_id?: number; area_id?: number; user_type_id?: number }): Promise<VisitSummary> {
  const filters = await scopeFilters(tx, scope, q, { site: sql`s.id`, area: sql`a.id`, type: sql`u.user_type_id` });
  const { lo, hi } = coarseBounds(q.start, q.end);
  const res = await tx.execute(sql`
    select grouping(d.day) as g_day, grouping(d.site_id) as g_site, grouping(d.area_id) as g_area, grouping(d.user_type_id) as g_type,
           grouping(d.method) as g_method,
           d.day::text as day, d.site_id, max(d.site_name) as site_name, d.area_id, max(d.area_name) as area_name,
           d.user_type_id as type_id, max(ut.name) as type_name, d.method,
           count(*) filter (where d.direction = 'in')::int as sign_ins,
           count(*) filter (where d.direction = 'out')::int as sign_outs,
           count(distinct d.user_id) filter (where d.direction = 'in')::int as people
    from (
      select (sc.at at time zone s.timezone)::date as day, s.id as site_id, s.name as site_name, a.id as area_id, a.name as area_name,
             u.user_type_id, sc.method, sc.direction, sc.user_id
      from scans sc
      join areas a on a.id = sc.area_id
      join sites s on s.id = a.site_id
      join users u on u.id = sc.user_id
      where sc.entity_id = ${scope.entityId} and sc.at >= ${lo} and sc.at < ${hi}
        and ${localDayRange(sql`sc.at`, sql`s.timezone`, q.start, q.end)}
        and ${scope.sites(sql`s.id`)} and ${scope.types(sql`u.user_type_id`)} and ${filters}
    ) d
    left join user_types ut on ut.id = d.user_type_id
    group by grouping sets ((d.day), (d.site_id), (d.area_id), (d.user_type_id), (d.method), ())`);
  const rows = rowsOf<Row>(res).map((r) => ({ ...r, sign_ins: Number(r.sign_ins), sign_outs: Number(r.sign_outs), people: Number(r.people) }));
  const pick = (key: 'g_day' | 'g_site' | 'g_area' | 'g_type' | 'g_method') =>
    rows.filter((r) => Number(r[key]) === 0 && ['g_day', 'g_site', 'g_area', 'g_type', 'g_method'].filter((k) => k !== key).every((k) => Number(r[k as keyof Row]) === 1));
  const total = rows.find((r) => [r.g_day, r.g_site, r.g_area, r.g_type, r.g_method].every((g) => Number(g) === 1));
  const byDayFound = new Map(pick('g_day').map((r) => [r.day!, r]));
  // Every day of the period, the quiet ones included, so the chart's axis is the calendar.
  const by_day = [];
  for (let t = Date.parse(`${q.start}T00:00:00Z`); t <= Date.parse(`${q.end}T00:00:00Z`); t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    const r = byDayFound.get(date);
    by_day.push({ date, sign_ins: r?.sign_ins ?? 0, sign_outs: r?.sign_outs ?? 0, people: r?.people ?? 0 });
  }
  const sorted = <T extends { sign_ins: number }>(list: T[]) => list.sort((a, b) => b.sign_ins - a.sign_ins);
  const count = (r: Row, id: number | string | null, name: string | null) => ({ id, name, sign_ins: r.sign_ins, people: r.people });
  return {
    start: q.start,
    end: q.end,
    totals: { sign_ins: total?.sign_ins ?? 0, sign_outs: total?.sign_outs ?? 0, people: total?.people ?? 0 },
    by_day,
    by_site: sorted(pick('g_site').map((r) => count(r, r.site_id === null ? null : Number(r.site_id), r.site_name))),
    by_area: sorted(pick('g_area').map((r) => count(r, r.area_id === null ? null : Number(r.area_id), r.area_name))),
    by_user_type: sorted(pick('g_type').map((r) => count(r, r.type_id === null ? null : Number(r.type_id), r.type_name))),
    by_input_method: sorted(pick('g_method').map((r) => count(r, r.method, r.method))),
  };
}
