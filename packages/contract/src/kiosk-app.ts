import { z } from 'zod';
import { zBool, zEmail, zFlag, zId, zPhone } from './common';
import { zListTranslations, zTranslations } from './i18n-text';
import { zCustomFieldValue } from './people';
import { NAME_MAX, NAME_MIN } from './person-details';
import { zConditionAnswers, zSignInOutBody } from './signin';

/** The kiosk app's own calls (apps/api/src/modules/kiosk-app), authenticated by the device token (`Bearer ghk_…`). */

export const zKioskAppConfig = z.object({
  data: z.object({
    kiosk: z.object({ id: z.number(), name: z.string() }),
    entity: z.object({ id: z.number(), name: z.string(), logo: z.string().nullable() }),
    site: z.object({ id: z.number(), name: z.string() }).nullable(),
    area: z.object({ id: z.number(), name: z.string() }).nullable(),
    journey_id: z.number().nullable(),
    settings: z.record(z.string(), z.unknown()),
    /** The kiosk's journey (its own, else its area's) with the flows it signs people in with; null without one. */
    journey: z
      .object({
        id: z.number(),
        name: z.string(),
        instruction: z.string().nullable(),
        name_matching: z.enum(['quick', 'private']),
        print_badge: zFlag,
        temperature_check: zFlag,
        mask_check: zFlag,
        /** The reading (Celsius) at or above which the temperature check fails: the journey's, else the default (rule 227). */
        temperature_threshold: z.number(),
        flows: z.array(
          z.object({
            id: z.number(),
            name: z.string(),
            description: z.string().nullable(),
            /** Written names with their translations (absent from a configuration cached before them): the kiosk shows the visitor's language. */
            user_type: z.object({ id: z.number(), name: z.string(), name_i18n: zTranslations.optional() }),
            /** 1 when a new visitor of this type may register at the kiosk (not a staff type, not `pre_registered_only` nor `by_admin`). */
            walk_in: zFlag,
            /** Details the user type makes mandatory besides the names and phone (rules 169-171). */
            mandatory: z.array(z.enum(['email', 'phone', 'company_name', 'id_number'])),
            host: z.object({ required: zFlag, allow_no_host: zFlag }),
            temperature_check: zFlag,
            mask_check: zFlag,
            /** The journey's outputs apply to every flow, the flow's add to them (the journey builder's flow card). */
            print_badge: zFlag,
            photo: zFlag,
            custom_fields: z.array(
              z.object({ id: z.number(), name: z.string(), name_i18n: zTranslations.optional(), type: z.string(), display: z.string().nullable(), options: z.array(z.string()), options_i18n: zListTranslations.optional(), required: zFlag }),
            ),
            /** The flow's entry condition: questions only (the answer that passes stays on the server). */
            compliance: z
              .object({
                id: z.number(),
                name: z.string(),
                name_i18n: zTranslations.optional(),
                questions: z.array(z.object({ id: z.string(), question: z.string(), question_i18n: zTranslations.optional() })),
                agreement_text: z.string(),
                agreement_text_i18n: zTranslations.optional(),
                statement: z.string(),
                statement_i18n: zTranslations.optional(),
              })
              .nullable(),
          }),
        ),
      })
      .nullable(),
  }),
});
export type KioskAppConfig = z.output<typeof zKioskAppConfig>['data'];

/** Name search on the kiosk: at least 2 characters, a few matches, names only (no contact details on a public screen). */
export const zKioskPeopleQuery = z.object({ search: z.string().trim().min(2, 'kiosk_app.search_min').max(100) });
/** People the kiosk signs; `quick_pass` 1: signing them by name asks their quick pass code (their flow identifies people otherwise). */
export const zKioskPeople = z.object({ data: z.array(z.object({ id: z.number(), name: z.string(), user_type: z.string().nullable(), quick_pass: zFlag })) });

/** What a kiosk reads: a QR code's value (badge `gatehouse:p:<code>`, or a visit confirmation link) or an RFID card's value. */
const zIdentifiers = {
  code: z.string().trim().min(1, 'kiosk_app.code_unknown').max(500).optional(),
  rfid: z.string().trim().min(1, 'kiosk_app.rfid_unknown').max(100).optional(),
  /** With `user_id` (a name picked): the person's quick pass code, where their flow identifies people by QR, card or face. */
  quick_pass: z.string().trim().min(1, 'kiosk_app.quick_pass_required').max(40).optional(),
};

/**
 * A kiosk scan: the area and kiosk are the device's own, never the body's. The person is named by `code` (QR),
 * `rfid` or `user_id` (picked by name); the server resolves the first two.
 */
