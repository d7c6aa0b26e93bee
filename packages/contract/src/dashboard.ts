import { z } from 'zod';
import { zBool, zDate, zId, zListQuery } from './common';
import { INPUT_METHODS, SCAN_TYPES, VISIT_STATUSES } from './signin';

/** isExporting answers every matching row up to this cap (rule 164). */
export const EXPORT_ROWS_MAX = 10_000;
/** Daily counts cover at most this many days. */
export const DAILY_DAYS_MAX = 92;

export const LOGBOOK_SORT_FIELDS = ['at', 'full_name', 'area', 'site', 'user_type', 'input_method', 'type'] as const;

const zIdList = z.union([zId, z.array(zId).max(200)]).transform((v) => (Array.isArray(v) ? v : [v]));

/** The logbook's filterBy (a JSON object): date range, area, site, user type, input method, status, search. */
export const zLogbookFilter = z.object({
  start_date: zDate.optional(),
  end_date: zDate.optional(),
  area_id: zIdList.optional(),
  site_id: zIdList.optional(),
  user_type_id: zIdList.optional(),
  kiosk_id: zIdList.optional(),
  input_method: z.union([z.enum(INPUT_METHODS), z.array(z.enum(INPUT_METHODS)).max(10)]).transform((v) => (Array.isArray(v) ? v : [v])).optional(),
  /** A scan data type (sign_in, sign_out, auto_sign_out) or a visit status (signed_in, expected…). */
  status: z.union([z.enum(SCAN_TYPES), z.enum(VISIT_STATUSES)]).optional(),
  search: z.string().trim().max(100).optional(),
});
export type LogbookFilter = z.output<typeof zLogbookFilter>;

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

export const zLookup = z.object({ id: z.string(), name: z.string() });
export const zScanTypeQuery = z.object({ type: z.enum(['visit']).optional() });
