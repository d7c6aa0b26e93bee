import { z } from 'zod';
import { zBool, zId } from './common';

/**
 * Privacy manager (rules 282-285): retention days for people's data and for their scans, per user type, with the
 * organisation's default for visitor types; delete now; the scheduled purge (`cron_jobs`).
 */

/** A new organisation keeps visitors' data and scans this many days unless changed (issue 18). */
export const DEFAULT_RETENTION_DAYS = 365;
/** Retention is at least one day (rule 283: positive) and at most 100 years. */
export const RETENTION_DAYS_MAX = 36_500;
/** The nightly purge starts at this local hour of the organisation's time zone. */
export const PURGE_LOCAL_HOUR = 2;

const zDays = z.coerce
  .number({ error: 'privacy.days_positive' })
  .int({ error: 'privacy.days_positive' })
  .min(1, { error: 'privacy.days_positive' })
  .max(RETENTION_DAYS_MAX, { error: 'privacy.days_max' });

export const zRetention = z.object({ data_retention_days: zDays, scans_retention_days: zDays });
/** POST /user-type_privacy_manager: one user type's retention; `confirm` once the impact was shown. */
export const zUserTypeRetentionBody = zRetention.extend({ entity_id: zId.optional(), user_type_id: zId, confirm: zBool.optional() });
/** PUT /entity_privacy_manager/{entityId}: the default for visitor types without their own setting. */
export const zEntityRetentionBody = zRetention.extend({ entity_id: zId.optional(), confirm: zBool.optional() });
export const zRetentionImpactQuery = zRetention.extend({ user_type_id: zId.optional() });
export const zRetentionImpact = z.object({ data: z.object({ people: z.number(), scans: z.number() }) });

export const DELETE_NOW_TYPES = ['data', 'scan', 'both'] as const;
/** POST /delete_now_privacy_manager (rule 284): type and name, for one user type, confirmed with the password. */
export const zDeleteNowBody = z.object({
  entity_id: zId.optional(),
  type: z.enum(DELETE_NOW_TYPES),
  name: z.string().trim().min(1).max(100),
  user_type_id: zId.nullable().optional(),
  password: z.string().min(1, { error: 'privacy.password_required' }).max(200),
});

/** GET /check_password: `encrypted=1` means the password is sent base64-encoded (an encoding, not a secret). */
export const zCheckPasswordQuery = z.object({ password: z.string().min(1).max(400), encrypted: zBool.optional() });

export const zRetentionSetting = z.object({
  user_type_id: z.number().nullable(),
  name: z.string(),
  /** Staff types are not covered by the visitors' default. */
  is_staff: z.union([z.literal(0), z.literal(1)]),
  data_retention_days: z.number().nullable(),
  scans_retention_days: z.number().nullable(),
  /** Where the days come from: the type's own setting, the organisation's default, or none (kept). */
  source: z.enum(['own', 'default', 'none']),
});
export const zPrivacySettings = z.object({
  data: z.object({
    default: zRetention.nullable(),
    user_types: z.array(zRetentionSetting),
    time_zone: z.string(),
  }),
});

export const PRIVACY_RUN_KINDS = ['purge', 'delete_now', 'erase_person'] as const;
export const zPrivacyRun = z.object({
  id: z.number(),
  kind: z.enum(PRIVACY_RUN_KINDS),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  name: z.string().nullable(),
  counts: z.record(z.string(), z.number()),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
  error: z.string().nullable(),
});
export const zCronJobs = z.object({
  data: z.array(zPrivacyRun),
  count: z.number(),
  scheduled: z.array(z.object({ name: z.string(), next_run_at: z.string(), time_zone: z.string() })),
});

/** A person's erasure from their page: the actor's password confirms it. */
export const zEraseBody = z.object({ password: z.string().min(1, { error: 'privacy.password_required' }).max(200) });

/** What a retention change will remove (or removed), with its message. */
export const zRetentionImpactSaved = z.object({ message: z.string(), data: z.object({ people: z.number(), scans: z.number() }) });
/** A privacy run (delete now, an erasure), with its message. */
export const zPrivacyRunSaved = z.object({ message: z.string(), data: zPrivacyRun });
/** `check_password`: whether the password given is the caller's. */
export const zPasswordCheck = z.object({ data: z.object({ valid: z.union([z.literal(0), z.literal(1)]) }) });
