import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, entityId, type Translations, updatedAt } from './core';
import { users } from './users';

/** Departments of an organisation (user model, rule 185). */
export const departments = pgTable(
  'departments',
  { id: integer().primaryKey().generatedAlwaysAsIdentity(), entityId: entityId(), name: text().notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('departments_entity_name_uq').on(t.entityId, sql`lower(${t.name})`)],
);

/** Labels (at most 30 characters) put on people. */
export const labels = pgTable(
  'labels',
  { id: integer().primaryKey().generatedAlwaysAsIdentity(), entityId: entityId(), name: text().notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('labels_entity_name_uq').on(t.entityId, sql`lower(${t.name})`)],
);

export const userLabels = pgTable(
  'user_labels',
  {
    entityId: entityId(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    labelId: integer('label_id').notNull().references(() => labels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.labelId] }), index('user_labels_label_idx').on(t.labelId)],
);

/** Sections grouping custom fields (rules 216-219). */
export const sections = pgTable(
  'sections',
  { id: integer().primaryKey().generatedAlwaysAsIdentity(), entityId: entityId(), value: text().notNull(), sortOrder: integer('sort_order').notNull().default(0), createdAt: createdAt(), updatedAt: updatedAt() },
  (t) => [uniqueIndex('sections_entity_value_uq').on(t.entityId, sql`lower(${t.value})`)],
);

export type CustomFieldType = 'text' | 'number' | 'date' | 'long_text' | 'rating' | 'toggle' | 'checkboxes' | 'radio';

export const customFields = pgTable(
  'custom_fields',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    sectionId: integer('section_id').notNull().references(() => sections.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    nameI18n: jsonb('name_i18n').$type<Translations>().notNull().default(sql`'{}'::jsonb`),
    type: text().$type<CustomFieldType>().notNull(),
    /** Rating scale display: labels, stars or smileys. */
    display: text(),
    options: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Each option in other languages, by index (the written option is the value stored and the fallback). */
    optionsI18n: jsonb('options_i18n').$type<Translations[]>().notNull().default(sql`'[]'::jsonb`),
    binding: text(),
    badgePrintable: boolean('badge_printable').notNull().default(false),
    fillableByUser: boolean('fillable_by_user').notNull().default(false),
    requiredAtPreRegistration: boolean('required_at_pre_registration').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('custom_fields_entity_name_uq').on(t.entityId, sql`lower(${t.name})`), index('custom_fields_section_idx').on(t.sectionId)],
);

export const customFieldValues = pgTable(
  'custom_field_values',
  {
    entityId: entityId(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    customFieldId: integer('custom_field_id').notNull().references(() => customFields.id, { onDelete: 'cascade' }),
    value: text().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.customFieldId] })],
);

/** Per-organisation document types (vaccine certificate, PCR test…). */
export const documentTypes = pgTable(
  'document_types',
  { id: integer().primaryKey().generatedAlwaysAsIdentity(), entityId: entityId(), key: text().notNull(), name: text().notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('document_types_entity_key_uq').on(t.entityId, t.key)],
);

/** Vaccine or PCR records (rules 181-186). `status` is toggled enabled/disabled or becomes DELETED. */
export const userDocuments = pgTable(
  'user_documents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    documentTypeId: integer('document_type_id').references(() => documentTypes.id, { onDelete: 'set null' }),
    type: text().$type<'covid_vaccine' | 'test'>().notNull(),
    vaccineName: text('vaccine_name'),
    protocol: text(),
    batchNumber: text('batch_number'),
    dateTaken: date('date_taken'),
    startDate: date('start_date'),
    expiryDate: date('expiry_date'),
    pcrResult: text('pcr_result').$type<'negative' | 'positive'>(),
    pcrDate: date('pcr_date'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    dateOfBirth: date('date_of_birth'),
    notes: text(),
    file: text(),
    acceptNegativePcr: boolean('accept_negative_pcr').notNull().default(false),
    vaccineStatus: text('vaccine_status').notNull().default('unchecked'),
    status: text().$type<'enabled' | 'disabled' | 'DELETED'>().notNull().default('enabled'),
    actionBy: integer('action_by'),
    metadata: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('user_documents_entity_user_idx').on(t.entityId, t.userId)],
);

/** A spreadsheet import: staged rows, then a job with progress (import queue page). */
export const importTasks = pgTable(
  'import_tasks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    fileName: text('file_name').notNull(),
    status: text().$type<'staged' | 'queued' | 'running' | 'done' | 'failed'>().notNull().default('staged'),
    total: integer().notNull().default(0),
    processed: integer().notNull().default(0),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    refused: integer().notNull().default(0),
    error: text(),
    createdBy: integer('created_by'),
    /** The member who ran it: a resumed run acts with their rights. */
    runBy: integer('run_by'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Written with every batch (and when queued): a running import whose heartbeat stops is resumed (resume.ts). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('import_tasks_entity_idx').on(t.entityId, t.createdAt)],
);

export const importRows = pgTable(
  'import_rows',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    taskId: integer('task_id').notNull().references(() => importTasks.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    data: jsonb().$type<Record<string, string>>().notNull(),
    photo: text(),
    result: text().$type<'pending' | 'created' | 'updated' | 'refused'>().notNull().default('pending'),
    reason: text(),
    userId: integer('user_id'),
  },
  (t) => [index('import_rows_task_idx').on(t.taskId, t.rowNumber)],
);
