import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { attendanceCodes, attendanceModes, reasons } from './attendance';
import { createdAt, entityId, updatedAt } from './core';
import { areas, kiosks } from './areas';
import { journeyFlows } from './journeys';
import { sites } from './sites';
import { userTypes } from './user-types';
import { users } from './users';

export type VisitStatus = 'expected' | 'signed_in' | 'signed_out' | 'auto_closed' | 'deleted';

/**
 * A person's visit to an area: expected, signed in, signed out or auto-closed (rule 153). The visitors issue owns
 * pre-registration columns; the sign-in issue owns the sign-in columns. Both extend this file.
 */
export const visits = pgTable(
  'visits',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    areaId: integer('area_id').references(() => areas.id, { onDelete: 'set null' }),
    userTypeId: integer('user_type_id').references(() => userTypes.id, { onDelete: 'set null' }),
    journeyFlowId: integer('journey_flow_id').references(() => journeyFlows.id, { onDelete: 'set null' }),
    hostUserId: integer('host_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text().$type<VisitStatus>().notNull().default('expected'),
    expectedAt: timestamp('expected_at', { withTimezone: true }),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }),
    signedOutAt: timestamp('signed_out_at', { withTimezone: true }),
    /** How the person got in: kiosk, console, mass action, remote, geofence (rule 235 counts the last two). */
    signInMethod: text('sign_in_method'),
    // Sign-in columns (the sign-in issue).
    kioskId: integer('kiosk_id').references(() => kiosks.id, { onDelete: 'set null' }),
    attendanceModeId: integer('attendance_mode_id').references(() => attendanceModes.id, { onDelete: 'set null' }),
    lateSignIn: boolean('late_sign_in').notNull().default(false),
    earlySignOut: boolean('early_sign_out').notNull().default(false),
    signInReasonId: integer('sign_in_reason_id').references(() => reasons.id, { onDelete: 'set null' }),
    signOutReasonId: integer('sign_out_reason_id').references(() => reasons.id, { onDelete: 'set null' }),
    attendanceCodeId: integer('attendance_code_id').references(() => attendanceCodes.id, { onDelete: 'set null' }),
    /** Celsius (rule 227). */
    temperature: real(),
    mask: boolean(),
    notes: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('visits_entity_status_idx').on(t.entityId, t.status),
    index('visits_entity_area_status_idx').on(t.entityId, t.areaId, t.status),
    index('visits_entity_user_idx').on(t.entityId, t.userId),
    index('visits_signed_in_at_idx').on(t.signedInAt).where(sql`${t.status} = 'signed_in'`),
  ],
);

/** One sign-in or sign-out event (the logbook row). */
export const scans = pgTable(
  'scans',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    visitId: integer('visit_id').references(() => visits.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    areaId: integer('area_id').references(() => areas.id, { onDelete: 'set null' }),
    kioskId: integer('kiosk_id').references(() => kiosks.id, { onDelete: 'set null' }),
    direction: text().$type<'in' | 'out'>().notNull(),
    /** Input method: qr, rfid, name, console, mass_action, or the auto-close reasons (auto_24h, auto_midnight…). */
    method: text().notNull(),
    // Sign-in columns (the sign-in issue).
    late: boolean().notNull().default(false),
    early: boolean().notNull().default(false),
    reasonId: integer('reason_id').references(() => reasons.id, { onDelete: 'set null' }),
    attendanceCodeId: integer('attendance_code_id').references(() => attendanceCodes.id, { onDelete: 'set null' }),
    /** Celsius (rule 227). */
    temperature: real(),
    mask: boolean(),
    notes: text(),
    /** The same request sent twice records one scan (unique per organisation). */
    idempotencyKey: text('idempotency_key'),
    actorUserId: integer('actor_user_id'),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    // Covering: the logbook's order and the daily counts read this index alone.
    index('scans_entity_at_idx').on(t.entityId, t.at, t.direction, t.userId),
    index('scans_entity_area_at_idx').on(t.entityId, t.areaId, t.at),
    index('scans_visit_idx').on(t.visitId),
    index('scans_entity_user_at_idx').on(t.entityId, t.userId, t.at),
    uniqueIndex('scans_entity_idempotency_uq').on(t.entityId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
  ],
);
