import { z } from 'zod';
import { listOf, one, saved, zBool, zDate, zEmail, zFlag, zId, zNamed, zPhone } from './common';
import { zListTranslations, zTranslations } from './i18n-text';
import { NAME_MAX, NAME_MIN } from './person-details';

/** Registration methods (rule 156). */
export const REGISTRATION_METHODS = ['not_required', 'allowed', 'approval_required', 'by_admin', 'pre_registered_only'] as const;
export type RegistrationMethod = (typeof REGISTRATION_METHODS)[number];
/** Visit grace period minimum in minutes (rule 190). */
export const GRACE_PERIOD_MIN = 30;
export const MANDATORY_DATA = ['first_name', 'last_name', 'email', 'phone', 'company_name', 'id_number', 'photo'] as const;

const zIdList = z.array(zId).max(1000);
const zName = z.string().trim().min(NAME_MIN, 'people.name_min').max(NAME_MAX, 'people.name_max');

export const zUserTypeBody = z.object({
  entity_id: zId.optional(),
  name: z.string().trim().min(1, 'user_types.name_required').max(NAME_MAX),
  /** The name in other languages (issue 15 part 7); absent: the stored ones stay. */
  name_i18n: zTranslations.optional(),
  parent_id: zId.nullable().optional(),
  registration_method: z.enum(REGISTRATION_METHODS, 'user_types.registration_method_required'),
  grace_period: z.coerce.number('user_types.grace_period_min').int().min(GRACE_PERIOD_MIN, 'user_types.grace_period_min').max(100_000),
  mandatory_data: z.array(z.enum(MANDATORY_DATA)).max(MANDATORY_DATA.length).default([]),
  profile_photo: zBool.default(false),
  allow_switch: zBool.default(false),
  is_staff: zBool.default(false),
  allowNotSelectHost: zBool.default(false),
  host_user_type_ids: zIdList.default([]),
});
export const zUserTypeMoveBody = z.object({ entity_id: zId.optional(), id: zId, parent_id: zId.nullable(), sort_order: z.coerce.number().int().min(0).max(100_000).optional() });

export const zUserType = z.object({
  id: z.number(),
  entity_id: z.number(),
  name: z.string(),
  name_i18n: zTranslations,
  parent_id: z.number().nullable(),
  registration_method: z.string(),
  pre_registration_method: z.string(),
  grace_period: z.number(),
  mandatory_data: z.array(z.string()),
  profile_photo: z.number(),
  allow_switch: z.number(),
  is_staff: z.number(),
  allowNotSelectHost: z.number(),
  hostUserTypesExist: z.number(),
  host_user_type_ids: z.array(z.number()),
  sort_order: z.number(),
  users_count: z.number().optional(),
  children: z.array(z.any()).optional(),
});
export type UserType = z.infer<typeof zUserType>;

/** Labels: at most 30 characters. */
export const LABEL_MAX = 30;
export const zLabelName = z.string().trim().min(1).max(LABEL_MAX, 'people.label_max');

/** Custom field value in a payload (rule 218): checkboxes as a JSON string, toggle as 1 or 0. */
export const zCustomFieldValue = z.object({ custom_field_id: zId, type: z.string().max(20).optional(), value: z.union([z.string().max(5000), z.number(), z.array(z.string().max(500)).max(100), z.null()]) });

export const zUserBody = z.object({
  entity_id: zId.optional(),
  first_name: zName,
  last_name: zName,
  email: z.union([zEmail, z.literal('').transform(() => null), z.null()]).optional(),
  phone: z.union([zPhone, z.literal('').transform(() => null), z.null()]).optional(),
  phone_code: z.string().trim().regex(/^\+?\d{1,4}$/, 'people.phone_code').nullable().optional(),
  id_number: z.string().trim().max(50).nullable().optional().transform((v) => v || null),
  company_name: z.string().trim().max(100).nullable().optional(),
  user_type_id: zId,
  role_id: zId.nullable().optional(),
  department_id: zId.nullable().optional(),
  /** A department by name (created when new), as the import and quick forms send it. */
  department: z.string().trim().min(1).max(NAME_MAX).optional(),
  labels: z.array(zLabelName).max(50).optional(),
  resources: z.record(z.string().max(50), z.string().max(200)).optional(),
  custom_fields: z.union([z.array(zCustomFieldValue).max(200), z.string().max(200_000)]).optional(),
  rfid: z.string().trim().max(64).nullable().optional().transform((v) => v || null),
  lang: z.enum(['en', 'ar', 'es']).optional(),
  all_sites: zBool.optional(),
  sites: zIdList.optional(),
  all_user_types: zBool.optional(),
  user_types: zIdList.optional(),
});
export type UserBody = z.output<typeof zUserBody>;