export const zKioskAppScanBody = zSignInOutBody
  .omit({ entity_id: true, area_id: true, kiosk_id: true, email: true, phone: true, id_number: true })
  .extend({
    ...zIdentifiers,
    /**
     * 1: a sign-in the kiosk kept while the server was unreachable, sent now. The person is already inside: it is
     * recorded without what only the server could ask (the host step, the entry condition, the area's asks).
     */
    offline: zBool.optional(),
  });
export type KioskAppScanBody = z.input<typeof zKioskAppScanBody>;

/**
 * The answers to a flow's entry condition, checked before the next step: `passed` 1 when they pass as they stand;
 * `notes_needed` 1 when a wrong answer needs a note of at least 20 characters (rules 210-211).
 */
export const zKioskConditionsBody = z.object({ compliance: zConditionAnswers, notes: z.string().trim().max(2000).optional() });
export type KioskConditionsBody = z.output<typeof zKioskConditionsBody>;
export const zKioskConditionsCheck = z.object({ data: z.object({ passed: zFlag, notes_needed: zFlag }) });

/** The reasons of a person's attendance mode, offered when a late sign-in or early sign-out needs one. */
/** Which reasons: of a late sign-in (`in`) or an early sign-out (`out`); all when absent. */
export const zKioskReasonsQuery = z.object({ action: z.enum(['in', 'out']).optional() });
export const zKioskReasons = z.object({ data: z.array(z.object({ id: z.number(), name: z.string(), type: z.string() })) });

/** A badge to print after a sign-in: the person's QR code (`gatehouse:p:<kiosk code>`, read by the kiosk to sign out). */
export const zKioskBadge = z.object({
  data: z.object({ name: z.string(), user_type: z.string().nullable(), area: z.string().nullable(), at: z.string(), code: z.string(), qr: z.string() }),
});

/** Who a QR code, RFID card or picked name is, before the checks: the sign-in or sign-out it would be and the checks it needs. */
export const zKioskIdentifyBody = z.object({ user_id: zId.optional(), ...zIdentifiers });
export const zKioskIdentity = z.object({
  data: z.object({
    user_id: z.number(),
    name: z.string(),
    user_type: z.string().nullable(),
    action: z.enum(['in', 'out']),
    checks: z.object({ temperature: zFlag, mask: zFlag }),
    /** The journey flow the person follows here (its host settings and entry condition are in the configuration). */
    journey_flow_id: z.number().nullable(),
    /** 1: a sign-in asks who is visited (the flow's host step, no host known from an expected visit). */
    host: zFlag,
    /** 1: the flow's entry condition must be answered now (rule 198: its frequency, no pass in the window). */
    compliance: zFlag,
  }),
});

/** Hosts a walk-in visitor can pick for a flow: names only, at least 2 letters typed. */
export const zKioskHostsQuery = z.object({ search: z.string().trim().min(2, 'kiosk_app.search_min').max(100) });
export const zKioskHosts = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) });

/** The walk-in photo: a JPEG or PNG data URL (the server decodes and checks it, rule 140). */
const zPhoto = z.string().max(4_500_000).regex(/^data:image\/(jpeg|png);base64,[A-Za-z0-9+/=]+$/, 'prereg.image_invalid');

/**
 * A walk-in visitor at the kiosk: a new person of the flow's user type with their details (rules 169-171), host,
 * custom fields, entry-condition answers (rule 210), photo and checks; then signed in at the kiosk's area.
 */
export const zKioskVisitorBody = z.object({
  journey_flow_id: zId,
  first_name: z.string().trim().min(NAME_MIN, 'kiosk_app.name_min').max(NAME_MAX),
  last_name: z.string().trim().min(NAME_MIN, 'kiosk_app.name_min').max(NAME_MAX),
  email: zEmail.optional(),
  phone: zPhone,
  company_name: z.string().trim().max(100).optional(),
  id_number: z.string().trim().max(100).optional(),
  host_user_id: zId.nullable().optional(),
  custom_fields: z.array(zCustomFieldValue).max(200).optional(),
  compliance: zConditionAnswers.optional(),
  notes: z.string().trim().max(1000).optional(),
  image: zPhoto.optional(),
  temperature: zSignInOutBody.shape.temperature,
  mask: zSignInOutBody.shape.mask,
  idempotency_key: zSignInOutBody.shape.idempotency_key,
  at: zSignInOutBody.shape.at,
  lang: z.enum(['en', 'ar', 'es']).optional(),
});
export type KioskVisitorBody = z.input<typeof zKioskVisitorBody>;
