import { z } from 'zod';
import { saved, zBool, zId, zListQuery } from './common';

/**
 * Directory integrations (rules 266-281): Google, Microsoft Entra (azure), Paxton Net2 and Wonde, their sync into
 * people, the temporary users (valid, error, duplicate), write-back of scans as attendance marks.
 */
export const DIRECTORY_TYPES = ['google', 'azure', 'paxton', 'wonde'] as const;
export type DirectoryTypeKey = (typeof DIRECTORY_TYPES)[number];
export const INTEGRATION_STATUSES = ['draft', 'active', 'active_with_errors', 'auth_failed', 'inactive', 'invalid'] as const;
export const SYNC_FREQUENCIES = ['daily', 'weekly', 'monthly', 'immediately'] as const;
/** Our person fields a directory field can fill (field mapping). */
export const MAPPABLE_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'id_number', 'company_name'] as const;
/** Fields that identify one person, usable to match existing people when migrating (rule 275). */
export const MIGRATION_FIELDS = ['email', 'phone', 'id_number'] as const;
export const INTEGRATION_NAME_MAX = 100;

/**
 * Rule 270's codes. 0 queued, 1 authenticating, 2 listing, 11 saving people, 6 migrating: keep polling; 3 done,
 * 15 done with errors or duplicates to fix; 4 first sync failed, 5 automatic/manual sync failed, 7 migration failed,
 * 8 interrupted: Retry (rule 271); 9 authentication failed (re-authenticate), 10 with the server's message.
 */
export const SYNC_CODES = { queued: 0, authenticating: 1, listing: 2, saving: 11, migrating: 6, done: 3, doneWithIssues: 15, firstFailed: 4, syncFailed: 5, migrationFailed: 7, interrupted: 8, authFailed: 9, authFailedMessage: 10 } as const;
export type SyncCode = (typeof SYNC_CODES)[keyof typeof SYNC_CODES];