export const zUserRow = z.object({
  id: z.number(),
  entity_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phone_code: z.string().nullable(),
  id_number: z.string().nullable(),
  company_name: z.string().nullable(),
  image: z.string().nullable(),
  status: z.string(),
  user_type_id: z.number().nullable(),
  user_type: z.string().nullable(),
  role_id: z.number().nullable(),
  department_id: z.number().nullable(),
  rfid: z.string().nullable(),
  has_passport: z.number(),
  created_at: z.string(),
});
/** A person's vaccine or PCR record (rules 181-186), as the person's page and the records list show it. */
export const zUserDocument = z.object({
  id: z.number(),
  user_id: z.number(),
  document_type_id: z.number().nullable(),
  type: z.enum(['covid_vaccine', 'test']),
  vaccine_name: z.string().nullable(),
  protocol: z.string().nullable(),
  batch_number: z.string().nullable(),
  date_taken: z.string().nullable(),
  start_date: z.string().nullable(),
  expiry_date: z.string().nullable(),
  pcr_result: z.enum(['negative', 'positive']).nullable(),
  pcr_date: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  notes: z.string().nullable(),
  file: z.string().nullable(),
  accept_negative_pcr: zFlag,
  vaccine_status: z.string(),
  status: z.enum(['enabled', 'disabled', 'DELETED']),
  action_by: z.number().nullable(),
  updated_at: z.string(),
});
export const zUserFull = zUserRow.extend({
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  departments: z.array(z.object({ id: z.number(), name: z.string() })),
  labels: z.array(z.object({ id: z.number(), name: z.string() })),
  resources: z.record(z.string(), z.string()),
  sections: z.array(z.object({ section_id: z.number(), value: z.string(), custom_fields: z.array(z.object({ custom_field_id: z.number(), name: z.string(), type: z.string(), value: z.string().nullable() })) })),
  documents: z.array(zUserDocument),
  last_visit: z.any().nullable(),
  duplicates: z.array(z.number()),
  face_id: z.string().nullable(),
  all_sites: z.number(),
  sites: z.array(z.number()),
  all_user_types: z.number(),
  user_types: z.array(z.number()),
});

export const zUsersActiveBody = z.object({ entity_id: zId.optional(), users: zIdList.min(1, 'people.select_user'), status: z.enum(['active', 'archived']) });
export const zUsersUserTypeBody = z.object({ entity_id: zId.optional(), users: zIdList.min(1, 'people.select_user'), user_type_id: zId });
export const zApplyLabelsBody = z.object({ entity_id: zId.optional(), users: zIdList.min(1, 'people.select_user'), labels: z.array(zLabelName).min(1).max(50) });
export const zInviteRevokeBody = z.object({ entity_id: zId.optional(), users: zIdList.min(1, 'people.select_user'), type: z.enum(['invite', 'revoke']), role_id: zId.optional() });
/**
 * One row of a dashboard invitation (rules 166, 179): the person, the role they get, the sites and user types
 * they will see, and their phone with its country code. Missing values are reported per row, not as a 400.
 */
export const zInviteRow = z.object({
  id: zId,
  role_id: zId.nullable().optional(),
  sites: zIdList.default([]),
  user_types: zIdList.default([]),
  phone_code: z.string().trim().max(5).nullable().optional(),
  phone: z.string().trim().max(20).nullable().optional(),
});
export type InviteRow = z.output<typeof zInviteRow>;
/** Apply invitations: plain ids (the users grid) or full rows (the /invite-users-to-dashboard page). */
export const zApplyInviteBody = z.object({
  entity_id: zId.optional(),
  users: z
    .array(z.union([zId, zInviteRow]))
    .min(1, 'people.select_user')
    .max(500)
    .refine((l) => l.every((x) => typeof x === 'number') || l.every((x) => typeof x === 'object'), 'people.select_user')
    .transform((l) => l as number[] | InviteRow[]),
  role_id: zId.optional(),
});
export const zMergeBody = z.object({ entity_id: zId.optional(), keep_user_id: zId.optional(), merge_user_id: zId.optional() });
export const zMassResult = z.object({ message: z.string(), data: z.object({ done: z.array(z.number()), skipped: z.array(z.object({ id: z.number(), reason: z.string() })) }) });

