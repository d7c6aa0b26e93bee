import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { attendanceCodes } from './attendance';
import { createdAt, entityId, updatedAt } from './core';
import { userTypes } from './user-types';
import { users } from './users';
import { scans } from './visits';

export type DirectoryType = 'google' | 'azure' | 'paxton' | 'wonde';
/** Rule 268. */
export type IntegrationStatus = 'draft' | 'active' | 'active_with_errors' | 'auth_failed' | 'inactive' | 'invalid';
export type SyncFrequency = 'daily' | 'weekly' | 'monthly' | 'immediately';
/** Rule 272. */
export type MigrationStage = 'idle' | 'processing' | 'done' | 'failed' | 'auth-failed';

/** Our person fields a directory field maps to (field mapping, rule 275). */
export type MappedFields = Partial<Record<'first_name' | 'last_name' | 'email' | 'phone' | 'id_number' | 'company_name', string>>;
/** One directory group (or Wonde student/employee kind) given a user type. */
export interface GroupMapping {
  group_id: string;
  user_type_id: number;
}
/** Paxton Net2: visitors of this user type get a Net2 user with this access level when their visit is approved. */
export interface VisitorAccessLevel {
  user_type_id: number;
  access_level_id: number;
}
/** Paxton Net2: a door's access-granted events are sign-ins at this area of ours. */
export interface DoorArea {
  door_id: string;
  area_id: number;
}

/**
 * A directory integration (rules 266-281): its type, credentials (AES-GCM under SECRET_KEY, never answered, rule
 * 267), mapping, sites, frequency, status and the sync's code and cursor (Graph delta link, Wonde updated_after).
 */
export const integrations = pgTable(
  'integrations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    name: text().notNull(),
    type: text().$type<DirectoryType>().notNull(),
    status: text().$type<IntegrationStatus>().notNull().default('draft'),
    /** `v1.<iv>.<tag>.<ciphertext>` (base64url) of the per-type configuration. */
    credentials: text().notNull(),
    /** When the stored token (or credentials) were last proven (seed 002: "a stored token carries a time stamp"). */
    tokenAt: timestamp('token_at', { withTimezone: true }),
    syncFrequency: text('sync_frequency').$type<SyncFrequency>().notNull().default('daily'),
    autoSync: integer('auto_sync').notNull().default(0),
    siteIds: jsonb('site_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    mappedFields: jsonb('mapped_fields').$type<MappedFields>().notNull().default(sql`'{}'::jsonb`),
    groups: jsonb().$type<GroupMapping[]>().notNull().default(sql`'[]'::jsonb`),
    migrationField: text('migration_field'),
    scansPerDay: integer('scans_per_day').notNull().default(1),
    /** Rule 270's polled code of the last (or running) sync. */
    syncCode: integer('sync_code').notNull().default(0),
    migrationStage: text('migration_stage').$type<MigrationStage>().notNull().default('idle'),
    /** Where the next incremental sync starts: a Graph delta link, a Wonde updated_after time. */
    cursor: jsonb().$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Paxton Net2 only (issue 19 part 4): visitor access levels by user type, and doors read as areas. */
    visitorAccessLevels: jsonb('visitor_access_levels').$type<VisitorAccessLevel[]>().notNull().default(sql`'[]'::jsonb`),
    doorAreas: jsonb('door_areas').$type<DoorArea[]>().notNull().default(sql`'[]'::jsonb`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('integrations_entity_name_uq').on(t.entityId, sql`lower(${t.name})`), index('integrations_next_sync_idx').on(t.nextSyncAt)],
);

/** A directory's group as last listed (the groups a mapping can choose). */
export const integrationGroups = pgTable(
  'integration_groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text().notNull(),
    kind: text(),
    members: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [uniqueIndex('integration_groups_uq').on(t.integrationId, t.externalId)],
);

/** Our person for a directory's immutable id (never e-mail or name). */
export const integrationPeople = pgTable(
  'integration_people',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The directory's record as last seen (its hash decides whether the person changed). */
    hash: text(),
    /** Set when the person left the directory (they are archived, not deleted). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('integration_people_uq').on(t.integrationId, t.externalId), index('integration_people_user_idx').on(t.userId)],
);

export type TempState = 'valid' | 'error' | 'duplicate';

/** A person listed by a sync not yet (or not able to be) made one of ours: valid, error or duplicate, with its fix. */
export const integrationTempUsers = pgTable(
  'integration_temp_users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    state: text().$type<TempState>().notNull(),
    data: jsonb().$type<Record<string, string | null>>().notNull(),
    userTypeId: integer('user_type_id').references(() => userTypes.id, { onDelete: 'set null' }),
    /** Field name to message keys. */
    errors: jsonb().$type<Record<string, string[]>>().notNull().default(sql`'{}'::jsonb`),
    /** The existing person it duplicates (offered for merge). */
    duplicateOf: integer('duplicate_of').references(() => users.id, { onDelete: 'set null' }),
    runId: integer('run_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('integration_temp_users_uq').on(t.integrationId, t.externalId), index('integration_temp_users_state_idx').on(t.integrationId, t.state, t.id)],
);

export type RunKind = 'first' | 'auto' | 'manual' | 'migration';
export type RunStatus = 'queued' | 'running' | 'done' | 'failed';

/** One sync run (the logs): counts, errors, where it stopped (resume), its code. */
export const integrationRuns = pgTable(
  'integration_runs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    kind: text().$type<RunKind>().notNull(),
    status: text().$type<RunStatus>().notNull().default('queued'),
    code: integer().notNull().default(0),
    counts: jsonb().$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    errors: jsonb().$type<{ type: string; message: string }[]>().notNull().default(sql`'[]'::jsonb`),
    /** The page to list next (resume point) and the phase. */
    resume: jsonb().$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('integration_runs_integration_idx').on(t.integrationId, t.id)],
);

export type WritebackStatus = 'pending' | 'ignored' | 'sent' | 'failed';

/** A scan to write back to the directory as an attendance mark (Wonde), and what became of it. */
export const integrationScans = pgTable(
  'integration_scans',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    scanId: integer('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().$type<WritebackStatus>().notNull().default('pending'),
    date: text().notNull(),
    session: text().$type<'AM' | 'PM'>().notNull(),
    attendanceCodeId: integer('attendance_code_id').references(() => attendanceCodes.id, { onDelete: 'set null' }),
    minutesLate: integer('minutes_late'),
    writebackId: text('writeback_id'),
    error: text(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('integration_scans_uq').on(t.integrationId, t.scanId), index('integration_scans_status_idx').on(t.integrationId, t.status, t.id)],
);

export type Net2VisitorState = 'adding' | 'added' | 'removing' | 'removed' | 'failed';

/**
 * Our visit ↔ the Net2 user made for it (issue 19 part 4): one row per visit and integration. The jobs that add and
 * remove the Net2 user read and move this row, so a job run twice (a retry after a lost answer) does nothing twice.
 */
export const net2Visitors = pgTable(
  'net2_visitors',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    visitId: integer('visit_id').notNull(),
    net2UserId: text('net2_user_id'),
    state: text().$type<Net2VisitorState>().notNull().default('adding'),
    accessLevelId: integer('access_level_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    error: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('net2_visitors_uq').on(t.integrationId, t.visitId), index('net2_visitors_visit_idx').on(t.visitId), index('net2_visitors_state_idx').on(t.state)],
);
