import { z } from 'zod';
import { zBool, zFlag, zId } from './common';
import { zTranslations } from './i18n-text';

/** Protocols of an entry condition (rule 206). */
export const COMPLIANCE_PROTOCOLS = ['eu_dcc', 'nhs', 'smart_health_card', 'nys_excelsior', 'nys_excelsior_plus'] as const;
export const COMPLIANCE_NAME_MIN = 2;
/** Notes at least 20 characters when compliance fails (rules 210-212). */
export const COMPLIANCE_NOTES_MIN = 20;
export const DESIRED_ANSWERS = ['positive', 'negative'] as const;

export const zComplianceQuestion = z.object({
  id: z.string().max(40).optional(),
  question: z.string({ error: 'compliance.question_required' }).trim().min(1, 'compliance.question_required').max(500),
  question_i18n: zTranslations.optional(),
  /** Rule 208: each question needs its desired answer checked. */
  desired_answer: z.enum(DESIRED_ANSWERS, { error: 'compliance.answer_required' }),
});

/** A saved question, as answers show it: its id, text (with its translations) and the answer that passes. */
export const zSavedQuestion = z.object({ id: z.string(), question: z.string(), question_i18n: zTranslations.optional(), desired_answer: z.enum(DESIRED_ANSWERS) });

/** Rule 209: required, numeric, at most 3 digits (checked only when the entry condition asks a certificate). */
const zPcrDays = z.union([z.string(), z.number()], { error: 'compliance.pcr_days_required' }).nullish();

/**
 * An entry condition (rules 205-209). `asks_certificate` (default true, the documented form) false: the condition
 * asks questions only, so it needs no protocol and no PCR validity days (rules 206, 208's protocol and 209 apply
 * to conditions that ask a certificate; docs/decisions.md), and is stored with none.
 */
export const zComplianceBody = z
  .object({
    name: z.string().trim().min(COMPLIANCE_NAME_MIN, 'compliance.name_min').max(100),
    name_i18n: zTranslations.optional(),
    questions: z.array(zComplianceQuestion).min(1, 'compliance.question_required').max(100),
    agreement_text: z.string({ error: 'compliance.agreement_required' }).trim().min(1, 'compliance.agreement_required').max(5000),
    agreement_text_i18n: zTranslations.optional(),
    statement: z.string({ error: 'compliance.statement_required' }).trim().min(1, 'compliance.statement_required').max(5000),
    statement_i18n: zTranslations.optional(),
    asks_certificate: zBool.default(true),
    protocols: z.array(z.enum(COMPLIANCE_PROTOCOLS)).max(5).default([]),
    accept_negative_pcr: zBool.default(false),
    pcr_valid_days: zPcrDays,
    entity_id: zId.optional(),
  })
  // Runs beside the fields' own messages (a form shows every missing field at once), so it reads the input defensively.
  .superRefine(
    (b, ctx) => {
      // Not an object at all (null, a string): the object's own message answers it.
      if (!b || typeof b !== 'object') return;
      if (b.asks_certificate === false) return;
      if (!Array.isArray(b.protocols) || !b.protocols.length) ctx.addIssue({ code: 'custom', path: ['protocols'], message: 'compliance.protocol_required' });
      const days = b.pcr_valid_days == null ? '' : String(b.pcr_valid_days).trim();
      if (!days) ctx.addIssue({ code: 'custom', path: ['pcr_valid_days'], message: 'compliance.pcr_days_required' });
      else if (!/^\d{1,3}$/.test(days)) ctx.addIssue({ code: 'custom', path: ['pcr_valid_days'], message: 'compliance.pcr_days_digits' });
    },
    { when: () => true },
  )
  .transform((b) =>
    b.asks_certificate
      ? { ...b, protocols: [...new Set(b.protocols)], pcr_valid_days: Number(String(b.pcr_valid_days).trim()) }
      : { ...b, protocols: [], accept_negative_pcr: false, pcr_valid_days: 0 },
  );
export type ComplianceBody = z.output<typeof zComplianceBody>;