const req = (key: string) => z.string({ error: key }).trim().min(1, { error: key }).max(4000);
const zUrl = z.string().trim().max(500).url({ error: 'integrations.url_invalid' }).refine((u) => /^https?:\/\//i.test(u), { error: 'integrations.url_invalid' });

/** Per-type configuration (rule 267). `base_url` points a cloud directory elsewhere (tests, regional hosts). */
export const zGoogleConfig = z.object({
  refresh_token: z.string().trim().max(4000).optional(),
  client_id: z.string().trim().max(500).optional(),
  client_secret: z.string().trim().max(500).optional(),
  service_account_email: z.string().trim().max(500).optional(),
  private_key: z.string().max(8000).optional(),
  admin_email: z.string().trim().max(254).optional(),
  customer: z.string().trim().max(100).optional(),
  base_url: zUrl.optional(),
  token_url: zUrl.optional(),
});
export const zAzureConfig = z.object({
  tenant: req('integrations.tenant_required'),
  client: req('integrations.client_required'),
  secret: req('integrations.secret_required'),
  base_url: zUrl.optional(),
  login_url: zUrl.optional(),
});
export const zPaxtonConfig = z.object({
  username: req('integrations.username_required'),
  password: req('integrations.password_required'),
  client_id: req('integrations.client_required'),
  server_url: zUrl,
});
export const zWondeConfig = z.object({
  school_id: z.string({ error: 'integrations.school_required' }).trim().regex(/^[A-Za-z0-9]{1,40}$/, { error: 'integrations.school_required' }),
  token: req('integrations.token_required'),
  base_url: zUrl.optional(),
});
export const CONFIG_SCHEMAS = { google: zGoogleConfig, azure: zAzureConfig, paxton: zPaxtonConfig, wonde: zWondeConfig } as const;

export const zDirectoryParam = z.object({ entityId: zId, directory: z.enum(DIRECTORY_TYPES, { error: 'integrations.type_unknown' }) });
/** POST /integration/authentication/{entityId}/{directory}: the configuration; `id` re-authenticates a draft. */
export const zAuthenticationBody = z.object({ id: zId.optional(), name: z.string().trim().max(INTEGRATION_NAME_MAX).optional() }).catchall(z.unknown());
export const zReAuthBody = z.object({ id: zId }).catchall(z.unknown());
export const zValidateNameBody = z.object({ name: z.string({ error: 'integrations.name_required' }).trim().min(1, { error: 'integrations.name_required' }).max(INTEGRATION_NAME_MAX, { error: 'integrations.name_max' }), id: zId.optional() });

const zGroupMapping = z.object({ group_id: z.string().trim().min(1).max(200), user_type_id: zId });
/** Rule 275: a name, at least one site, one field and one group role. */
export const zDirectoryBody = z.object({
  id: zId,
  name: zValidateNameBody.shape.name,
  site_ids: z.array(zId).min(1, { error: 'integrations.site_required' }).max(500),
  mapped_fields: z
    .partialRecord(z.enum(MAPPABLE_FIELDS), z.string().trim().min(1).max(100))
    .refine((m) => Object.keys(m).length > 0, { error: 'integrations.field_required' }),
  groups: z.array(zGroupMapping).min(1, { error: 'integrations.group_required' }).max(2000),
  sync_frequency: z.enum(SYNC_FREQUENCIES).default('daily'),
  scans_per_day: z.coerce.number().int().min(1).max(50).default(1),
});
export const zDirectoryEditBody = zDirectoryBody.omit({ id: true }).partial().extend({ status: z.enum(['active', 'inactive']).optional() });
export const zIntegrationIdBody = z.object({ id: zId });
export const zIntegrationIdQuery = z.object({ id: zId });
export const zAutoSyncBody = z.object({ id: zId, enabled: zBool.default(true), sync_frequency: z.enum(SYNC_FREQUENCIES).optional() });
export const zMigrateBody = z.object({ id: zId, migration_field: z.enum(MIGRATION_FIELDS, { error: 'integrations.migration_field_required' }) });
export const zTempListQuery = zListQuery.extend({ id: zId });
export const zFixErrorBody = z.object({
  temp_user_id: zId,
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(20).optional(),
  id_number: z.string().trim().max(100).optional(),
  user_type_id: zId.optional(),
});
/** A duplicate fix needs the person selected (rule 287: 'Please select a user'); `create` makes a new person instead. */
export const zFixDuplicateBody = z.object({ temp_user_id: zId, user_id: zId.optional(), action: z.enum(['merge', 'create']).default('merge') });
export const zWriteBackBody = z.object({ id: zId, scan_ids: z.array(zId).min(1, { error: 'integrations.scans_required' }).max(10_000) });
export const zAttendanceCodeParam = z.object({ entityId: zId, id: zId });
/** POST attendance_codes/bulk-update: the codes a mode (on time) and its reasons (late, early) record. */
export const zCodesBulkBody = z.object({
  integration_id: zId,
  modes: z.array(z.object({ id: zId, attendance_code_id: zId.nullable() })).max(500).default([]),
  reasons: z.array(z.object({ id: zId, attendance_code_id: zId.nullable() })).max(2000).default([]),
});
export const zIntegrationScansQuery = zListQuery.extend({ integration_id: zId, status: z.enum(['pending', 'ignored', 'sent', 'failed']).optional() });
export const zIgnoreScansBody = z.object({ ids: z.array(zId).min(1, { error: 'integrations.scans_required' }).max(10_000) });
export const zEditScansBody = zIgnoreScansBody.extend({ attendanceCodeId: zId });

const zCounts = z.record(z.string(), z.number());
export const zIntegration = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(DIRECTORY_TYPES),
  status: z.enum(INTEGRATION_STATUSES),
  sync_frequency: z.enum(SYNC_FREQUENCIES),
  auto_sync: z.union([z.literal(0), z.literal(1)]),
  site_ids: z.array(z.number()),
  mapped_fields: z.record(z.string(), z.string()),
  groups: z.array(z.object({ group_id: z.string(), user_type_id: z.number() })),
  migration_field: z.string().nullable(),
  scans_per_day: z.number(),
  sync_code: z.number(),
  migration_stage: z.string(),
  last_synced_at: z.string().nullable(),
  next_sync_at: z.string().nullable(),
  token_at: z.string().nullable(),
  last_error: z.string().nullable(),
  /** Which configuration keys are set (their values never leave the server, rule 267). */
  configured: z.array(z.string()),
  synced_users: z.number(),
  temp: zCounts,
});
export const zIntegrationList = z.object({ data: z.array(zIntegration), count: z.number(), types: z.array(z.enum(DIRECTORY_TYPES)) });
export const zIntegrationOne = z.object({ data: zIntegration });
export const zIntegrationSaved = z.object({ message: z.string(), data: zIntegration });
export const zSyncStatus = z.object({
  data: z.object({ id: z.number(), status: z.enum(INTEGRATION_STATUSES), code: z.number(), migration_stage: z.string(), run_id: z.number().nullable(), counts: zCounts, errors: z.array(z.object({ type: z.string(), message: z.string() })) }),
});
export const zSyncStarted = z.object({ message: z.string(), data: z.object({ run_id: z.number(), code: z.number() }) });
export const zStatistics = z.object({
  data: z.object({ synced_users: z.number(), archived_users: z.number(), temp: zCounts, runs: z.number(), last_run: z.unknown().nullable(), scans: zCounts }),
});
export const zTempUser = z.object({
  id: z.number(),
  external_id: z.string(),
  state: z.enum(['valid', 'error', 'duplicate']),
  data: z.record(z.string(), z.string().nullable()),
  user_type_id: z.number().nullable(),
  errors: z.record(z.string(), z.array(z.string())),
  duplicate_of: z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), email: z.string().nullable() }).nullable(),
});
export const zTempUserSaved = saved(zTempUser);
export const zTempUsers = z.object({ data: z.array(zTempUser), count: z.number() });
export const zSyncedUser = z.object({ id: z.number(), external_id: z.string(), first_name: z.string(), last_name: z.string(), email: z.string().nullable(), status: z.string(), user_type_id: z.number().nullable(), synced_at: z.string() });
export const zSyncedUsers = z.object({ data: z.array(zSyncedUser), count: z.number() });
export const zSyncRun = z.object({ id: z.number(), kind: z.string(), status: z.string(), code: z.number(), counts: zCounts, errors: z.array(z.object({ type: z.string(), message: z.string() })), started_at: z.string().nullable(), finished_at: z.string().nullable(), created_at: z.string() });
export const zSyncLogs = z.object({ data: z.array(zSyncRun), count: z.number() });
export const zDirectoryGroup = z.object({ id: z.string(), name: z.string(), kind: z.string().nullable(), member_count: z.number() });
export const zPreRequest = z.object({ data: z.object({ fields: z.array(z.string()), mappable: z.array(z.string()), groups: z.array(zDirectoryGroup) }) });
export const zIntegrationUserTypes = z.object({ data: z.object({ user_types: z.array(z.object({ id: z.number(), name: z.string() })), groups: z.array(z.object({ group_id: z.string(), user_type_id: z.number() })) }) });
export const zDuplicateCheck = z.object({ data: z.object({ errors: z.number(), duplicates: z.number(), valid: z.number(), can_edit_fields: z.union([z.literal(0), z.literal(1)]) }) });
export const zIntegrationAreas = z.object({ data: z.array(z.object({ site_id: z.number(), site_name: z.string(), areas: z.array(z.object({ id: z.number(), name: z.string() })) })) });
export const zAttendanceCodeRow = z.object({ id: z.number(), external_id: z.string().nullable(), code: z.string(), name: z.string() });
export const zAttendanceCodes = z.object({
  data: z.object({
    codes: z.array(zAttendanceCodeRow),
    modes: z.array(z.object({ id: z.number(), name: z.string(), attendance_code_id: z.number().nullable() })),
    reasons: z.array(z.object({ id: z.number(), name: z.string(), type: z.string(), attendance_mode_id: z.number(), attendance_code_id: z.number().nullable() })),
  }),
});
export const zIntegrationScan = z.object({
  id: z.number(),
  scan_id: z.number(),
  user_id: z.number(),
  full_name: z.string(),
  at: z.string(),
  date: z.string(),
  session: z.enum(['AM', 'PM']),
  status: z.string(),
  attendance_code_id: z.number().nullable(),
  code: z.string().nullable(),
  minutes_late: z.number().nullable(),
  writeback_id: z.string().nullable(),
  error: z.string().nullable(),
});
export const zIntegrationScans = z.object({ data: z.array(zIntegrationScan), count: z.number() });
export const zUpdatedCount = z.object({ message: z.string(), data: z.object({ updated: z.number() }) });

/** The SCIM provisioning token, answered once when created or rotated (issue 19 part 6), with the endpoint's base. */
export const zScimTokenSaved = z.object({ message: z.string(), data: z.object({ token: z.string(), url: z.string() }) });

/** Paxton Net2 (issue 19 part 4): the access level a user type's visitors get, and the doors read as our areas. */
export const zNet2Settings = z.object({
  visitor_access_levels: z.array(z.object({ user_type_id: zId, access_level_id: z.coerce.number().int().min(0).max(2_147_483_647) })).max(500),
  door_areas: z.array(z.object({ door_id: z.string().trim().regex(/^\d{1,18}$/, { error: 'integrations.door_unknown' }), area_id: zId })).max(2000),
});
export const zNet2SettingsBody = zNet2Settings.partial();
const zNet2Option = z.object({ id: z.string(), name: z.string() });
export const zNet2Options = z.object({
  data: zNet2Settings.extend({ access_levels: z.array(zNet2Option), doors: z.array(zNet2Option) }),
});
export const zNet2SettingsSaved = z.object({ message: z.string(), data: zNet2Settings });
