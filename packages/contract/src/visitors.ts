import { z } from 'zod';
import { listOf, one, saved, zBool, zDate, zEmail, zFlag, zId, zPhone, zTime } from './common';
import { zAnswerItem } from './compliance';

/** Rule 156. Public pre-registration is open to `allowed`, `approval_required` and `pre_registered_only`. */
import { REGISTRATION_METHODS, type RegistrationMethod } from './people';
export const PUBLIC_REGISTRATION_METHODS: readonly RegistrationMethod[] = ['allowed', 'approval_required', 'pre_registered_only'];
/** Rule 152. */
export const JOURNEY_STAGES = [
  'compliance_pending',
  'compliance_failed',
  'ready_to_sign_in',
  'awaiting_admin_approval',
  'awaiting_admin_approval_compliance_failed',
  'rejected_by_admin',
  'approved_by_admin',
] as const;
export type JourneyStage = (typeof JOURNEY_STAGES)[number];
/** A visit's entry condition: none on its flow, not answered yet, passed or failed (rules 210-212). */
export type ConditionState = 'none' | 'pending' | 'passed' | 'failed';

/** Rule 152: the visit's journey stage from its approval (rule 155) and its entry condition. */
export function journeyStageOf(approval: ApprovalState, condition: ConditionState): JourneyStage {
  if (approval === 'rejected') return 'rejected_by_admin';
  if (approval === 'pending') return condition === 'failed' ? 'awaiting_admin_approval_compliance_failed' : 'awaiting_admin_approval';
  if (approval === 'approved') return 'approved_by_admin';
  if (condition === 'pending') return 'compliance_pending';
  if (condition === 'failed') return 'compliance_failed';
  return 'ready_to_sign_in';
}
/** Rule 143 (`VISIT_CONFIRMED` is the documents' "other": rule 144's already-confirmed case). */
export const LINK_EXPIRY_REASONS = ['VISIT_REJECTED', 'VISIT_DELETED', 'VISIT_EXPIRED', 'SCAN_EXPIRED', 'VISIT_CONFIRMED'] as const;
export type LinkExpiryReason = (typeof LINK_EXPIRY_REASONS)[number];

/**
 * The one source of the expiry messages of rules 146-148 (`link.<kind>.<reason>` in the message catalogue, en/ar/es):
 * the API answers them, the /link-expired page shows them. `reason` is the API's (rule 143, or the compliance link's
 * `ALREADY_ARRIVED` / `ALREADY_COMPLETED`) or the page's own query value; anything else is the generic message.
 */
export const LINK_PAGE_REASONS: Record<string, string> = {
  VISIT_REJECTED: 'not_approved',
  VISIT_DELETED: 'deleted',
  VISIT_EXPIRED: 'missed',
  SCAN_EXPIRED: 'arrived',
  ALREADY_ARRIVED: 'arrived',
  VISIT_CONFIRMED: 'confirmed',
  ALREADY_COMPLETED: 'completed',
};
const LINK_MESSAGES: Record<'confirmation' | 'compliance', Record<string, string>> = {
  confirmation: { not_approved: 'rejected', deleted: 'deleted', missed: 'expired', arrived: 'arrived', confirmed: 'confirmed' },
  compliance: { not_approved: 'rejected', deleted: 'deleted', missed: 'expired', arrived: 'arrived', confirmed: 'confirmed', completed: 'completed' },
};
export function linkExpiryMessageKey(reason: string | null | undefined, kind: 'confirmation' | 'compliance'): string {
  const page = LINK_PAGE_REASONS[reason ?? ''] ?? reason ?? '';
  return `link.${kind}.${LINK_MESSAGES[kind][page] ?? 'generic'}`;
}

/** Pre-registration photo (rule 140). */
export const PREREG_IMAGE = { minWidth: 250, maxWidth: 4096, minHeight: 300, maxHeight: 2688, maxBytes: 3 * 1024 * 1024 } as const;
/** Admin notes (rule 211); entry-condition lead and reminder (rules 199-200). */
export const ADMIN_NOTES_MIN = 20;
export const COMPLIANCE_SEND_BEFORE_MIN = 5;
export const COMPLIANCE_REMINDER_MIN = 30;

/** A pre-registration link code (the `{id}` / `{journeyFlowId}` of the public calls). */
export const zLinkCode = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'prereg.not_available');
/** A visit link token (`/c/{visitUrl}`). */
export const zVisitUrl = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