/** Custom field types (rule 216). */
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'long_text', 'rating', 'toggle', 'checkboxes', 'radio'] as const;
export const RATING_DISPLAYS = ['labels', 'stars', 'smileys'] as const;
export const zCustomFieldInput = z
  .object({
    id: zId.optional(),
    name: z.string().trim().min(1, 'custom_fields.name_required').max(NAME_MAX),
    name_i18n: zTranslations.optional(),
    type: z.enum(CUSTOM_FIELD_TYPES),
    display: z.enum(RATING_DISPLAYS).nullable().optional(),
    options: z.array(z.string().trim().min(1).max(NAME_MAX)).max(50).default([]),
    /** Each option in other languages, by index. */
    options_i18n: zListTranslations.optional(),
    binding: z.string().trim().max(50).nullable().optional(),
    badge_printable: zBool.default(false),
    fillable_by_user: zBool.default(false),
    required_at_pre_registration: zBool.default(false),
  })
  .superRefine((f, ctx) => {
    const needs = f.type === 'checkboxes' || f.type === 'radio' || (f.type === 'rating' && f.display === 'labels');
    if (needs && f.options.length < 1) ctx.addIssue({ code: 'custom', path: ['options'], message: 'custom_fields.options_required' });
    if (new Set(f.options.map((o) => o.toLowerCase())).size !== f.options.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'custom_fields.option_unique' });
    if (f.type === 'rating' && !f.display) ctx.addIssue({ code: 'custom', path: ['display'], message: 'custom_fields.display_required' });
  });
export const zSectionBody = z.object({ entity_id: zId.optional(), value: z.string().trim().min(1, 'custom_fields.section_required').max(NAME_MAX), custom_fields: z.array(zCustomFieldInput).max(100).default([]) });
export const zCustomField = z.object({
  id: z.number(),
  section_id: z.number(),
  name: z.string(),
  name_i18n: zTranslations,
  type: z.string(),
  display: z.string().nullable(),
  options: z.array(z.string()),
  options_i18n: zListTranslations,
  binding: z.string().nullable(),
  badge_printable: z.number(),
  fillable_by_user: z.number(),
  required_at_pre_registration: z.number(),
});
export const zSection = z.object({ id: z.number(), entity_id: z.number(), value: z.string(), custom_fields: z.array(zCustomField) });

/** Vaccine or PCR statuses (rule 181). */
export const VACCINE_STATUSES = ['not_applicable', 'vaccinated', 'negative_pcr', 'positive_pcr', 'unchecked', 'expired', 'not_supported', 'disabled'] as const;
export const zDocumentBody = z.object({
  entity_id: zId.optional(),
  user_id: zId,
  type: z.enum(['covid_vaccine', 'test']),
  document_type_id: zId.optional(),
  first_name: z.string().trim().max(NAME_MAX).optional(),
  last_name: z.string().trim().max(NAME_MAX).optional(),
  date_of_birth: zDate.optional(),
  vaccine_name: z.string().trim().max(100).optional(),
  protocol: z.string().trim().max(100).optional(),
  batch_number: z.string().trim().max(100).optional(),
  date_taken: zDate.optional(),
  start_date: zDate.optional(),
  expiry_date: zDate.optional(),
  pcr_result: z.enum(['negative', 'positive']).optional(),
  pcr_date: zDate.optional(),
  notes: z.string().trim().max(2000).optional(),
  accept_negative_pcr: zBool.default(false),
  vaccine_status: z.enum(VACCINE_STATUSES).optional(),
});
export const zDocumentStatusBody = z.object({ entity_id: zId.optional(), status: z.enum(['DELETED', 'toggle', 'enabled', 'disabled']).default('toggle') });

/** Import limits (rules 175-177). */
export const IMPORT_XLSX_MAX = 2 * 1024 * 1024;
export const IMPORT_ZIP_MAX = 50 * 1024 * 1024;
export const IMPORT_PHOTO_MAX = 500 * 1024;
export const IMPORT_COLUMNS = ['first_name', 'last_name', 'email', 'phone', 'phone_code', 'id_number', 'company_name', 'user_type', 'department', 'labels', 'rfid', 'photo'] as const;
export const USER_IMAGE_MAX = 3 * 1024 * 1024;
export const USER_IMAGE_MIN_WIDTH = 250;
export const USER_IMAGE_MIN_HEIGHT = 300;

