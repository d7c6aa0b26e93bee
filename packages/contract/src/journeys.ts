import { z } from 'zod';
import { listOf, one, zBool, zFlag, zId, zNamed } from './common';
import { REGISTRATION_METHODS } from './people';

/** Journey name at least 2 characters (rule 201). */
export const JOURNEY_NAME_MIN = 2;
export const NAME_MATCHING = ['quick', 'private'] as const;
/** How a person identifies at the kiosk. */
export const FLOW_INPUT_METHODS = ['manual', 'qr', 'rfid', 'face_id', 'passport', 'remote'] as const;
/** Compliance frequency (rule 198, section 9 spelling). */
export const COMPLIANCE_FREQUENCIES = ['everytime', 'daily', 'weekly', 'monthly', 'one-off', 'valid till expiry'] as const;
export type ComplianceFrequency = (typeof COMPLIANCE_FREQUENCIES)[number];
/** Rule 199: compliance is sent no sooner than 5 minutes before the visit. Rule 200: reminders at least 30 minutes apart. */
export const SEND_BEFORE_VISIT_MIN = 5;
export const REMINDER_INTERVAL_MIN = 30;
/** Comma-separated e-mails without spaces (rule 213). */
export const EMAIL_LIST_RE = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+(,[^\s@,]+@[^\s@,]+\.[^\s@,]+)*$/;

const zIdList = z.array(zId).max(500);
const zOptText = (max: number) => z.string().trim().max(max).nullish();

export const zJourneyBody = z.object({
  name: z.string().trim().min(JOURNEY_NAME_MIN, 'journeys.name_min').max(100),
  description: zOptText(1000),
  site_ids: zIdList.default([]),
  touch_mode: zBool.default(false),
  quickpass_user_type_id: zId.nullish(),
  instruction_screen: zOptText(5000),
  shown_user_type_ids: zIdList.default([]),
  covid_column_name: zOptText(100),
  name_matching: z.enum(NAME_MATCHING).default('quick'),
  attendance_mode_id: zId.nullish(),
  print_badge: zBool.default(false),
  door_relay: zBool.default(false),
  wiegand_output: zBool.default(false),
  facial_recognition: zBool.default(false),
  rfid_scan: zBool.default(false),
  temperature_check: zBool.default(false),
  temperature_threshold: z.coerce.number().min(30).max(45).nullish(),
  mask_check: zBool.default(false),
  /** Update only: take the logo off the journey (a new `logo` file replaces it instead). */
  remove_logo: zBool.optional(),
  entity_id: zId.optional(),
});
export type JourneyBody = z.output<typeof zJourneyBody>;

