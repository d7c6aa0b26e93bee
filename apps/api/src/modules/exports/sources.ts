import {
  type Language,
  type ReportKey,
  zHistoryFilter,
  zKioskLogFilter,
  zLogbookFilter,
  zNotOnSiteQuery,
  zPrintFilter,
  zSummaryQuery,
  zTimeReportQuery,
  zTimesheetQuery,
  zTraceQuery,
} from '@gatehouse/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { MemberActor } from '../../platform/auth/actor';
import { rowsOf, type Db } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { logbookWhere } from '../dashboard/index';
import { listPrintJobs } from '../print/index';
import {
  assertReachable,
  historyWhere,
  HISTORY_FROM,
  kioskLogs,
  organisationTimeZone,
  reportScope,
  timeReport,
  timesheet,
  trackAndTrace,
  usersNotOnSite,
  visitSummary,
} from '../reports/index';
import type { Cell } from './writers';

/**
 * Rows read per statement: each page is one short, bounded statement (keyset or small offset pages). 1,000 rather
 * than 5,000: a CSV of a million logbook rows grew the API by 218 MB with pages of 5,000 (the garbage of large
 * pages outran the collector), 118 MB with 1,000, in 10.4 s instead of 6.9 (bench/reports-pg.ts, quiet machine).
 */
export const PAGE_ROWS = 1000;

export interface SourceCtx {
  db: Db;
  actor: MemberActor;
  params: Record<string, unknown>;
  lang: Language;
}

export interface ReportSource {
  /** The report's query, checked when the export is asked for (400 with field messages under `params`). */
  params: z.ZodType;
  /** Header message keys (`exports.col.*`). */
  headers: string[];
  batches(ctx: SourceCtx): AsyncGenerator<Cell[][]>;
}

const run = <T>(ctx: SourceCtx, fn: (tx: Db) => Promise<T>) => withTenant(ctx.db, ctx.actor.entityId, fn);
const localFormat = `'DD/MM/YYYY HH24:MI'`;
const minutes = (m: number | null) => (m === null ? null : Math.round(m));

/** The logbook (scans), newest first, keyset-paged on (at, id) with the logbook's filter and grants (rules 96, 164). */
async function* logbookRows(ctx: SourceCtx): AsyncGenerator<Cell[][]> {
  const filter = zLogbookFilter.parse(ctx.params.filterBy ?? {});
  await run(ctx, async (tx) => assertReachable(tx, await reportScope(tx, ctx.actor), filter));
  const where = logbookWhere(ctx.actor, filter) ?? sql`true`;
  const needsVisits = !!filter.status && !['sign_in', 'sign_out', 'auto_sign_out'].includes(filter.status);
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const page = await run(ctx, async (tx) =>
      rowsOf<{ id: number; at_key: string; local_at: string; first_name: string; last_name: string; email: string | null; type_name: string | null; site_name: string | null; area_name: string | null; kiosk_name: string | null; direction: string; method: string; temperature: number | null }>(
        await tx.execute(sql`
          select scans.id, scans.at::text as at_key, to_char(scans.at at time zone coalesce(sites.timezone, 'UTC'), ${sql.raw(localFormat)}) as local_at,
                 users.first_name, users.last_name, users.email, user_types.name as type_name, sites.name as site_name, areas.name as area_name,
                 kiosks.name as kiosk_name, scans.direction, scans.method, scans.temperature
          from scans join users on users.id = scans.user_id
          left join user_types on user_types.id = users.user_type_id
          left join areas on areas.id = scans.area_id left join sites on sites.id = areas.site_id
          left join kiosks on kiosks.id = scans.kiosk_id
          ${needsVisits ? sql`left join visits on visits.id = scans.visit_id` : sql``}
          where scans.entity_id = ${ctx.actor.entityId} and ${where}
            ${after ? sql`and (scans.at, scans.id) < (${after.at}::timestamptz, ${after.id})` : sql``}
          order by scans.at desc, scans.id desc limit ${PAGE_ROWS}`),
      ),
    );
    if (!page.length) return;
    yield page.map((r) => [r.local_at, `${r.first_name} ${r.last_name}`.trim(), r.email, r.type_name, r.site_name, r.area_name, r.kiosk_name, r.direction === 'in' ? 'in' : 'out', r.method, r.temperature]);
    const last = page[page.length - 1];
    after = { at: last.at_key, id: Number(last.id) };
    if (page.length < PAGE_ROWS) return;
  }
}

