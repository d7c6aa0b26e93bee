import type { Contact } from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { rowsOf, type Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { coarseBounds, type ReportScope } from './scope';
import { reportPlanner } from './planner';

/** A presence longer than this is not looked for further back (auto sign-out closes visits within a day). */
export const TRACE_LOOKBACK_DAYS = 31;

const iso = (d: string | Date) => new Date(d).toISOString();

/**
 * Track and trace (rule 292): everyone whose presence overlapped the person's in the same area, on the site's
 * local days `start`..`end`, with the overlap in minutes (summed over encounters). A presence is a visit from its
 * sign-in to its sign-out (now while still signed in), cut to the period. The person must be visible to the
 * caller (else 404); contacts outside the caller's grants are left out (rule 96).
 */
export async function trackAndTrace(tx: Db, scope: ReportScope, q: { user_id: number; start: string; end: string }, now = new Date()) {
  await reportPlanner(tx);
  const [person] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, userTypeId: users.userTypeId })
    .from(users)
    .where(and(eq(users.id, q.user_id), eq(users.entityId, scope.entityId)));
  if (!person || (scope.typeIds && (person.userTypeId === null || !scope.typeIds.includes(person.userTypeId)))) throw notFound('reports.person_unknown');
  const { lo, hi } = coarseBounds(q.start, q.end);
  const res = await tx.execute(sql`
    with mine as (
      select v.id, v.area_id, a.name as area_name, s.id as site_id, s.name as site_name,
             greatest(v.signed_in_at, (${q.start}::date::timestamp at time zone s.timezone)) as f,
             least(coalesce(v.signed_out_at, ${now}::timestamptz), ((${q.end}::date + 1)::timestamp at time zone s.timezone)) as t
      from visits v join areas a on a.id = v.area_id join sites s on s.id = a.site_id
      where v.entity_id = ${scope.entityId} and v.user_id = ${q.user_id} and v.signed_in_at is not null
        and v.signed_in_at < ${hi} and v.signed_in_at >= ${new Date(lo.getTime() - TRACE_LOOKBACK_DAYS * 86_400_000)}
        and ${scope.sites(sql`s.id`)}
    ), mine_cut as (select * from mine where t > f)
    select 'p' as kind, m.id as visit_id, null::int as user_id, null as first_name, null as last_name, null::int as user_type_id, null as user_type_name,
           m.area_id, m.area_name, m.site_id, m.site_name, m.f as first_at, m.t as last_at, 0::float8 as minutes, 0 as encounters
    from mine_cut m
    union all
    select 'c', null, o.user_id, max(u.first_name), max(u.last_name), max(u.user_type_id), max(ut.name), m.area_id, max(m.area_name), max(m.site_id), max(m.site_name),
           min(greatest(m.f, o.signed_in_at)), max(least(m.t, coalesce(o.signed_out_at, ${now}::timestamptz))),
           sum(extract(epoch from least(m.t, coalesce(o.signed_out_at, ${now}::timestamptz)) - greatest(m.f, o.signed_in_at)) / 60.0),
           count(*)::int
    from mine_cut m
    join visits o on o.entity_id = ${scope.entityId} and o.area_id = m.area_id and o.user_id <> ${q.user_id}
      and o.signed_in_at < m.t and o.signed_in_at >= m.f - ${`${TRACE_LOOKBACK_DAYS} days`}::interval
      and coalesce(o.signed_out_at, ${now}::timestamptz) > m.f
    join users u on u.id = o.user_id
    left join user_types ut on ut.id = u.user_type_id
    where ${scope.types(sql`u.user_type_id`)}
    group by o.user_id, m.area_id`);
  type Row = {
    kind: 'p' | 'c';
    visit_id: number | null;
    user_id: number | null;
    first_name: string | null;
    last_name: string | null;
    user_type_id: number | null;
    user_type_name: string | null;
    area_id: number;
    area_name: string;
    site_id: number;
    site_name: string;
    first_at: string | Date;
    last_at: string | Date;
    minutes: number;
    encounters: number;
  };
  const rows = rowsOf<Row>(res);
  const presences = rows
    .filter((r) => r.kind === 'p')
    .map((r) => ({ visit_id: Number(r.visit_id), area: { id: Number(r.area_id), name: r.area_name }, site: { id: Number(r.site_id), name: r.site_name }, from: iso(r.first_at), to: iso(r.last_at) }))
    .sort((a, b) => a.from.localeCompare(b.from));
  const contacts: Contact[] = rows
    .filter((r) => r.kind === 'c' && Number(r.minutes) > 0)
    .map((r) => ({
      user_id: Number(r.user_id),
      full_name: `${r.first_name} ${r.last_name}`.trim(),
      user_type: r.user_type_id === null ? null : { id: Number(r.user_type_id), name: r.user_type_name ?? '' },
      area: { id: Number(r.area_id), name: r.area_name },
      site: { id: Number(r.site_id), name: r.site_name },
      first_overlap_at: iso(r.first_at),
      last_overlap_at: iso(r.last_at),
      overlap_minutes: Math.round(Number(r.minutes)),
      encounters: Number(r.encounters),
    }))
    .sort((a, b) => b.overlap_minutes - a.overlap_minutes || a.full_name.localeCompare(b.full_name));
  return { data: { person: { id: person.id, full_name: `${person.firstName} ${person.lastName}`.trim() }, presences, contacts }, count: contacts.length };
}
