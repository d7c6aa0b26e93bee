import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, entityId, updatedAt } from './core';
import { kioskRequests } from './devices';
import { kiosks } from './areas';
import { sites } from './sites';
import { scans } from './visits';
import { userTypes } from './user-types';
import { users } from './users';

export type PrintJobStatus = 'queued' | 'sent' | 'printed' | 'failed' | 'canceled' | 'expired';

/**
 * Quick pass print jobs (rule 291): a badge printed at a kiosk's printer, or sent to it again (reprint). A job not
 * yet printed can be cancelled; one not printed by `expires_at` counts as expired.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    kioskId: integer('kiosk_id').references(() => kiosks.id, { onDelete: 'set null' }),
    scanId: integer('scan_id').references(() => scans.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The printer's name as the list shows it (the kiosk's name when it printed). */
    printer: text().notNull(),
    status: text().$type<PrintJobStatus>().notNull().default('queued'),
    /** The kiosk request that carries a reprint to the kiosk (its status drives the job's). */
    kioskRequestId: integer('kiosk_request_id').references(() => kioskRequests.id, { onDelete: 'set null' }),
    reprintOf: integer('reprint_of'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    executedAt: timestamp('executed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('print_jobs_entity_created_idx').on(t.entityId, t.createdAt, t.id), index('print_jobs_user_idx').on(t.userId)],
);

export type ExportStatus = 'queued' | 'running' | 'ready' | 'failed';

/**
 * A requested export (rule 290): which report, in which format, with what filters; built by a job that writes
 * the file through the storage and records its progress; downloadable until `expires_at`, then deleted.
 */
export const reportExports = pgTable(
  'report_exports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    report: text().notNull(),
    format: text().$type<'csv' | 'xlsx' | 'pdf'>().notNull(),
    params: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    lang: text().$type<'en' | 'ar' | 'es'>().notNull().default('en'),
    status: text().$type<ExportStatus>().notNull().default('queued'),
    rows: integer().notNull().default(0),
    total: integer(),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    size: integer(),
    error: text(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    /** A scheduled report's export: mailed to the subscription's people rather than to the requester. */
    subscriptionId: integer('subscription_id'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('report_exports_entity_created_idx').on(t.entityId, t.createdAt, t.id), index('report_exports_expires_idx').on(t.expiresAt)],
);

/** A scheduled report: people subscribed to a report, mailed daily, weekly or monthly at the site's local time. */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    report: text().notNull(),
    format: text().$type<'csv' | 'xlsx' | 'pdf'>().notNull(),
    frequency: text().$type<'daily' | 'weekly' | 'monthly'>().notNull(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    /** Local hour of the site (0-23) the report is sent at. */
    hour: integer().notNull().default(7),
    params: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    recipientIds: jsonb('recipient_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('report_subscriptions_due_idx').on(t.nextRunAt), index('report_subscriptions_entity_idx').on(t.entityId)],
);

/**
 * Retention per user type (rules 282-283): days a person's data and their scans are kept after their last visit.
 * A row without a user type is the organisation's default for visitor (non-staff) types that have no row.
 */
export const privacySettings = pgTable(
  'privacy_settings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    userTypeId: integer('user_type_id').references(() => userTypes.id, { onDelete: 'cascade' }),
    dataRetentionDays: integer('data_retention_days').notNull(),
    scansRetentionDays: integer('scans_retention_days').notNull(),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('privacy_settings_type_uq').on(t.entityId, t.userTypeId).where(sql`${t.userTypeId} is not null`),
    uniqueIndex('privacy_settings_default_uq').on(t.entityId).where(sql`${t.userTypeId} is null`),
  ],
);

export type PrivacyRunKind = 'purge' | 'delete_now' | 'erase_person';
export type PrivacyRunStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * One run of the retention purge (nightly, delete now, or a person's erasure): what it deleted so far, where it
 * is (`step`, resumable after a crash: each batch commits its deletions with these counters), the files it still
 * has to remove from storage after the batch that unlinked them committed.
 */
export const privacyRuns = pgTable(
  'privacy_runs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    kind: text().$type<PrivacyRunKind>().notNull(),
    status: text().$type<PrivacyRunStatus>().notNull().default('queued'),
    /** Delete now: data, scan or both (rule 284), for one user type; purge: every type. */
    scope: jsonb().$type<{ type?: 'data' | 'scan' | 'both'; user_type_id?: number | null; user_id?: number; name?: string }>().notNull().default(sql`'{}'::jsonb`),
    /** The purge's local day (per organisation, one nightly run). */
    runDate: text('run_date'),
    step: text().notNull().default('files'),
    counts: jsonb().$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    pendingFiles: jsonb('pending_files').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    error: text(),
    requestedBy: integer('requested_by'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('privacy_runs_entity_created_idx').on(t.entityId, t.createdAt),
    uniqueIndex('privacy_runs_nightly_uq').on(t.entityId, t.runDate).where(sql`${t.kind} = 'purge'`),
  ],
);