export const zCompliance = z.object({
  id: z.number(),
  entity_id: z.number(),
  name: z.string(),
  name_i18n: zTranslations,
  version: z.number(),
  version_id: z.number(),
  questions: z.array(zSavedQuestion),
  agreement_text: z.string(),
  agreement_text_i18n: zTranslations,
  statement: z.string(),
  statement_i18n: zTranslations,
  /** 0: questions only, no protocol and no PCR days (part 6 of issue 15). */
  asks_certificate: zFlag,
  protocols: z.array(z.string()),
  accept_negative_pcr: zFlag,
  pcr_valid_days: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Compliance = z.input<typeof zCompliance>;
/** One entry condition with every version it has had and how many answers each one kept. */
export const zComplianceDetail = zCompliance.extend({
  versions: z.array(z.object({ version: z.number(), name: z.string(), created_at: z.string(), answers_count: z.number() })),
});
export type ComplianceDetail = z.input<typeof zComplianceDetail>;

export const zAnswerItem = z.object({
  complianceId: zId,
  name: z.string().max(200).optional(),
  /** Answers per question: question id -> positive | negative. */
  answer: z.array(z.object({ question_id: z.string().max(40), answer: z.enum(DESIRED_ANSWERS) })).max(100),
});

/** Compliance answers payload (rule 214), plus the notes and check results of rules 210-212. */
export const zAnswersBody = z.object({
  compliances: z.array(zAnswerItem).min(1).max(20),
  notes: z.string().trim().max(2000).nullish(),
  mask_failed: zBool.default(false),
  temperature: z.coerce.number().min(0).max(120).nullish(),
  scan: z.object({ visitId: zId.nullish(), scanId: zId.nullish(), areaId: zId.nullish(), userTypeId: zId.nullish() }).default({}),
  entityId: zId.optional(),
  userId: zId,
  isCompleted: zBool.optional(),
  isWrong: zBool.optional(),
});
/** Longest QR payload of a certificate read (EU DCC 'HC1:' or one SMART Health Card 'shc:/' chunk fit well inside). */
export const CERTIFICATE_PAYLOAD_MAX = 10_000;
export const zCertificatePayload = z
  .string({ error: 'compliance.certificate_invalid' })
  .trim()
  .min(10, 'compliance.certificate_invalid')
  .max(CERTIFICATE_PAYLOAD_MAX, 'compliance.certificate_too_long');
/** A visitor's answers from a compliance link, with the QR text of a certificate when they present one. */
export const zOnlineAnswersBody = z.object({
  visitCode: z.string().min(20).max(200),
  compliances: zAnswersBody.shape.compliances,
  notes: zAnswersBody.shape.notes,
  certificate: z.union([zCertificatePayload, z.literal('')]).nullish(),
});

export const zComplianceAnswer = z.object({
  id: z.number(),
  user_id: z.number(),
  /** The person who answered, as the console lists them. */
  user_name: z.string(),
  compliance_id: z.number(),
  compliance_name: z.string(),
  version: z.number(),
  visit_id: z.number().nullable(),
  scan_id: z.number().nullable(),
  area_id: z.number().nullable(),
  user_type_id: z.number().nullable(),
  answers: z.array(z.object({ question_id: z.string(), question: z.string(), answer: z.string(), desired_answer: z.string(), wrong: z.boolean() })),
  notes: z.string().nullable(),
  mask_failed: zFlag,
  temperature: z.number().nullable(),
  temperature_failed: zFlag,
  isWrong: zFlag,
  isCompleted: zFlag,
  status: z.enum(['success', 'failed']),
  source: z.string(),
  created_at: z.string(),
});

export const zCertificateBody = z.object({ user_id: zId, payload: zCertificatePayload, entity_id: zId.optional() });
export type ComplianceAnswer = z.input<typeof zComplianceAnswer>;

export const zTrustKeyBody = z.object({ name: z.string().trim().min(2).max(100), kind: z.enum(['pem', 'jwks']), key_id: z.string().max(500).nullish(), content: z.string().min(20).max(200_000), entity_id: zId.optional() });

/** A key of the organisation's certificate trust list (EU DCC signer PEM or SMART Health Card JWKS). */
export const zTrustKey = z.object({ id: z.number(), name: z.string(), kind: z.string(), key_id: z.string().nullable(), created_at: z.string() });

/** A certificate checked for a person (EU DCC or SMART Health Card). */
export const zCertificate = z.object({
  id: z.number(),
  user_id: z.number(),
  protocol: z.string(),
  type: z.string(),
  status: z.string(),
  verified: zFlag,
  holder_name: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  date_taken: z.string().nullable(),
  expiry_date: z.string().nullable(),
  issuer: z.string().nullable(),
  created_at: z.string(),
});

export const zComplianceSaved = z.object({ message: z.string(), data: zCompliance });

export const zTrustKeySaved = z.object({ message: z.string(), data: zTrustKey });

export const zCertificateSaved = z.object({ message: z.string(), data: zCertificate });

/** Answers stored (rules 210-212): the outcome and the answers. */
export const zAnswersSaved = z.object({ message: z.string(), status: z.enum(['success', 'failed']), data: z.array(zComplianceAnswer) });

/** A person's answers with the entry condition of the visit's flow and whether it is due (rule 198). */
export const zPersonAnswers = z.object({
  data: z.array(zComplianceAnswer),
  count: z.number(),
  required: z.array(z.object({ id: z.number(), name: z.string(), version: z.number(), frequency: z.string(), due: zFlag, last_passed_at: z.string().nullable() })),
});

export const zComplianceLinkResent = z.object({ message: z.string(), data: z.object({ visit_id: z.number(), expires_at: z.string() }) });

/** The online-compliance page of a visit's link: the visit, the person, the organisation and the entry conditions to answer. */
export const zOnlineCompliance = z.object({
  message: z.string().optional(),
  data: z.object({
    is_expired: zFlag,
    reason: z.string().nullable(),
    message: z.string().nullable(),
    visitId: z.number(),
    expectedDateTime: z.string().nullable(),
    user: z.object({ first_name: z.string(), last_name: z.string() }),
    entity: z.object({ name: z.string(), logo: z.string().nullable() }),
    compliances: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        version: z.number(),
        questions: z.array(z.object({ id: z.string(), question: z.string() })),
        agreement_text: z.string(),
        statement: z.string(),
        protocols: z.array(z.string()),
        accept_negative_pcr: zFlag,
        pcr_valid_days: z.number(),
      }),
    ),
  }),
});

/** The outcome of the online answers, with the presented certificate's check. */
export const zOnlineAnswersSaved = z.object({
  message: z.string(),
  data: z.object({
    status: z.enum(['success', 'failed']),
    isWrong: zFlag,
    reason: z.string().nullable(),
    certificate: z
      .object({ protocol: z.string(), type: z.string(), status: z.string(), verified: zFlag, accepted: zFlag, message: z.string(), date_taken: z.string().nullable(), expiry_date: z.string().nullable() })
      .nullable(),
  }),
});
