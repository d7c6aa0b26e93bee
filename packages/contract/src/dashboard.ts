import { z } from 'zod';
import { listOf, zBool, zDate, zFlag, zId, zListQuery } from './common';
import { INPUT_METHODS, SCAN_TYPES, VISIT_STATUSES, zScan } from './signin';
import { DEFAULT_TEMPERATURE_THRESHOLD_C } from './temperature';

/** isExporting answers every matching row up to this cap (rule 164). */
export const EXPORT_ROWS_MAX = 10_000;
/** The export hint shows for 4 s (rule 126). */
export const EXPORT_HINT_MS = 4000;
/** Daily counts cover at most this many days. */
export const DAILY_DAYS_MAX = 92;

export const LOGBOOK_SORT_FIELDS = ['at', 'full_name', 'area', 'site', 'user_type', 'input_method', 'type'] as const;

const zIdList = z.union([zId, z.array(zId).max(200)]).transform((v) => (Array.isArray(v) ? v : [v]));
const oneOrMany = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.array(z.enum(values)).max(values.length)]).transform((v) => (Array.isArray(v) ? v : [v]));

/**
 * The logbook's temperature filter: 'default' shows every scan (rule 167); 'high' readings at or above the
 * default threshold, 'normal' readings below it, 'not_taken' scans without a reading.
 */
export const TEMPERATURE_FILTERS = ['default', 'normal', 'high', 'not_taken'] as const;
export const TEMPERATURE_FILTER_DEFAULT = 'default';
export const LOGBOOK_HIGH_TEMPERATURE_C = DEFAULT_TEMPERATURE_THRESHOLD_C;

/**
 * The logbook's filterBy (a JSON object, rule 164): date range, area, site, kiosk, user type, input method, scan
 * data type, visit status, temperature (rule 167) and search. `status: 'expected'` lists the expected visits
 * (no scan yet) in the logbook's row shape.
 */
/**
 * The logbook's visit-status filter: the visit statuses, and the expected visits still awaiting their host's or an
 * administrator's approval (issue 15 part 4).
 */
export const LOGBOOK_VISIT_STATUSES = [...VISIT_STATUSES, 'awaiting_approval'] as const;

export const zLogbookFilter = z.object({
  start_date: zDate.optional(),
  end_date: zDate.optional(),
  area_id: zIdList.optional(),
  site_id: zIdList.optional(),
  user_type_id: zIdList.optional(),
  kiosk_id: zIdList.optional(),
  input_method: oneOrMany(INPUT_METHODS).optional(),
  /** Scan data types (`GET /sacn_data_type`): sign_in, sign_out, auto_sign_out. */
  scan_type: oneOrMany(SCAN_TYPES).optional(),
  /** A visit status (`GET /sacn_data_type?type=visit`); a scan data type is still read here as before. */
  status: z.union([z.enum(SCAN_TYPES), z.enum(LOGBOOK_VISIT_STATUSES)]).optional(),
  temperature: z.enum(TEMPERATURE_FILTERS).default(TEMPERATURE_FILTER_DEFAULT),
  search: z.string().trim().max(100).optional(),
});
export type LogbookFilter = z.output<typeof zLogbookFilter>;

export const LOGBOOK_ROW_TYPES = [...SCAN_TYPES, 'expected'] as const;

/**
 * One logbook row: a scan with its visit's journey stage (rule 152), date, time and admin notes. An expected
 * visit (no scan yet) is a row of type 'expected' whose `id` is the visit's id, at its expected time.
 */
export const zLogbookRow = zScan.extend({
  type: z.enum(LOGBOOK_ROW_TYPES),
  journey_stage: z.string().nullable(),
  visit_date: z.string().nullable(),
  visit_time: z.string().nullable(),
  admin_notes: z.string().nullable(),
});
export type LogbookRow = z.infer<typeof zLogbookRow>;

export const zVisitListQuery = zListQuery.extend({
  sortField: z.enum(LOGBOOK_SORT_FIELDS).optional(),
  isExporting: zBool.optional(),
});

export const zDailyQuery = z.object({
  start_date: zDate.optional(),
  end_date: zDate.optional(),
  site_id: zId.optional(),
  area_id: zId.optional(),
});

export const zDailyCount = z.object({ date: z.string(), sign_ins: z.number(), sign_outs: z.number(), people: z.number() });
export const zDashboardTotals = z.object({
  totals: z.object({
    daily: z.array(zDailyCount),
    on_site: z.number(),
    sign_ins_today: z.number(),
    sign_outs_today: z.number(),
    expected_today: z.number(),
  }),
});

/**
 * The first-run checklist on the dashboard (issue 15 part 4), in the order a new organisation sets up: a site, an
 * area in it, a paired kiosk, a journey given to an area or kiosk, a pre-registration link. Each step ticks itself
 * from the organisation's data.
 */
export const SETUP_STEPS = ['site', 'area', 'kiosk', 'journey', 'link'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
export const zSetupChecklist = z.object({
  data: z.object({ steps: z.array(z.object({ key: z.enum(SETUP_STEPS), done: zFlag })), complete: zFlag }),
});

export const zLookup = z.object({ id: z.string(), name: z.string() });
export const zScanTypeQuery = z.object({ type: z.enum(['visit']).optional() });

/** The logbook's page, `count_capped` when the count stopped at its cap. */
export const zLogbook = listOf(zLogbookRow).extend({ count_capped: z.union([z.literal(0), z.literal(1)]) });