const zPersonName = z.string().trim().min(2).max(50);
/** A list sent as a JSON string in multipart forms (or as an array in JSON bodies). */
const zJsonList = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, z.array(item).max(max));
/** Rule 218: custom_field_id, type, value (checkboxes as a JSON string, toggles 1/0). Sent as a JSON string in forms. */
export const zCustomFieldValues = zJsonList(z.object({ custom_field_id: zId, type: z.string().max(30), value: z.union([z.string().max(2000), z.number()]).transform(String) }), 100);

/** The entry condition a visitor answers at pre-registration (questions only: passing answers stay on the server). */
export const zPreRegCompliance = z.object({
  id: z.number(),
  name: z.string(),
  frequency: z.string(),
  /** Rules 199-200: the link goes out this many minutes before the visit, then every reminder interval. */
  send_before_visit: z.number().nullable(),
  reminder_interval: z.number().nullable(),
  questions: z.array(z.object({ id: z.string(), question: z.string() })),
  agreement_text: z.string(),
  statement: z.string(),
});
/**
 * A link's place and organisation, and, for the chosen user type (query `user_type_id`, or the link's only flow),
 * what the journey flow and the user type ask (rule 133 flags, rule 193 switching, mandatory data, the entry
 * condition). `journey_flow_id` is null until a user type is chosen on a link that offers several.
 */
export const zPreRegSettings = z.object({
  code: z.string(),
  entity_id: z.number(),
  entity_name: z.string(),
  entity_logo: z.string().nullable(),
  journey_id: z.number(),
  journey_flow_id: z.number().nullable(),
  user_type_id: z.number().nullable(),
  area_id: z.number().nullable(),
  area_name: z.string().nullable(),
  site_name: z.string().nullable(),
  timezone: z.string(),
  expires_at: z.string().nullable(),
  is_image_required: zFlag,
  is_qr_included: zFlag,
  is_face_id_included: zFlag,
  is_rfid_included: zFlag,
  is_compliance_required: zFlag,
  is_using_kiosk_screen: zFlag,
  enable_switch_usertype: zFlag,
  mandatory_data: z.array(z.string()),
  compliance: zPreRegCompliance.nullable(),
});
export const zPreRegUserType = z.object({ id: z.number(), entity_id: z.number(), name: z.string(), pre_registration_method: z.enum(REGISTRATION_METHODS), journey_flow_id: z.number() });

export const zUserTypeCheckBody = z.object({ journey_flow_id: zLinkCode, user_type_id: zId });
export const zCheckUserEntityBody = zUserTypeCheckBody.extend({
  email: zEmail.optional(),
  phone: zPhone.optional(),
  passport_id: z.string().max(64).optional(),
});
/** Rule 138. */
export const zUserTypeCheckResult = z.object({
  user_exists: zFlag,
  user_type: z.object({ name: z.string() }).nullable(),
  can_change_user_type: zFlag,
  user_type_id: z.number().nullable(),
  /** Rule 134: the person already has a photo, so the form does not ask one again. */
  has_image: zFlag,
});
/** Asked only within a link (issue 16 part 5): `link` is a pre-registration link's code or a confirmation link's visit url. */
export const zCheckUserFoundBody = z.object({ link: zLinkCode, email: zEmail.optional(), phone: zPhone.optional(), entity_id: zId });
export const zHostSettings = z.object({ allowNotSelectHost: zFlag, hostUserTypesExist: zFlag, note: z.string().nullable() });
export const zHost = z.object({ id: z.number(), full_name: z.string() });
/** The public form names its link (`journey_flow_id`, a link code); the console form a journey (`journey_id`). */
export const zHostSearchBody = z
  .object({ journey_flow_id: zLinkCode.optional(), journey_id: zId.optional(), user_type_id: zId, search: z.string().trim().min(2).max(100) })
  .refine((b) => !!b.journey_flow_id !== !!b.journey_id, { path: ['journey_flow_id'], message: 'validation.required' });
export const zFlowHostLookupBody = z.object({ journey_flow_id: zLinkCode, user_type_id: zId, email: zEmail.optional(), phone: zPhone.optional() });

