import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, entityId, updatedAt } from './core';
import { areas, kiosks } from './areas';
import { sites } from './sites';
import { userTypes } from './user-types';
import { users } from './users';
import { visits } from './visits';

/** A person's status inside a session (gaps.md: not shown; docs/decisions.md). */
export type EmergencyStatus = 'unaccounted' | 'safe' | 'needs_help' | 'not_on_site';

/** Assembly (muster) points of a site, chosen on the site's page; a warden marks a person safe at one. */
export const musterPoints = pgTable(
  'muster_points',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('muster_points_site_idx').on(t.entityId, t.siteId)],
);

/**
 * An emergency (roll-call) session over one or more sites (rules 255-261): started, then ended. Started by a
 * member (`manual`) or by a kiosk's fire alarm input (`fire_alarm`). A drill is kept apart in lists and reports.
 */
export const emergencySessions = pgTable(
  'emergency_sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    name: text().notNull(),
    status: text().$type<'started' | 'ended'>().notNull().default('started'),
    drill: boolean().notNull().default(false),
    startMethod: text('start_method').$type<'manual' | 'fire_alarm'>().notNull().default('manual'),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedByName: text('started_by_name').notNull(),
    startedByEmail: text('started_by_email'),
    startKioskId: integer('start_kiosk_id').references(() => kiosks.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedBy: integer('ended_by').references(() => users.id, { onDelete: 'set null' }),
    endedByName: text('ended_by_name'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Set when nobody on site is left unaccounted (cleared again when someone unaccounted joins). */
    allAccountedAt: timestamp('all_accounted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('emergency_sessions_entity_idx').on(t.entityId, t.status, t.startedAt)],
);

/**
 * The sites of a session. `active` while the session is started: a site is in at most one active session
 * (the unique index), so 20 kiosks reporting the same alarm start one session.
 */
export const emergencySessionSites = pgTable(
  'emergency_session_sites',
  {
    entityId: entityId(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => emergencySessions.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    active: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.siteId] }),
    uniqueIndex('emergency_session_sites_active_uq').on(t.siteId).where(sql`${t.active}`),
    index('emergency_session_sites_entity_site_idx').on(t.entityId, t.siteId).where(sql`${t.active}`),
  ],
);

/**
 * Everyone a session covers, kept live: taken from the open visits at the start, then followed by a trigger on
 * `visits` (migration 0014) so a person who signs in during the session joins (`joined_at`) and one who signs out
 * leaves (`presence = left`), whatever signed them in or out. The latest status wins by the time it was marked.
 */
export const emergencyPeople = pgTable(
  'emergency_people',
  {
    entityId: entityId(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => emergencySessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    areaId: integer('area_id').references(() => areas.id, { onDelete: 'set null' }),
    visitId: integer('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    userTypeId: integer('user_type_id').references(() => userTypes.id, { onDelete: 'set null' }),
    hostUserId: integer('host_user_id').references(() => users.id, { onDelete: 'set null' }),
    presence: text().$type<'on_site' | 'left'>().notNull().default('on_site'),
    /** Null for people on site when the session started; the sign-in time for those who came later. */
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
    status: text().$type<EmergencyStatus>().notNull().default('unaccounted'),
    statusAt: timestamp('status_at', { withTimezone: true }),
    statusBy: integer('status_by').references(() => users.id, { onDelete: 'set null' }),
    statusByName: text('status_by_name'),
    statusSource: text('status_source').$type<'warden' | 'link'>(),
    musterPointId: integer('muster_point_id').references(() => musterPoints.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.userId] }),
    index('emergency_people_open_idx').on(t.sessionId, t.presence, t.status),
    index('emergency_people_entity_idx').on(t.entityId, t.sessionId),
  ],
);

/**
 * The session's timeline: every mark (kept even when a later one wins), people joining and leaving, messages
 * sent. A mark carries the client's idempotency key: the same mark sent twice (an offline phone replaying) counts once.
 */
export const emergencyEvents = pgTable(
  'emergency_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => emergencySessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<'started' | 'mark' | 'joined' | 'left' | 'message' | 'ended'>().notNull(),
    status: text().$type<EmergencyStatus>(),
    musterPointId: integer('muster_point_id').references(() => musterPoints.id, { onDelete: 'set null' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    source: text().$type<'warden' | 'link' | 'system' | 'fire_alarm'>().notNull().default('warden'),
    detail: jsonb().$type<Record<string, unknown>>(),
    /** When it happened (a mark made offline: when the warden tapped it). */
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('emergency_events_session_idx').on(t.entityId, t.sessionId, t.at),
    uniqueIndex('emergency_events_idempotency_uq').on(t.entityId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
  ],
);

/** Single-use "I'm safe / I need help" links sent by mail or SMS to people still unaccounted (stored hashed). */
export const emergencyLinks = pgTable(
  'emergency_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => emergencySessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    channel: text().$type<'mail' | 'sms'>().notNull(),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    answer: text().$type<'safe' | 'needs_help'>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('emergency_links_token_uq').on(t.tokenHash), index('emergency_links_session_idx').on(t.entityId, t.sessionId)],
);
