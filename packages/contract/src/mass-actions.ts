import { z } from 'zod';
import { zBool, zId } from './common';
import { zSavedQuestion } from './compliance';
import { zConditionAnswers } from './signin';

/** Mass action status labels (rule 222) and compliance item statuses (rule 223). */
export const MASS_STATUSES = ['pending', 'in_progress', 'completed', 'passed', 'did_not_pass', 'not_required'] as const;
export const COMPLIANCE_ITEM_STATUSES = [null, 'success', 'failed', 'completed'] as const;

export const zMassDataBody = z.object({
  entity_id: zId.optional(),
  site_id: zId,
  area_id: zId.optional(),
  user_type_id: zId.optional(),
  search: z.string().trim().max(100).optional(),
});

const zFlag = z.union([z.literal(0), z.literal(1)]);
const zRef = z.object({ id: z.number(), name: z.string() });

export const zMassReason = z.object({
  id: z.number(),
  name: z.string(),
  presented: z.array(z.string()),
  type: z.enum(['late_sign_in', 'early_sign_out']),
  attendance_code: z.object({ id: z.number() }).nullable(),
});

/**
 * The person's entry condition as the mass page shows it (rule 223's item status). While it is due, its form
 * (`form_metadata`: the current version's questions, each with the answer that passes, the agreement and the
 * statement) so the operator answers it at the desk; `notes` are those of the person's last answer.
 */
export const zMassCompliance = z.object({
  id: z.number(),
  name: z.string(),
  isRequired: zFlag,
  status: z.enum(['success', 'failed', 'completed']).nullable(),
  form_metadata: z
    .object({
      questions: z.array(zSavedQuestion),
      agreement_text: z.string(),
      statement: z.string(),
    })
    .nullable(),
  notes: z.string().nullable(),
});
export type MassCompliance = z.infer<typeof zMassCompliance>;

export const zMassUser = z.object({
  id: z.number(),
  full_name: z.string(),
  /** The 'All' pseudo-row (rule 224). */
  is_all: zFlag,
  signedOut: zFlag,
  state: z.enum(['signed_in', 'signed_out']),
  /** What applying does to this person now (rule 220). */
  next_action: z.enum(['in', 'out']),
  user_type: zRef.nullable(),
  area: zRef.nullable(),
  host: zRef.nullable(),
  journey_flow_id: z.number().nullable(),
  attendance_mode: z
    .object({ id: z.number(), name: z.string(), reasons: z.array(zMassReason), attendanceCodeInMode: z.object({ id: z.number() }).nullable() })
    .nullable(),
  /** Late sign-in reasons for the signed out, early sign-out reasons for the signed in (rule 221). */
  reasons: z.array(zMassReason),
  checks: z.object({
    temperature_check: zFlag,
    mask_check: zFlag,
    host: zFlag,
    allow_not_select_host: zFlag,
    select_host_permitted: zFlag,
    temperature_threshold: z.number(),
  }),
  compliances: z.array(zMassCompliance),
  compliance_status: z.enum(MASS_STATUSES),
  /** 0 with an explanation when the person is outside the caller's access (rules 100, 226). */
  can_act: zFlag,
  blocked_reason: z.string().nullable(),
});
export type MassUser = z.infer<typeof zMassUser>;

/** The mass sign-in list shows at most this many people of a site (filter to reach the others). */
export const MASS_PEOPLE_MAX = 1000;

export const zMassData = z.object({
  /** capped: the site has more people than MASS_PEOPLE_MAX; the list shows the first (filter to reach the others). */
  data: z.array(z.object({ users: z.array(zMassUser), area: z.array(zRef), user_type: z.array(zRef), site: zRef, capped: zFlag })),
});

export const zMassApplyUser = z.object({
  id: zId,
  temperature: z.union([z.string().max(20), z.number()]).nullable().optional(),
  mask: zBool.optional(),
  reason_id: zId.nullable().optional(),
  attendance_code_id: zId.nullable().optional(),
  host_user_id: zId.nullable().optional(),
  notes: z.string().trim().max(1000).nullable().optional(),
  /** Answers to the person's entry condition, taken at the front desk (rule 223: its status becomes completed). */
  compliance: zConditionAnswers.optional(),
});

export const zMassApplyBody = z.object({
  entity_id: zId.optional(),
  site_id: zId,
  area_id: zId,
  /**
   * Sign in or sign out, said explicitly (issue 15 part 5): a chosen person already in that state is skipped with
   * why, and 'All' takes only those it concerns. Without it each person flips (rule 220), as before.
   */
  action: z.enum(['in', 'out']).optional(),
  /** Apply to every person of the site (the 'All' row, rule 224) … */
  all: zBool.optional(),
  /** … or to these people, each with their own answers. */
  users: z
    .array(zMassApplyUser)
    .max(1000, 'mass.users_max')
    .refine((u) => new Set(u.map((x) => x.id)).size === u.length, 'mass.user_repeated')
    .optional(),
  notes: z.string().trim().max(1000).nullable().optional(),
});

export const zMassApplyResult = z.object({
  data: z.object({
    batch_id: z.string(),
    applied: z.array(z.object({ user_id: z.number(), action: z.enum(['in', 'out']), scan_id: z.number() })),
    skipped: z.array(z.object({ user_id: z.number(), full_name: z.string(), message: z.string() })),
  }),
  message: z.string(),
});

export const zMassErrorsBody = z.object({
  entity_id: zId.optional(),
  batch_id: z.string().uuid().optional(),
});
export const zMassErrors = z.object({
  data: z.array(z.object({ batch_id: z.string(), user_id: z.number(), full_name: z.string(), message: z.string(), at: z.string() })),
  count: z.number(),
});
