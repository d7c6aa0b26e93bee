import { z } from 'zod';
import { listOf, one, zBool, zDate, zId, zListQuery } from './common';
import { zLogbookFilter } from './dashboard';

/**
 * Reports (rules 45, 288-292): visit history, visit summary, timesheet, time report, users not on site, track and
 * trace, kiosk logs, export list and print list. Dates are the site's local days (YYYY-MM-DD).
 */

/** The longest period an aggregate report covers (a year, leap day included); history pages any period. */
export const REPORT_DAYS_MAX = 366;
/** Track and trace looks at most this many days. */
export const TRACE_DAYS_MAX = 31;
/** A PDF of at most this many rows is answered directly by POST /export (rule 288); larger ones are built by a job. */
export const PDF_DIRECT_ROWS_MAX = 200;
/** Exports stay downloadable this long, then the file is deleted (rule 290). */
export const EXPORT_TTL_DAYS = 7;
/** The export list shows this many (rule 123). */
export const EXPORT_LIST_COUNT = 100;

export const REPORTS = ['history', 'logbook', 'visit_summary', 'timesheet', 'time_report', 'users_not_on_site', 'track_trace', 'kiosk_logs', 'print_list'] as const;
export type ReportKey = (typeof REPORTS)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** An object named in a row: id and name, or null. */
export const zReportRef = z.object({ id: z.number(), name: z.string() }).nullable();

const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** A date range of at most `max` days, end not before start (messages are message keys). */
export function rangeChecked<T extends z.ZodObject<{ start: z.ZodType<string>; end: z.ZodType<string> }>>(schema: T, max: number) {
  return schema.superRefine((v, ctx) => {
    const { start, end } = v as { start: string; end: string };
    if (Number.isNaN(Date.parse(`${start}T00:00:00Z`))) ctx.addIssue({ code: 'custom', path: ['start'], message: 'validation.date_format' });
    else if (Number.isNaN(Date.parse(`${end}T00:00:00Z`))) ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.date_format' });
    else if (daysBetween(start, end) < 0) ctx.addIssue({ code: 'custom', path: ['end'], message: 'reports.end_before_start' });
    else if (daysBetween(start, end) + 1 > max) ctx.addIssue({ code: 'custom', path: ['end'], message: 'reports.range_too_long' });
  });
}

const scopeFields = { site_id: zId.optional(), area_id: zId.optional(), user_type_id: zId.optional() };

/** Visit summary (rule 292: start and end). */
export const zSummaryQuery = rangeChecked(z.object({ start: zDate, end: zDate, ...scopeFields }), REPORT_DAYS_MAX);
export const zCount = z.object({ id: z.union([z.number(), z.string()]).nullable(), name: z.string().nullable(), sign_ins: z.number(), people: z.number() });
export const zVisitSummary = z.object({
  data: z.object({
    start: z.string(),
    end: z.string(),
    totals: z.object({ sign_ins: z.number(), sign_outs: z.number(), people: z.number() }),
    by_day: z.array(z.object({ date: z.string(), sign_ins: z.number(), sign_outs: z.number(), people: z.number() })),
    by_site: z.array(zCount),
    by_area: z.array(zCount),
    by_user_type: z.array(zCount),
    by_input_method: z.array(zCount),
  }),
});
export type VisitSummary = z.output<typeof zVisitSummary>['data'];

/** Visit history: the logbook's filters (filterBy), any period, one row per visit. */
export const HISTORY_SORT_FIELDS = ['signed_in_at', 'signed_out_at', 'full_name', 'area', 'site', 'user_type', 'minutes'] as const;
export const zHistoryQuery = zListQuery.extend({ sortField: z.enum(HISTORY_SORT_FIELDS).optional(), isExporting: zBool.optional() });
export const zHistoryFilter = zLogbookFilter;
export const zHistoryRow = z.object({
  id: z.number(),
  user_id: z.number(),
  full_name: z.string(),
  user_type: zReportRef,
  site: zReportRef,
  area: zReportRef,
  status: z.string(),
  signed_in_at: z.string().nullable(),
  signed_out_at: z.string().nullable(),
  /** Local date and times in the site's time zone (DD/MM/YYYY is the console's job). */
  local_date: z.string().nullable(),
  minutes: z.number().nullable(),
  sign_in_method: z.string().nullable(),
  late: z.union([z.literal(0), z.literal(1)]),
  early: z.union([z.literal(0), z.literal(1)]),
  host: z.string().nullable(),
});
export type HistoryRow = z.output<typeof zHistoryRow>;