export const zJourney = z.object({
  id: z.number(),
  journey_id: z.number(),
  entity_id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  sites: z.array(z.object({ id: z.number(), name: z.string() })),
  site_ids: z.array(z.number()),
  touch_mode: zFlag,
  quickpass_user_type_id: z.number().nullable(),
  instruction_screen: z.string().nullable(),
  shown_user_type_ids: z.array(z.number()),
  covid_column_name: z.string().nullable(),
  name_matching: z.enum(NAME_MATCHING),
  attendance_mode_id: z.number().nullable(),
  print_badge: zFlag,
  door_relay: zFlag,
  wiegand_output: zFlag,
  facial_recognition: zFlag,
  rfid_scan: zFlag,
  temperature_check: zFlag,
  temperature_threshold: z.number().nullable(),
  mask_check: zFlag,
  flows_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Journey = z.input<typeof zJourney>;

export const zValidateJourneyBody = z.object({ journey_id: zId, site_ids: zIdList, entity_id: zId.optional() });
export const zValidateJourneyResult = z.object({
  message: z.string(),
  data: z.object({
    can_update: zFlag,
    blocked_sites: z.array(z.object({ id: z.number(), name: z.string(), reason: z.enum(['assigned_to_areas', 'no_access']), message: z.string(), areas: z.array(z.string()) })),
  }),
});

export const zFlowBody = z
  .object({
    journey_id: zId.optional(),
    name: z.string().trim().min(2, 'journeys.flow_name_min').max(100),
    description: zOptText(1000),
    user_type_id: zId,
    input_method: z.enum(FLOW_INPUT_METHODS).default('manual'),
    temperature_check: zBool.default(false),
    mask_check: zBool.default(false),
    compliance_id: zId.nullish(),
    compliance_frequency: z.enum(COMPLIANCE_FREQUENCIES).default('everytime'),
    send_before_visit: z.coerce.number().int().min(SEND_BEFORE_VISIT_MIN, 'journeys.send_before_min').max(60 * 24 * 30).nullish(),
    reminder_interval: z.coerce.number().int().min(REMINDER_INTERVAL_MIN, 'journeys.reminder_min').max(60 * 24 * 30).nullish(),
    section_ids: zIdList.default([]),
    feedback: zBool.default(false),
    print_badge: zBool.default(false),
    door_relay: zBool.default(false),
    wiegand_output: zBool.default(false),
    facial_recognition: zBool.default(false),
    rfid_scan: zBool.default(false),
    host: zBool.default(false),
    allow_no_host: zBool.default(false),
    host_user_type_ids: zIdList.default([]),
    notification_emails: z.string().max(2000).regex(EMAIL_LIST_RE, 'journeys.emails_format').nullish().or(z.literal('').transform(() => null)),
    attendance_mode_id: zId.nullish(),
    /** Rule 154: close the visits of signed-in people this change would strand. */
    auto_close_visits: zBool.default(false),
    entity_id: zId.optional(),
  });
export type FlowBody = z.output<typeof zFlowBody>;

export const zFlow = z.object({
  id: z.number(),
  journey_flow_id: z.number(),
  journey_id: z.number(),
  journey_name: z.string(),
  entity_id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  user_type_id: z.number().nullable(),
  user_type_name: z.string().nullable(),
  input_method: z.string(),
  temperature_check: zFlag,
  mask_check: zFlag,
  compliance_id: z.number().nullable(),
  compliance_name: z.string().nullable(),
  compliance_frequency: z.string(),
  send_before_visit: z.number().nullable(),
  reminder_interval: z.number().nullable(),
  section_ids: z.array(z.number()),
  feedback: zFlag,
  print_badge: zFlag,
  door_relay: zFlag,
  wiegand_output: zFlag,
  facial_recognition: zFlag,
  rfid_scan: zFlag,
  host: zFlag,
  allow_no_host: zFlag,
  host_user_type_ids: z.array(z.number()),
  notification_emails: z.string().nullable(),
  attendance_mode_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Flow = z.input<typeof zFlow>;

export const zJourneyWithFlows = zJourney.extend({ flows: z.array(zFlow) });

/** The flow as it would be saved; only the fields that decide who is stranded are read (rule 154). */
export const zValidateFlowBody = z.object({
  journey_flow_id: zId,
  user_type_id: zId.optional(),
  input_method: z.enum(FLOW_INPUT_METHODS).optional(),
  compliance_id: zId.nullish(),
  attendance_mode_id: zId.nullish(),
  entity_id: zId.optional(),
});
export const zValidateFlowResult = z.object({
  message: z.string(),
  data: z.object({ signed_in_count: z.number(), users: z.array(z.object({ id: z.number(), full_name: z.string() })), will_close: zFlag }),
});

export const zBuilderStep = z.object({ step: z.number(), key: z.string(), enabled: zFlag, detail: z.string().nullable() });
export const zHostOption = z.object({ id: z.number(), full_name: z.string(), email: z.string().nullable(), user_type_id: z.number().nullable() });
export const zHostsResponse = z.object({
  hosts: z.array(zHostOption),
  note: z.string(),
  allow_no_host: zFlag,
  host_required: zFlag,
});

/** A flow's settings as the front desk reads them: checks, entry condition, sections, outputs. */
export const zFlowSettings = z.object({
  journey_id: z.number(),
  journey_flow_id: z.number(),
  user_type_id: z.number().nullable(),
  input_method: z.string(),
  attendance_mode_id: z.number().nullable(),
  checks: z.object({ temperature_check: zFlag, temperature_threshold: z.number().nullable(), mask_check: zFlag, host: zFlag, allow_not_select_host: zFlag, select_host_permitted: zFlag }),
  compliance: z
    .object({ id: z.number(), name: z.string(), version: z.number(), frequency: z.string(), send_before_visit: z.number().nullable(), reminder_interval: z.number().nullable(), required: zFlag, last_passed_at: z.string().nullable() })
    .nullable(),
  section_ids: z.array(z.number()),
  feedback: zFlag,
  outputs: z.object({ print_badge: zFlag, door_relay: zFlag, wiegand_output: zFlag, facial_recognition: zFlag, rfid_scan: zFlag }),
  notification_emails: z.array(z.string()),
});

export const zFlowSaved = z.object({ message: z.string(), data: zFlow, closed_visits: z.number().optional() });

export const zJourneyFlowsSaved = z.object({ message: z.string(), data: zJourneyWithFlows, closed_visits: z.number().optional() });

export const zJourneySaved = z.object({ message: z.string(), data: zJourney });

/** The builder view of a journey: per flow, the steps a visitor meets, in order. */
export const zJourneyBuilder = one(z.object({ journey: zJourney, flows: z.array(z.object({ journey_flow_id: z.number(), name: z.string(), user_type_id: z.number().nullable(), user_type_name: z.string().nullable(), steps: z.array(zBuilderStep) })) }));

export const zSiteUserTypeFlows = listOf(z.object({ site_id: z.number(), site_name: z.string(), user_types: z.array(z.object({ id: z.number(), name: z.string(), journey_id: z.number(), journey_flow_id: z.number() })) }));

export const zJourneyFlowDetails = one(z.object({ flow: zFlow, journey: zJourney }));

export const zJourneyUserTypes = listOf(zNamed.extend({ journey_flow_id: z.number() }));

export const zJourneyInput = one(z.object({ has_input: zFlag, input_methods: z.array(z.string()) }));

/** A journey's flows and the user types still free for a flow (rule 192's not_required_taken). */
export const zJourneyFlowChoices = one(
  z.object({
    flows: z.array(zFlow),
    user_types: z.array(zNamed.extend({ used: zFlag, registration_method: z.enum(REGISTRATION_METHODS) })),
    available_user_types: z.array(zNamed.extend({ registration_method: z.enum(REGISTRATION_METHODS) })),
    not_required_taken: zFlag,
  }),
);
