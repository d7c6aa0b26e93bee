import { z } from 'zod';
import { zBool, zId } from './common';

/** Ways in (input methods, `GET /input_method`). */
export const INPUT_METHODS = ['qr', 'rfid', 'name', 'face', 'console', 'mass_action'] as const;
export type InputMethod = (typeof INPUT_METHODS)[number];
/** Scan data types (`GET /sacn_data_type`). */
export const SCAN_TYPES = ['sign_in', 'sign_out', 'auto_sign_out'] as const;
export type ScanType = (typeof SCAN_TYPES)[number];
export const VISIT_STATUSES = ['expected', 'signed_in', 'signed_out', 'auto_closed'] as const;

/** Notes justifying a failed check, and admin notes: at least 20 characters (001 §5). */
export const NOTES_MIN = 20;

const zTemperatureInput = z.union([z.string().max(20), z.number()]).nullable().optional();
const zKey = z.string().trim().min(8, 'signin.idempotency_key').max(100, 'signin.idempotency_key').regex(/^[\w.:-]+$/, 'signin.idempotency_key');

/**
 * Answers to the person's entry condition given with the sign-in (rule 214's answers, the flow's condition): how a
 * condition asked 'every time' (rule 198) is met at the kiosk or the front desk. Every question answered once.
 */
export const zConditionAnswers = z.object({
  answers: z
    .array(
      z.object({
        question_id: z.string({ error: 'signin.condition_question_invalid' }).min(1, 'signin.condition_question_invalid').max(40, 'signin.condition_question_invalid'),
        answer: z.enum(['positive', 'negative'], { error: 'signin.condition_answer_invalid' }),
      }),
      { error: 'signin.condition_answers_invalid' },
    )
    .max(100, 'signin.condition_answers_invalid')
    .refine((a) => new Set(a.map((x) => x.question_id)).size === a.length, 'signin.condition_question_repeated'),
  agreed: z.literal(true, { error: 'kiosk_app.agreement_required' }),
});

/** What every way in sends: who, where, which way, the checks and the attendance answers. */
export const zSignInOutBody = z.object({
  entity_id: zId.optional(),
  area_id: zId,
  user_id: zId.optional(),
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(20).optional(),
  id_number: z.string().trim().max(100).optional(),
  /** `toggle` signs out a signed-in person and signs in anyone else (rule 220). */
  action: z.enum(['in', 'out', 'toggle']).default('toggle'),
  kiosk_id: zId.optional(),
  input_method: z.enum(INPUT_METHODS).optional(),
  temperature: zTemperatureInput,
  mask: zBool.optional(),
  reason_id: zId.nullable().optional(),
  attendance_code_id: zId.nullable().optional(),
  host_user_id: zId.nullable().optional(),
  notes: z.string().trim().max(1000).nullable().optional(),
  /** Answers to the flow's entry condition, stored with the scan when they pass (refused when they do not). */
  compliance: zConditionAnswers.optional(),
  idempotency_key: zKey.optional(),
  /** When the sign-in happened (an offline kiosk sends its own time); at most a week old, never in the future. */
  at: z.iso.datetime({ offset: true }).optional(),
});
export type SignInOutBody = z.output<typeof zSignInOutBody>;

export const zCheckinUsersBody = z.object({
  entity_id: zId.optional(),
  area_id: zId,
  users: z.array(zId).min(1, 'signin.users_required').max(500),
  action: z.enum(['in', 'out', 'toggle']).default('in'),
  notes: z.string().trim().max(1000).nullable().optional(),
});

const zFlag = z.union([z.literal(0), z.literal(1)]);
const zRef = z.object({ id: z.number(), name: z.string() }).nullable();

/** One logbook row (a scan) with its visit. */
export const zScan = z.object({
  id: z.number(),
  visit_id: z.number().nullable(),
  user_id: z.number(),
  full_name: z.string(),
  email: z.string().nullable(),
  user_type: zRef,
  site: zRef,
  area: zRef,
  kiosk: zRef,
  direction: z.enum(['in', 'out']),
  type: z.enum(SCAN_TYPES),
  input_method: z.string(),
  at: z.string(),
  late: zFlag,
  early: zFlag,
  reason: zRef,
  attendance_code: z.object({ id: z.number(), code: z.string(), name: z.string() }).nullable(),
  temperature: z.number().nullable(),
  mask: zFlag.nullable(),
  notes: z.string().nullable(),
  visit_status: z.string().nullable(),
  host: zRef,
});
export type Scan = z.infer<typeof zScan>;

export const zSignInOutResult = z.object({
  data: z.object({
    action: z.enum(['in', 'out']),
    scan: zScan,
    visit_id: z.number(),
    visit_status: z.string(),
    /** 1 when the same idempotency key had already been recorded: nothing new was written. */
    replayed: zFlag,
  }),
  message: z.string(),
});

export const zCheckinUsersResult = z.object({
  data: z.array(z.object({ user_id: z.number(), action: z.enum(['in', 'out']), scan_id: z.number() })),
  /** user id -> message, for the people who could not be signed (rule 160). */
  errors: z.record(z.string(), z.string()),
  message: z.string(),
});