export const zHistoryGrid = z.object({
  data: z.object({
    columns: z.array(z.object({ id: z.string(), sortable: z.union([z.literal(0), z.literal(1)]) })),
    sites: z.array(z.object({ id: z.number(), name: z.string(), timezone: z.string() })),
    areas: z.array(z.object({ id: z.number(), name: z.string(), site_id: z.number() })),
    user_types: z.array(z.object({ id: z.number(), name: z.string() })),
    kiosks: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
});

/** Track and trace (rule 292: user_id and date; `end_date` widens it to a range of at most 31 days). */
export const zTraceQuery = z
  .object({ user_id: zId, date: zDate, end_date: zDate.optional() })
  .transform((v) => ({ ...v, start: v.date, end: v.end_date ?? v.date }))
  .pipe(rangeChecked(z.object({ user_id: z.number(), date: z.string(), start: zDate, end: zDate, end_date: z.string().optional() }), TRACE_DAYS_MAX));
export const zContact = z.object({
  user_id: z.number(),
  full_name: z.string(),
  user_type: zReportRef,
  area: zReportRef,
  site: zReportRef,
  first_overlap_at: z.string(),
  last_overlap_at: z.string(),
  overlap_minutes: z.number(),
  encounters: z.number(),
});
export type Contact = z.output<typeof zContact>;
export const zTrace = z.object({
  data: z.object({
    person: z.object({ id: z.number(), full_name: z.string() }),
    presences: z.array(z.object({ visit_id: z.number(), area: zReportRef, site: zReportRef, from: z.string(), to: z.string() })),
    contacts: z.array(zContact),
  }),
  count: z.number(),
});

/** People pickers of the reports (`users/entities`): within the actor's grants. */
export const zReportPeopleQuery = zListQuery;
export const zReportPerson = z.object({ id: z.number(), full_name: z.string(), email: z.string().nullable(), user_type: zReportRef });

/** Users not on site: expected today (or on `date`) or following a mode scheduled that day, and not signed in. */
export const zNotOnSiteQuery = zListQuery.extend({ date: zDate.optional(), ...scopeFields });
export const zNotOnSiteRow = z.object({
  user_id: z.number(),
  full_name: z.string(),
  user_type: zReportRef,
  reason: z.enum(['expected', 'scheduled']),
  expected_at: z.string().nullable(),
  site: zReportRef,
  attendance_mode: zReportRef,
  last_seen_at: z.string().nullable(),
});
export type NotOnSiteRow = z.output<typeof zNotOnSiteRow>;

/** Timesheet: hours per person per local day against their attendance mode. */
/** A page of the timesheet holds up to 1,000 people (a payroll month in one call). */
export const TIMESHEET_PAGE_MAX = 1000;
export const zTimesheetQuery = rangeChecked(
  zListQuery.extend({ start: zDate, end: zDate, user_id: zId.optional(), limit: z.coerce.number().int().min(1).max(TIMESHEET_PAGE_MAX).default(10), ...scopeFields }),
  REPORT_DAYS_MAX,
);
export const zTimesheetRow = z.object({
  user_id: z.number(),
  full_name: z.string(),
  date: z.string(),
  site: zReportRef,
  attendance_mode: zReportRef,
  scheduled_from: z.string().nullable(),
  scheduled_to: z.string().nullable(),
  first_in: z.string().nullable(),
  last_out: z.string().nullable(),
  minutes: z.number(),
  expected_minutes: z.number(),
  late: z.union([z.literal(0), z.literal(1)]),
  early: z.union([z.literal(0), z.literal(1)]),
  late_reason: zReportRef,
  early_reason: zReportRef,
  visits: z.array(z.object({ id: z.number(), signed_in_at: z.string().nullable(), signed_out_at: z.string().nullable(), editable: z.union([z.literal(0), z.literal(1)]) })),
});
export type TimesheetRow = z.output<typeof zTimesheetRow>;
/** An edit of one visit of the timesheet: its times (a closed visit) and its late / early reasons. */
export const zTimesheetEdit = z
  .object({
    visit_id: zId,
    signed_in_at: z.iso.datetime({ offset: true }).optional(),
    signed_out_at: z.iso.datetime({ offset: true }).optional(),
    sign_in_reason_id: zId.nullable().optional(),
    sign_out_reason_id: zId.nullable().optional(),
    notes: z.string().trim().max(1000).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.signed_in_at && v.signed_out_at && Date.parse(v.signed_out_at) <= Date.parse(v.signed_in_at)) {
      ctx.addIssue({ code: 'custom', path: ['signed_out_at'], message: 'reports.end_before_start' });
    }
  });

/** Time report: totals per person over a period. */
export const zTimeReportQuery = rangeChecked(zListQuery.extend({ start: zDate, end: zDate, ...scopeFields }), REPORT_DAYS_MAX);
export const zTimeReportRow = z.object({
  user_id: z.number(),
  full_name: z.string(),
  user_type: zReportRef,
  days_present: z.number(),
  minutes: z.number(),
  expected_minutes: z.number(),
  late_count: z.number(),
  early_count: z.number(),
});

/** Kiosk logs: the remote commands and their statuses (rule 244). */
export const zKioskLogFilter = z.object({
  kiosk_id: zId.optional(),
  status: z.string().max(20).optional(),
  command: z.string().max(60).optional(),
  start_date: zDate.optional(),
  end_date: zDate.optional(),
});
export const zKioskLogRow = z.object({
  id: z.number(),
  kiosk: zReportRef,
  command: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  user_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** Exports (rules 288-290). */
export const zExportBody = z.object({
  entity_id: zId.optional(),
  report: z.enum(REPORTS),
  format: z.enum(EXPORT_FORMATS),
  /** The report's own query (its filters), as the report's page sends it. */
  params: z.record(z.string(), z.unknown()).default({}),
});
export const zExportRow = z.object({
  id: z.number(),
  report: z.enum(REPORTS),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(['queued', 'running', 'ready', 'failed', 'expired']),
  rows: z.number(),
  total: z.number().nullable(),
  file_name: z.string().nullable(),
  size: z.number().nullable(),
  requested_by: z.string(),
  created_at: z.string(),
  generated_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  url: z.string().nullable(),
  error: z.string().nullable(),
});
export type ExportRow = z.output<typeof zExportRow>;
/** POST /export: a small PDF comes back as data (base64); anything else as the export and the URL it will have. */
export const zExportAnswer = z.object({
  message: z.string(),
  data: zExportRow.extend({ file: z.string().optional(), content_type: z.string().optional() }),
});
export const zExportJobQuery = z.object({ id: zId.optional() });
export const zExportJobBody = z.object({ entity_id: zId, id: zId });

/** Scheduled reports (issue 18 part 4). */
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const SCHEDULABLE_REPORTS = ['history', 'visit_summary', 'timesheet', 'time_report', 'users_not_on_site'] as const;
export const zSubscriptionBody = z.object({
  entity_id: zId.optional(),
  report: z.enum(SCHEDULABLE_REPORTS),
  format: z.enum(EXPORT_FORMATS),
  frequency: z.enum(REPORT_FREQUENCIES),
  site_id: zId,
  hour: z.coerce.number().int().min(0).max(23).default(7),
  recipient_ids: z.array(zId).min(1).max(50),
  params: z.record(z.string(), z.unknown()).default({}),
});
export const zSubscription = z.object({
  id: z.number(),
  report: z.enum(SCHEDULABLE_REPORTS),
  format: z.enum(EXPORT_FORMATS),
  frequency: z.enum(REPORT_FREQUENCIES),
  site: zReportRef,
  hour: z.number(),
  recipients: z.array(z.object({ id: z.number(), full_name: z.string(), email: z.string().nullable() })),
  next_run_at: z.string(),
  last_run_at: z.string().nullable(),
});

/** Print list (rule 291). */
export const PRINT_STATUSES = ['queued', 'sent', 'printed', 'failed', 'canceled', 'expired'] as const;
export const zPrintFilter = z.object({ status: z.enum(PRINT_STATUSES).optional(), kiosk_id: zId.optional() });
export const zPrintJob = z.object({
  id: z.number(),
  printer: z.string(),
  status: z.enum(PRINT_STATUSES),
  person: zReportRef,
  kiosk: zReportRef,
  reprint_of: z.number().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  executed_at: z.string().nullable(),
  can_cancel: z.union([z.literal(0), z.literal(1)]),
  can_reprint: z.union([z.literal(0), z.literal(1)]),
});
export type PrintJob = z.output<typeof zPrintJob>;

/** A saved export or subscription, with its message. */
export const zExportSaved = z.object({ message: z.string(), data: zExportRow });
export const zSubscriptionRunSaved = z.object({ message: z.string(), data: z.object({ id: z.number(), next_run_at: z.string() }) });
/** Visit history: a page of rows, and whether the count stopped at its cap. */
export const zHistoryList = listOf(zHistoryRow).extend({ count_capped: z.union([z.literal(0), z.literal(1)]) });
/** A print job after a cancel or a reprint, with its message. */
export const zPrintJobSaved = one(zPrintJob).extend({ message: z.string() });
/** Users not on site: a page of people, and the local day it is about. */
export const zNotOnSiteList = listOf(zNotOnSiteRow).extend({ date: z.string() });
