import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, entityId, updatedAt } from './core';
import { journeys } from './journeys';
import { users } from './users';

/** Attendance codes a mode or a reason records (an integration's codes, or the organisation's own). */
export const attendanceCodes = pgTable(
  'attendance_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    /** The directory integration the code comes from (nullable: the organisation's own codes). */
    integrationId: integer('integration_id'),
    /** The directory's own id of the code (Wonde `attendance-codes` id) for an integration's code. */
    externalId: text('external_id'),
    code: text().notNull(),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('attendance_codes_entity_idx').on(t.entityId),
    uniqueIndex('attendance_codes_integration_external_uq').on(t.integrationId, t.externalId).where(sql`${t.externalId} is not null`),
  ],
);

/** Attendance modes (rule 247): schedule days, from/to, grace periods, on-time code, integration. */
export const attendanceModes = pgTable(
  'attendance_modes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    name: text().notNull(),
    /** ISO weekdays 1 (Monday) .. 7 (Sunday). */
    scheduleDays: jsonb('schedule_days').$type<number[]>().notNull().default(sql`'[1,2,3,4,5]'::jsonb`),
    /** HH:mm:ss in the site's time zone. */
    fromTime: text('from_time').notNull(),
    toTime: text('to_time').notNull(),
    lateSignInGrace: integer('late_sign_in_grace').notNull().default(0),
    earlySignOutGrace: integer('early_sign_out_grace').notNull().default(0),
    onTimeAttendanceCodeId: integer('on_time_attendance_code_id').references(() => attendanceCodes.id, { onDelete: 'set null' }),
    integrationId: integer('integration_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('attendance_modes_entity_idx').on(t.entityId), uniqueIndex('attendance_modes_entity_name_uq').on(t.entityId, sql`lower(${t.name})`)],
);

/** Reasons of a mode (rule 248): late sign-in or early sign-out, a time range, a duration, an attendance code. */
export const reasons = pgTable(
  'reasons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    attendanceModeId: integer('attendance_mode_id')
      .notNull()
      .references(() => attendanceModes.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    presentedReason: text('presented_reason'),
    type: text().$type<'late_sign_in' | 'early_sign_out'>().notNull(),
    fromTime: text('from_time').notNull(),
    toTime: text('to_time').notNull(),
    /** Minutes (rule 253: at least 1). */
    duration: integer().notNull().default(1),
    attendanceCodeId: integer('attendance_code_id').references(() => attendanceCodes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reasons_entity_mode_idx').on(t.entityId, t.attendanceModeId),
    uniqueIndex('reasons_mode_name_uq').on(t.attendanceModeId, sql`lower(${t.name})`),
  ],
);

/** The attendance mode a person follows (one per person). */
export const userAttendanceModes = pgTable(
  'user_attendance_modes',
  {
    entityId: entityId(),
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    attendanceModeId: integer('attendance_mode_id')
      .notNull()
      .references(() => attendanceModes.id, { onDelete: 'cascade' }),
  },
  (t) => [index('user_attendance_modes_mode_idx').on(t.entityId, t.attendanceModeId)],
);

/**
 * The attendance modes a console user may act on (rules 100-101). A user with no rows here reaches every mode;
 * with rows, only those modes (and the people and reasons in them).
 */
export const attendanceModeGrants = pgTable(
  'attendance_mode_grants',
  {
    entityId: entityId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attendanceModeId: integer('attendance_mode_id')
      .notNull()
      .references(() => attendanceModes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.attendanceModeId] })],
);

/** The attendance modes offered by a journey (`attendance_modes/journey/{id}`). */
export const journeyAttendanceModes = pgTable(
  'journey_attendance_modes',
  {
    entityId: entityId(),
    journeyId: integer('journey_id')
      .notNull()
      .references(() => journeys.id, { onDelete: 'cascade' }),
    attendanceModeId: integer('attendance_mode_id')
      .notNull()
      .references(() => attendanceModes.id, { onDelete: 'cascade' }),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.journeyId, t.attendanceModeId] })],
);