/** Visit history, newest first, keyset-paged on (signed_in_at, id). */
async function* historyRows(ctx: SourceCtx): AsyncGenerator<Cell[][]> {
  const filter = zHistoryFilter.parse(ctx.params.filterBy ?? {});
  const scope = await run(ctx, async (tx) => {
    const s = await reportScope(tx, ctx.actor);
    await assertReachable(tx, s, filter);
    return s;
  });
  const where = historyWhere(scope, filter);
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const page = await run(ctx, async (tx) =>
      rowsOf<{ id: number; at_key: string; first_name: string; last_name: string; type_name: string | null; site_name: string; area_name: string | null; local_in: string; local_out: string | null; mins: number | null; sign_in_method: string | null; status: string; host_first: string | null; host_last: string | null }>(
        await tx.execute(sql`
          select v.id, v.signed_in_at::text as at_key, u.first_name, u.last_name, ut.name as type_name, s.name as site_name, a.name as area_name,
                 to_char(v.signed_in_at at time zone s.timezone, ${sql.raw(localFormat)}) as local_in,
                 to_char(v.signed_out_at at time zone s.timezone, ${sql.raw(localFormat)}) as local_out,
                 extract(epoch from v.signed_out_at - v.signed_in_at) / 60 as mins, v.sign_in_method, v.status, h.first_name as host_first, h.last_name as host_last
          from ${HISTORY_FROM} where ${where} ${after ? sql`and (v.signed_in_at, v.id) < (${after.at}::timestamptz, ${after.id})` : sql``}
          order by v.signed_in_at desc, v.id desc limit ${PAGE_ROWS}`),
      ),
    );
    if (!page.length) return;
    yield page.map((r) => [`${r.first_name} ${r.last_name}`.trim(), r.type_name, r.site_name, r.area_name, r.local_in, r.local_out, minutes(r.mins === null ? null : Number(r.mins)), r.sign_in_method, r.status, r.host_first ? `${r.host_first} ${r.host_last ?? ''}`.trim() : null]);
    const last = page[page.length - 1];
    after = { at: last.at_key, id: Number(last.id) };
    if (page.length < PAGE_ROWS) return;
  }
}

const hm = (iso: string | null, tz: string) =>
  iso ? new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso)) : null;
const dmy = (date: string) => date.split('-').reverse().join('/');

/** Pages of a report answered by its own function, 500 people (or rows) at a time. */
async function* paged<T>(ctx: SourceCtx, fetch: (tx: Db, page: number) => Promise<{ data: T[]; count: number }>, toRow: (r: T) => Cell[], size = 500) {
  for (let page = 1; ; page += 1) {
    const res = await run(ctx, (tx) => fetch(tx, page));
    if (res.data.length) yield res.data.map(toRow);
    if (page * size >= res.count || !res.data.length) return;
  }
}

async function siteZones(ctx: SourceCtx) {
  const rows = await run(ctx, async (tx) => rowsOf<{ id: number; timezone: string }>(await tx.execute(sql`select id, timezone from sites where entity_id = ${ctx.actor.entityId}`)));
  return new Map(rows.map((r) => [Number(r.id), r.timezone]));
}

