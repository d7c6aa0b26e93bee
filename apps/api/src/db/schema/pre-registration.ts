import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, entityId, updatedAt } from './core';
import { areas } from './areas';
import { journeyFlows } from './journeys';
import type { RegistrationMethodValue } from './visits';
import { users } from './users';

/**
 * A shareable pre-registration link (`/pre-registration/{code}`) for one journey flow. The public calls name the
 * link by its code, never by a database id, so links cannot be enumerated. It carries the pre-registration
 * settings the visitor's pages need (rules 133, 156, 199-200) until the journeys and user-types areas own them.
 */
export const preRegistrationLinks = pgTable(
  'pre_registration_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    /** Public code: 32 random bytes, base64url. Shared openly, so stored as is (it only opens the form). */
    code: text().notNull().unique(),
    journeyFlowId: integer('journey_flow_id')
      .notNull()
      .references(() => journeyFlows.id, { onDelete: 'cascade' }),
    areaId: integer('area_id').references(() => areas.id, { onDelete: 'set null' }),
    /** User types this link offers, each with its registration method (rule 156). */
    userTypes: jsonb('user_types').$type<{ id: number; registration_method: RegistrationMethodValue }[]>().notNull().default(sql`'[]'::jsonb`),
    /** Compliance flags (rule 133). */
    isImageRequired: boolean('is_image_required').notNull().default(false),
    isQrIncluded: boolean('is_qr_included').notNull().default(true),
    isFaceIdIncluded: boolean('is_face_id_included').notNull().default(false),
    isRfidIncluded: boolean('is_rfid_included').notNull().default(false),
    isComplianceRequired: boolean('is_compliance_required').notNull().default(false),
    isUsingKioskScreen: boolean('is_using_kiosk_screen').notNull().default(false),
    /** Rule 193: an existing person may switch to another type through this link (never a console user). */
    enableSwitchUserType: boolean('enable_switch_user_type').notNull().default(false),
    /** Host settings (rule 194): may the visitor go without a host; which user types can host. */
    allowNotSelectHost: boolean('allow_not_select_host').notNull().default(true),
    hostUserTypeIds: jsonb('host_user_type_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    hostNote: text('host_note'),
    /** Entry-condition link lead time and reminder interval in minutes (rules 199-200). */
    complianceSendBeforeMinutes: integer('compliance_send_before_minutes').notNull().default(1440),
    complianceReminderMinutes: integer('compliance_reminder_minutes').notNull().default(240),
    active: boolean().notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('pre_registration_links_entity_idx').on(t.entityId)],
);

/** Public pre-registration calls per organisation per minute (rate limit shared by every API process). */
export const preRegistrationHits = pgTable(
  'pre_registration_hits',
  {
    entityId: entityId(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.windowStart] })],
);
