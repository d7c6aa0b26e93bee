import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { attendanceCodes, attendanceModes, reasons } from './attendance';
import { createdAt, entityId, updatedAt } from './core';
import { areas, kiosks } from './areas';
import { journeyFlows } from './journeys';
import { sites } from './sites';
import { userTypes } from './user-types';
import { users } from './users';

export type RegistrationMethodValue = 'not_required' | 'allowed' | 'approval_required' | 'by_admin' | 'pre_registered_only';
export type JourneyStageValue =
  | 'compliance_pending'
  | 'compliance_failed'
  | 'ready_to_sign_in'
  | 'awaiting_admin_approval'
  | 'awaiting_admin_approval_compliance_failed'
  | 'rejected_by_admin'
  | 'approved_by_admin';
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
    // Pre-registration (visitors issue): date and time as the visitor chose them in the site's time zone.
    visitDate: text('visit_date'),
    visitTime: text('visit_time'),
    /** Rule 156: how this visit was registered; decides whether approval is needed. */
    registrationMethod: text('registration_method').$type<RegistrationMethodValue>(),
    /** Rule 152. */
    journeyStage: text('journey_stage').$type<JourneyStageValue>(),
    /** Rule 155: not_required, pending, approved, rejected. */
    approvalState: text('approval_state').$type<'not_required' | 'pending' | 'approved' | 'rejected'>().notNull().default('not_required'),
    confirmationState: text('confirmation_state').$type<'pending' | 'confirmed'>().notNull().default('pending'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The confirmation/compliance link (`/c/{visitUrl}`): a long random token, stored hashed, with an expiry. */
    linkTokenHash: text('link_token_hash'),
    /** Random per-visit salt: the link token is an HMAC of it under SECRET_KEY, so later mails can repeat it. */
    linkNonce: text('link_nonce'),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    /** The host's approve/reject link from the approval mail: single use, stored hashed. */
    approvalTokenHash: text('approval_token_hash'),
    passportId: text('passport_id'),
    companyName: text('company_name'),
    image: text(),
    customFields: jsonb('custom_fields').$type<{ custom_field_id: number; type: string; value: string }[]>().notNull().default(sql`'[]'::jsonb`),
    lang: text().$type<'en' | 'ar' | 'es'>().notNull().default('en'),
    adminNotes: text('admin_notes'),
    preRegistrationLinkId: integer('pre_registration_link_id'),
    complianceLinkSentAt: timestamp('compliance_link_sent_at', { withTimezone: true }),
    /** Entry-condition link mails sent so far (rules 199-200): the job for send n claims n -> n+1, so none goes twice. */
    complianceLinkSends: integer('compliance_link_sends').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
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
    // Every index is written on each sign-in and sign-out, so each serves documented queries. Who is on site or
    // expected (dashboard counts, fire list), and a person's open and expected visits, which the sign-in reads:
    // status before the person, so that lookup goes straight to them whatever the statistics say (with status
    // after the person it would read their whole history; without the person, every open visit).
    index('visits_entity_status_user_idx').on(t.entityId, t.status, t.userId),
    // The same for one area; a person's history (people pages).
    index('visits_entity_area_status_idx').on(t.entityId, t.areaId, t.status),
    index('visits_entity_user_idx').on(t.entityId, t.userId),
    index('visits_entity_expected_idx').on(t.entityId, t.expectedAt),
    uniqueIndex('visits_link_token_uq').on(t.linkTokenHash).where(sql`${t.linkTokenHash} is not null`),
    uniqueIndex('visits_approval_token_uq').on(t.approvalTokenHash).where(sql`${t.approvalTokenHash} is not null`),
    // Reports read visits by time: visit history, the timesheet, track and trace.
    index('visits_entity_signed_in_idx').on(t.entityId, t.signedInAt),
    // Track and trace: who was in an area during a presence (a short range of sign-in times in one area).
    index('visits_entity_area_signed_in_idx').on(t.entityId, t.areaId, t.signedInAt),
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
    /**
     * What the key was sent with (issue 16 part 6): a hash of the caller (kiosk or member) and the request's
     * content. The same key with other content, another person or another caller is refused (409), not replayed.
     */
    requestHash: text('request_hash'),
    actorUserId: integer('actor_user_id'),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    // Covering: the logbook's order and the daily counts read this index alone.
    index('scans_entity_at_idx').on(t.entityId, t.at, t.direction, t.userId),
    index('scans_entity_area_at_idx').on(t.entityId, t.areaId, t.at),
    index('scans_visit_idx').on(t.visitId),
    // A person's scans follow them when people are merged or deleted (the foreign key's cascade).
    index('scans_user_idx').on(t.userId),
    uniqueIndex('scans_entity_idempotency_uq').on(t.entityId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
  ],
);