export const SOURCES: Record<ReportKey, ReportSource> = {
  logbook: {
    params: z.object({ filterBy: zLogbookFilter.optional() }),
    headers: ['at', 'full_name', 'email', 'user_type', 'site', 'area', 'kiosk', 'direction', 'input_method', 'temperature'],
    batches: logbookRows,
  },
  history: {
    params: z.object({ filterBy: zHistoryFilter.optional() }),
    headers: ['full_name', 'user_type', 'site', 'area', 'signed_in_at', 'signed_out_at', 'minutes', 'input_method', 'status', 'host'],
    batches: historyRows,
  },
  visit_summary: {
    params: zSummaryQuery,
    headers: ['group', 'name', 'sign_ins', 'sign_outs', 'people'],
    async *batches(ctx) {
      const q = zSummaryQuery.parse(ctx.params);
      const s = await run(ctx, async (tx) => visitSummary(tx, await reportScope(tx, ctx.actor), q));
      yield [
        ['total', `${dmy(s.start)} - ${dmy(s.end)}`, s.totals.sign_ins, s.totals.sign_outs, s.totals.people],
        ...s.by_day.map((d): Cell[] => ['day', dmy(d.date), d.sign_ins, d.sign_outs, d.people]),
        ...s.by_site.map((d): Cell[] => ['site', d.name, d.sign_ins, null, d.people]),
        ...s.by_area.map((d): Cell[] => ['area', d.name, d.sign_ins, null, d.people]),
        ...s.by_user_type.map((d): Cell[] => ['user_type', d.name, d.sign_ins, null, d.people]),
        ...s.by_input_method.map((d): Cell[] => ['input_method', d.name, d.sign_ins, null, d.people]),
      ];
    },
  },
  timesheet: {
    params: zTimesheetQuery,
    headers: ['full_name', 'date', 'site', 'attendance_mode', 'first_in', 'last_out', 'minutes', 'expected_minutes', 'late', 'late_reason', 'early', 'early_reason'],
    async *batches(ctx) {
      const q = zTimesheetQuery.parse({ ...ctx.params, limit: 500 });
      const zones = await siteZones(ctx);
      yield* paged(
        ctx,
        async (tx, page) => timesheet(tx, await reportScope(tx, ctx.actor), { ...q, page, limit: 500 }),
        (r) => {
          const tz = zones.get(r.site?.id ?? 0) ?? 'UTC';
          return [r.full_name, dmy(r.date), r.site?.name, r.attendance_mode?.name, hm(r.first_in, tz), hm(r.last_out, tz), r.minutes, r.expected_minutes, r.late, r.late_reason?.name, r.early, r.early_reason?.name];
        },
      );
    },
  },
  time_report: {
    params: zTimeReportQuery,
    headers: ['full_name', 'user_type', 'days_present', 'minutes', 'expected_minutes', 'late_count', 'early_count'],
    async *batches(ctx) {
      const q = zTimeReportQuery.parse({ ...ctx.params, limit: 500 });
      yield* paged(ctx, async (tx, page) => timeReport(tx, await reportScope(tx, ctx.actor), { ...q, page, limit: 500 }), (r) => [
        r.full_name,
        r.user_type?.name,
        r.days_present,
        r.minutes,
        r.expected_minutes,
        r.late_count,
        r.early_count,
      ]);
    },
  },
  users_not_on_site: {
    params: zNotOnSiteQuery,
    headers: ['full_name', 'user_type', 'reason', 'expected_at', 'site', 'attendance_mode', 'last_seen_at'],
    async *batches(ctx) {
      const q = zNotOnSiteQuery.parse({ ...ctx.params, limit: 500 });
      const tz = await run(ctx, (tx) => organisationTimeZone(tx, ctx.actor.entityId, q.site_id));
      const when = (iso: string | null) => (iso ? `${dmy(new Date(iso).toISOString().slice(0, 10))} ${hm(iso, tz)}` : null);
      yield* paged(ctx, async (tx, page) => usersNotOnSite(tx, await reportScope(tx, ctx.actor), { ...q, page, limit: 500 }, tz), (r) => [
        r.full_name,
        r.user_type?.name,
        r.reason,
        when(r.expected_at),
        r.site?.name,
        r.attendance_mode?.name,
        when(r.last_seen_at),
      ]);
    },
  },
  track_trace: {
    params: zTraceQuery,
    headers: ['full_name', 'user_type', 'site', 'area', 'first_overlap_at', 'last_overlap_at', 'overlap_minutes', 'encounters'],
    async *batches(ctx) {
      const q = zTraceQuery.parse(ctx.params);
      const zones = await siteZones(ctx);
      const res = await run(ctx, async (tx) => trackAndTrace(tx, await reportScope(tx, ctx.actor), q));
      yield res.data.contacts.map((c) => {
        const tz = zones.get(c.site?.id ?? 0) ?? 'UTC';
        return [c.full_name, c.user_type?.name, c.site?.name, c.area?.name, `${dmy(c.first_overlap_at.slice(0, 10))} ${hm(c.first_overlap_at, tz)}`, hm(c.last_overlap_at, tz), c.overlap_minutes, c.encounters];
      });
    },
  },
  kiosk_logs: {
    params: z.object({ filterBy: zKioskLogFilter.optional() }),
    headers: ['created_at', 'kiosk', 'command', 'status', 'reason', 'requested_by'],
    async *batches(ctx) {
      const f = zKioskLogFilter.parse(ctx.params.filterBy ?? {});
      yield* paged(ctx, async (tx, page) => kioskLogs(tx, await reportScope(tx, ctx.actor), f, { page, limit: 500 }), (r) => [
        r.created_at,
        r.kiosk?.name,
        r.command,
        r.status,
        r.reason,
        r.user_name,
      ]);
    },
  },
  print_list: {
    params: z.object({ filterBy: zPrintFilter.optional() }),
    headers: ['created_at', 'printer', 'full_name', 'status', 'executed_at', 'expires_at'],
    async *batches(ctx) {
      const f = zPrintFilter.parse(ctx.params.filterBy ?? {});
      yield* paged(ctx, async (tx, page) => listPrintJobs(tx, await reportScope(tx, ctx.actor), f, { page, limit: 500 }), (r) => [
        r.created_at,
        r.printer,
        r.person?.name,
        r.status,
        r.executed_at,
        r.expires_at,
      ]);
    },
  },
};