const visitWhen = { visit_date: zDate, visit_time: zTime };
export const zValidateExpectedVisitBody = z.object({
  journey_flow_id: zLinkCode,
  user_type_id: zId,
  ...visitWhen,
  email: zEmail.optional(),
  phone: zPhone.optional(),
  passport_id: z.string().max(64).optional(),
  host: zId.optional(),
});
/** Form fields of create-expected-visit (the documented names; `journey_id` is the link code). */
export const zCreateExpectedVisitForm = z.object({
  journey_id: zLinkCode,
  user_type_id: zId,
  ...visitWhen,
  first_name: zPersonName,
  last_name: zPersonName,
  email: zEmail,
  phone: zPhone,
  company_name: z.string().trim().max(100).optional(),
  id_number: z.string().trim().max(50).optional().transform((v) => v || undefined),
  passport_id: z.string().max(64).optional(),
  host: zId.optional(),
  custom_fields: zCustomFieldValues.optional(),
  /** Entry-condition answers given now (rule 214 items, a JSON string in the form); left out, the link is mailed. */
  compliances: zJsonList(zAnswerItem, 5).optional(),
  notes: z.string().trim().max(2000).optional(),
  entity_id: zId.optional(),
  area_id: zId.optional(),
  registration_method: z.enum(REGISTRATION_METHODS).optional(),
  enable_switch_usertype: zBool.optional(),
  lang: z.enum(['en', 'ar', 'es']).optional(),
});
export const zConfirmVisitForm = z.object({
  _method: z.literal('PUT').optional(),
  visit_url: zVisitUrl,
  visit_id: zId.optional(),
  user_id: zId.optional(),
  user: z
    .object({
      first_name: zPersonName.optional(),
      last_name: zPersonName.optional(),
      email: zEmail.optional(),
      phone: zPhone.optional(),
      company_name: z.string().trim().max(100).optional(),
      passport_id: z.string().max(64).optional(),
    })
    .default({}),
  custom_fields: zCustomFieldValues.optional(),
  registration_method: z.enum(REGISTRATION_METHODS).optional(),
});
export const zValidateUserUpdateBody = z.object({ visit_url: zVisitUrl, email: zEmail.optional(), phone: zPhone.optional(), first_name: zPersonName.optional(), last_name: zPersonName.optional() });

/** Rule 142 (+ the translated expiry message of rules 146-148). */
export const zVisitMetadata = z.object({
  is_expired: zFlag,
  reason: z.enum(LINK_EXPIRY_REASONS).nullable(),
  message: z.string().nullable(),
  is_confirmed: zFlag,
  validations: z.object({ is_image_required: zFlag, has_image: zFlag, is_compliance_required: zFlag, journey_stage: z.string().nullable() }),
  expectedDateTime: z.string().nullable(),
  user: z.object({ first_name: z.string(), last_name: z.string(), email: z.string().nullable(), phone: z.string().nullable(), company_name: z.string().nullable() }),
  visitId: z.number(),
  serverUrl: z.string(),
  passport_id: z.string().nullable(),
});

/** Console: expected visitors (several at once). A visitor is an existing person (`user_id`) or a new one. */
export const zExpectedVisitor = z.object({
  user_id: zId.optional(),
  first_name: zPersonName.optional(),
  last_name: zPersonName.optional(),
  email: zEmail.optional(),
  phone: zPhone.optional(),
  company_name: z.string().trim().max(100).optional(),
  lang: z.enum(['en', 'ar', 'es']).optional(),
});
export const zExpectedVisitBody = z.object({
  entity_id: zId,
  site_id: zId,
  area_id: zId,
  user_type_id: zId,
  journey_flow_id: zId.optional(),
  host: zId.optional(),
  ...visitWhen,
  visitors: z.array(zExpectedVisitor).min(1, 'visits.visitor_required').max(50),
});
export const zEditExpectedVisitBody = z.object({
  entity_id: zId,
  visit_id: zId,
  area_id: zId.optional(),
  user_type_id: zId.optional(),
  host: zId.nullable().optional(),
  visit_date: zDate.optional(),
  visit_time: zTime.optional(),
});
export const zVisitActionBody = z.object({ entity_id: zId, visit_id: zId });
export const zVisitNotesBody = z.object({ entity_id: zId, visit_id: zId, notes: z.string().trim().min(ADMIN_NOTES_MIN, 'visits.notes_min').max(2000) });
export const zHostSearchConsoleBody = z.object({ entity_id: zId, search: z.string().trim().min(1).max(100), limit: z.coerce.number().int().min(1).max(50).default(10) });
export const zUserVisitingBody = z.object({ entity_id: zId, user_id: zId });
export const zExpectedVisitsSummaryQuery = z.object({ start_date: zDate, end_date: zDate });

