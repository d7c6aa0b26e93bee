import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { attendanceModes } from './attendance';
import { createdAt, entityId, type Translations, updatedAt } from './core';
import { sites } from './sites';
import { userTypes } from './user-types';

/** Journeys (rules 195-196): what happens when someone arrives. */
export const journeys = pgTable(
  'journeys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    name: text().notNull(),
    description: text(),
    logo: text(),
    touchMode: boolean('touch_mode').notNull().default(false),
    quickpassUserTypeId: integer('quickpass_user_type_id').references(() => userTypes.id, { onDelete: 'set null' }),
    instructionScreen: text('instruction_screen'),
    shownUserTypeIds: jsonb('shown_user_type_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    covidColumnName: text('covid_column_name'),
    nameMatching: text('name_matching').$type<'quick' | 'private'>().notNull().default('quick'),
    attendanceModeId: integer('attendance_mode_id').references(() => attendanceModes.id, { onDelete: 'set null' }),
    printBadge: boolean('print_badge').notNull().default(false),
    doorRelay: boolean('door_relay').notNull().default(false),
    wiegandOutput: boolean('wiegand_output').notNull().default(false),
    facialRecognition: boolean('facial_recognition').notNull().default(false),
    rfidScan: boolean('rfid_scan').notNull().default(false),
    temperatureCheck: boolean('temperature_check').notNull().default(false),
    temperatureThreshold: doublePrecision('temperature_threshold'),
    maskCheck: boolean('mask_check').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('journeys_entity_idx').on(t.entityId)],
);

/** The sites a journey is permitted on (rule 97: only admins of these sites may use it). */
export const journeySites = pgTable(
  'journey_sites',
  {
    entityId: entityId(),
    journeyId: integer('journey_id')
      .notNull()
      .references(() => journeys.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.journeyId, t.siteId] }), index('journey_sites_entity_site_idx').on(t.entityId, t.siteId)],
);

/** Entry conditions (rules 205-209). The row holds the current version; every version is kept below. */
export const compliances = pgTable(
  'compliances',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    name: text().notNull(),
    version: integer().notNull().default(1),
    /** Deleted entry conditions stay for the answers that used them. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('compliances_entity_idx').on(t.entityId)],
);

export interface ComplianceQuestion {
  id: string;
  question: string;
  question_i18n?: Translations;
  /** The answer that passes (rule 205). */
  desired_answer: 'positive' | 'negative';
}

/** One version of an entry condition; answers keep the version they answered. */
export const complianceVersions = pgTable(
  'compliance_versions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    complianceId: integer('compliance_id')
      .notNull()
      .references(() => compliances.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    name: text().notNull(),
    nameI18n: jsonb('name_i18n').$type<Translations>().notNull().default(sql`'{}'::jsonb`),
    questions: jsonb().$type<ComplianceQuestion[]>().notNull(),
    agreementText: text('agreement_text').notNull(),
    agreementTextI18n: jsonb('agreement_text_i18n').$type<Translations>().notNull().default(sql`'{}'::jsonb`),
    statement: text().notNull(),
    statementI18n: jsonb('statement_i18n').$type<Translations>().notNull().default(sql`'{}'::jsonb`),
    protocols: jsonb().$type<string[]>().notNull(),
    acceptNegativePcr: boolean('accept_negative_pcr').notNull().default(false),
    pcrValidDays: integer('pcr_valid_days').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('compliance_versions_uq').on(t.complianceId, t.version), index('compliance_versions_entity_idx').on(t.entityId)],
);

/** A journey's flow for one user type (rule 197). */
export const journeyFlows = pgTable(
  'journey_flows',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    journeyId: integer('journey_id')
      .notNull()
      .references(() => journeys.id, { onDelete: 'cascade' }),
    userTypeId: integer('user_type_id').references(() => userTypes.id, { onDelete: 'set null' }),
    name: text().notNull(),
    description: text(),
    inputMethod: text('input_method').notNull().default('manual'),
    temperatureCheck: boolean('temperature_check').notNull().default(false),
    maskCheck: boolean('mask_check').notNull().default(false),
    complianceId: integer('compliance_id').references(() => compliances.id, { onDelete: 'set null' }),
    complianceFrequency: text('compliance_frequency').notNull().default('everytime'),
    /** Minutes before the visit the entry conditions are sent (rule 199: at least 5). */
    sendBeforeVisitMinutes: integer('send_before_visit_minutes'),
    /** Reminder interval in minutes (rule 200: at least 30). */
    reminderIntervalMinutes: integer('reminder_interval_minutes'),
    sectionIds: jsonb('section_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    feedback: boolean().notNull().default(false),
    printBadge: boolean('print_badge').notNull().default(false),
    doorRelay: boolean('door_relay').notNull().default(false),
    wiegandOutput: boolean('wiegand_output').notNull().default(false),
    facialRecognition: boolean('facial_recognition').notNull().default(false),
    rfidScan: boolean('rfid_scan').notNull().default(false),
    hostRequired: boolean('host_required').notNull().default(false),
    allowNoHost: boolean('allow_no_host').notNull().default(false),
    hostUserTypeIds: jsonb('host_user_type_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    notificationEmails: text('notification_emails'),
    attendanceModeId: integer('attendance_mode_id').references(() => attendanceModes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('journey_flows_entity_journey_idx').on(t.entityId, t.journeyId)],
);

