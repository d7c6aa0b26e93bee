import type { NotOnSiteRow } from '@gatehouse/contract';
import { sql } from 'drizzle-orm';
import { personTiedTo } from '../../platform/auth/grants';
import { rowsOf, type Db } from '../../platform/db/client';
import { localClock } from '../../platform/time-zone';
import { type ReportScope, scopeFilters } from './scope';

interface Row {
  user_id: number;
  first_name: string;
  last_name: string;
  type_id: number | null;
  type_name: string | null;
  reason: 'expected' | 'scheduled';
  expected_at: string | Date | null;
  site_id: number | null;
  site_name: string | null;
  mode_id: number | null;
  mode_name: string | null;
  last_seen_at: string | Date | null;
  total: number;
}

/**
 * Users not on site on a local day (today by default): people expected that day (an expected visit not yet
 * signed in), and people whose attendance mode is scheduled on that weekday, who have not signed in that day
 * and are not on site now. Active people only, within the caller's grants (rule 96).
 */
export async function usersNotOnSite(tx: Db, scope: ReportScope, q: { date?: string; site_id?: number; area_id?: number; user_type_id?: number; search?: string; limit: number; page: number }, tz: string) {
  const date = q.date ?? localClock(new Date(), tz).date;
  const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const filters = await scopeFilters(tx, scope, q, { site: sql`s.id`, area: sql`v.area_id`, type: sql`u.user_type_id` });
  const term = q.search ? `%${q.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const personConds = sql`u.entity_id = ${scope.entityId} and u.status = 'active' and ${scope.types(sql`u.user_type_id`)}
    ${term ? sql`and (u.first_name || ' ' || u.last_name) ilike ${term}` : sql``}`;
  // Here that day: a visit signed in on that local day, or still signed in.
  const present = sql`exists (select 1 from visits p join sites ps on ps.id = p.site_id where p.entity_id = ${scope.entityId} and p.user_id = u.id
      and (p.status = 'signed_in' or (p.signed_in_at >= (${date}::date::timestamp at time zone ps.timezone) and p.signed_in_at < ((${date}::date + 1)::timestamp at time zone ps.timezone))))`;
  // The scheduled are tied to sites by their own grants: the site (or the area's site) asked for, within the caller's.
  const siteFilterForScheduled = sql`and ${scope.people(sql`u.id`, sql`u.all_sites`)} ${
    q.site_id || q.area_id
      ? sql`and ${personTiedTo(sql`u.id`, sql`u.all_sites`, q.site_id ? [q.site_id] : sql`select a.site_id from areas a where a.entity_id = ${scope.entityId} and a.id = ${q.area_id}`)}`
      : sql``
  }`;
  const res = await tx.execute(sql`
    with expected as (
      select distinct on (u.id) u.id as user_id, u.first_name, u.last_name, u.user_type_id as type_id, 'expected' as reason, v.expected_at, s.id as site_id, s.name as site_name
      from visits v join users u on u.id = v.user_id join sites s on s.id = v.site_id
      where v.entity_id = ${scope.entityId} and v.status = 'expected'
        and v.expected_at >= (${date}::date::timestamp at time zone s.timezone) and v.expected_at < ((${date}::date + 1)::timestamp at time zone s.timezone)
        and ${scope.sites(sql`s.id`)} and ${filters} and ${personConds} and not ${present}
      order by u.id, v.expected_at
    ), scheduled as (
      select u.id as user_id, u.first_name, u.last_name, u.user_type_id as type_id, 'scheduled' as reason, null::timestamptz as expected_at, null::int as site_id, null as site_name
      from user_attendance_modes um join attendance_modes m on m.id = um.attendance_mode_id join users u on u.id = um.user_id
      where um.entity_id = ${scope.entityId} and m.schedule_days @> ${JSON.stringify([weekday])}::jsonb
        and ${personConds} ${q.user_type_id ? sql`and u.user_type_id = ${q.user_type_id}` : sql``} ${siteFilterForScheduled}
        and not ${present} and u.id not in (select user_id from expected)
    ), everyone as (select * from expected union all select * from scheduled)
    select e.*, ut.name as type_name, m.id as mode_id, m.name as mode_name,
           (select max(sc.at) from scans sc where sc.user_id = e.user_id) as last_seen_at, count(*) over ()::int as total
    from everyone e left join user_types ut on ut.id = e.type_id
    left join user_attendance_modes um on um.user_id = e.user_id left join attendance_modes m on m.id = um.attendance_mode_id
    order by e.last_name, e.first_name, e.user_id
    limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  const rows = rowsOf<Row>(res);
  const data: NotOnSiteRow[] = rows.map((r) => ({
    user_id: Number(r.user_id),
    full_name: `${r.first_name} ${r.last_name}`.trim(),
    user_type: r.type_id === null ? null : { id: Number(r.type_id), name: r.type_name ?? '' },
    reason: r.reason,
    expected_at: r.expected_at ? new Date(r.expected_at).toISOString() : null,
    site: r.site_id === null ? null : { id: Number(r.site_id), name: r.site_name ?? '' },
    attendance_mode: r.mode_id === null ? null : { id: Number(r.mode_id), name: r.mode_name ?? '' },
    last_seen_at: r.last_seen_at ? new Date(r.last_seen_at).toISOString() : null,
  }));
  let count = rows[0] ? Number(rows[0].total) : 0;
  if (!rows.length && q.page > 1) {
    const again = await usersNotOnSite(tx, scope, { ...q, page: 1, limit: 1 }, tz);
    count = again.count;
  }
  return { data, count, date };
}