export const zExpectedVisit = z.object({
  id: z.number(),
  user_id: z.number(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company_name: z.string().nullable(),
  site_id: z.number().nullable(),
  area_id: z.number().nullable(),
  user_type_id: z.number().nullable(),
  host_user_id: z.number().nullable(),
  visit_date: z.string().nullable(),
  visit_time: z.string().nullable(),
  expectedDateTime: z.string().nullable(),
  status: z.string(),
  journey_stage: z.string().nullable(),
  registration_method: z.string().nullable(),
  approval_state: z.string(),
  is_confirmed: zFlag,
  admin_notes: z.string().nullable(),
});
export type ExpectedVisit = z.infer<typeof zExpectedVisit>;

/** A row of the console's expected-visits list: the visit with the names of its place, type and host. */
export const zExpectedVisitRow = zExpectedVisit.extend({
  site_name: z.string().nullable(),
  area_name: z.string().nullable(),
  user_type_name: z.string().nullable(),
  host_name: z.string().nullable(),
});
export type ExpectedVisitRow = z.infer<typeof zExpectedVisitRow>;
/** filterBy keys of the expected-visits list. */
/** Rule 155's four decisions on a visit awaiting (or past) approval. */
export const VISIT_DECISIONS = ['approve', 'reject', 'approve_rejected', 'reject_approved'] as const;
export type VisitDecision = (typeof VISIT_DECISIONS)[number];
export const APPROVAL_STATES = ['not_required', 'pending', 'approved', 'rejected'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
export const zExpectedVisitsFilter = z.object({
  search: z.string().trim().max(100).optional(),
  approval_state: z.enum(APPROVAL_STATES).optional(),
  start_date: zDate.optional(),
  end_date: zDate.optional(),
  site_id: z.coerce.number().int().positive().optional(),
});
/** Per day between two dates: how many visitors are expected, and in which approval state (the summary chart). */
export const zExpectedVisitsDay = z.object({ date: zDate, total: z.number(), awaiting_approval: z.number(), approved: z.number(), rejected: z.number(), confirmed: z.number(), signed_in: z.number() });

/** A shareable pre-registration link (docs/pre-registration.md): `url` is what the visitor opens. */
export const zPreRegLink = z.object({
  id: z.number(),
  code: z.string(),
  url: z.string(),
  journey_id: z.number(),
  journey_flow_id: z.number().nullable(),
  area_id: z.number().nullable(),
  expires_at: z.string().nullable(),
  active: zFlag,
});

/** The areas and flows a new link of a journey may name. */
export const zPreRegLinkOptions = z.object({
  areas: z.array(z.object({ id: z.number(), name: z.string(), site_id: z.number(), site_name: z.string() })),
  flows: z.array(z.object({ id: z.number(), user_type_id: z.number(), user_type_name: z.string() })),
});

/** A custom field a visitor fills in on a pre-registration link (rule 217). */
export const zPreRegField = z.object({
  custom_field_id: z.number(),
  name: z.string(),
  type: z.string(),
  display: z.string().nullable(),
  /** The values to send back (the written options). */
  options: z.array(z.string()),
  /** The options as the visitor reads them (their language, else the written one), by index. */
  option_labels: z.array(z.string()),
  required: z.union([z.literal(0), z.literal(1)]),
});

export const zPreRegSection = z.object({ section_id: z.number(), value: z.string(), custom_fields: z.array(zPreRegField) });

export const zPreRegSections = z.object({ data: z.array(zPreRegSection) });

export const zExpectedVisitSaved = z.object({ message: z.string(), data: zExpectedVisit });

export const zRegistrationMethodCheck = saved(z.object({ user_type_id: z.number(), registration_method: z.string(), approval_required: zFlag }));

export const zUserFound = one(z.object({ found: zFlag }));

/** A pre-registration's answer: the visit, its link (null while it awaits approval) and its journey stage. */
export const zPreRegistered = z.object({ message: z.string(), data: z.object({ visit_id: z.number(), visit_url: z.string().nullable(), journey_stage: z.string(), approval_required: zFlag, expectedDateTime: z.string() }) });

export const zExpectedVisitsSaved = z.object({ message: z.string(), data: z.array(zExpectedVisit) });

export const zHostMatches = listOf(z.object({ id: z.number(), full_name: z.string(), email: z.string().nullable() }));

/** Whether a person is visiting now, and their expected visits. */
export const zUserVisiting = one(z.object({ user_id: z.number(), is_visiting: zFlag, has_expected_visit: zFlag, visits: z.array(zExpectedVisit) }));

/** The sites with their areas and the user types an expected visit may name. */
export const zExpectedVisitOptions = one(
  z.object({
    sites: z.array(z.object({ id: z.number(), name: z.string(), areas: z.array(z.object({ id: z.number(), name: z.string(), journey_id: z.number().nullable() })) })),
    user_types: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
);

export const zPreRegUserTypeAnswer = saved(zPreRegUserType);
