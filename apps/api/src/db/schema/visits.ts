import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('visits_entity_status_idx').on(t.entityId, t.status),
    index('visits_entity_area_status_idx').on(t.entityId, t.areaId, t.status),
    index('visits_entity_user_idx').on(t.entityId, t.userId),
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
    method: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('scans_entity_at_idx').on(t.entityId, t.at), index('scans_entity_area_at_idx').on(t.entityId, t.areaId, t.at)],
);