/** Answers of the user-type calls. */
export const zUserTypeJourney = one(z.object({ journey_id: z.number(), user_type_id: z.number(), journey_flow_id: z.number().nullable(), user_type: zUserType }));
export const zUserTypeCount = one(z.object({ id: z.number(), count: z.number(), with_children: z.number() }));
/** May people of the type switch their own type (rule 193)? */
export const zUserTypeSwitch = one(z.object({ user_type_id: z.number(), can_change_user_type: z.number() }));

/** Answers of the people calls. */
export const zUserSaved = saved(zUserFull);
/** The chosen people with their passport state before inviting or revoking (rule 178). */
export const zPassportRow = zUserRow.extend({ invitation: z.string().nullable(), can_invite: z.number(), can_revoke: z.number(), error: z.string().nullable(), sites: z.array(z.number()), user_types: z.array(z.number()) });
export const zPassportPreview = listOf(zPassportRow);
export const zRfidCheck = saved(z.object({ valid: z.number(), first_name: z.string().nullable(), enrolled: z.number() }));
export const zFaceIdSaved = saved(z.object({ user_id: z.number(), face_id: z.string() }));
export const zDuplicatePair = z.object({ user: zUserRow, duplicate: zUserRow, reasons: z.array(z.string()), similarity: z.number() });
/**
 * The board's page. `names_pending`: people not yet compared by name (after an import: the background is still
 * looking); `count_capped`: more similar-name pairs than counted (count is then a lower bound).
 */
export const zDuplicatePairs = listOf(zDuplicatePair).extend({ names_pending: z.number().int(), count_capped: z.boolean() });
export const zRoleChoices = listOf(zNamed.extend({ key: z.string() }));
export const zLabels = listOf(zNamed.extend({ users_count: z.number() }));
export const zLabelSaved = saved(zNamed);
/** What the people grid's filters and the person form choose from (`GET /data_users_grid/{entityId}`). */
export const zUsersGridData = z.object({
  user_types: z.array(zNamed),
  labels: z.array(zNamed),
  departments: z.array(zNamed),
  roles: z.array(zNamed),
  sites: z.array(zNamed),
  counts: z.object({ active: z.number(), archived: z.number() }),
  columns: z.array(z.string()),
});
export const zSignedInVisits = listOf(z.object({ user_id: z.number(), full_name: z.string(), visit_id: z.number(), area_id: z.number().nullable(), site_id: z.number().nullable(), signed_in_at: z.string().nullable() }));
export const zRfidEnrolment = listOf(z.object({ id: z.number(), has_rfid: z.number() }));
export const zUserResources = one(z.object({ user_id: z.number().nullable(), resources: z.record(z.string(), z.string()), names: z.array(z.object({ name: z.string(), count: z.number() })) }));
export const zUserResourceRows = listOf(zUserRow.extend({ resources: z.record(z.string(), z.string()) }));
export const zUserResourcesSaved = saved(z.record(z.string(), z.string()));

/** An import's states: staged (checked, waiting to run), queued, running, done, failed. */
export const IMPORT_STATUSES = ['staged', 'queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** An import of people from a spreadsheet, with its progress (a pg-boss job). */
export const zImportTask = z.object({ id: z.number(), file_name: z.string(), status: z.enum(IMPORT_STATUSES), total: z.number(), processed: z.number(), created: z.number(), updated: z.number(), refused: z.number(), error: z.string().nullable(), created_at: z.string(), started_at: z.string().nullable(), finished_at: z.string().nullable() });

/** One row of an import: what it read, and what became of it. */
export const zImportRow = z.object({ id: z.number(), row_number: z.number(), data: z.record(z.string(), z.string()), photo: z.string().nullable(), result: z.string(), reason: z.string().nullable(), user_id: z.number().nullable() });

export const zImportTaskSaved = z.object({ message: z.string(), data: zImportTask });

export const zImportRowSaved = z.object({ message: z.string(), data: zImportRow });

export const zSectionSaved = z.object({ message: z.string(), data: zSection });


export const zUserDocumentSaved = z.object({ message: z.string(), data: zUserDocument });

export const zDocumentTypes = listOf(z.object({ id: z.number(), key: z.string(), name: z.string() }));

export const zDocumentRecords = listOf(zUserDocument.extend({ full_name: z.string() }));
