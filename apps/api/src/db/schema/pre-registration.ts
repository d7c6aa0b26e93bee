import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, entityId, updatedAt } from './core';
import { areas } from './areas';
import { journeyFlows, journeys } from './journeys';
import { users } from './users';

/**
 * A shareable pre-registration link (`/pre-registration/{code}`) for a journey, or for one of its flows. The
 * public calls name the link by its code, never by a database id, so links cannot be enumerated. The link holds
 * only where and until when: what the visitor is asked (user types and their registration methods, photo, host,
 * entry conditions, custom fields) is read from the journey's flows and their user types (rules 133, 156, 193-200).
 */
export const preRegistrationLinks = pgTable(
  'pre_registration_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    /** Public code: 24 random bytes, base64url. Shared openly, so stored as is (it only opens the form). */
    code: text().notNull().unique(),
    journeyId: integer('journey_id')
      .notNull()
      .references(() => journeys.id, { onDelete: 'cascade' }),
    /** When set, the link offers only this flow's user type; otherwise every flow of the journey. */
    journeyFlowId: integer('journey_flow_id').references(() => journeyFlows.id, { onDelete: 'cascade' }),
    areaId: integer('area_id').references(() => areas.id, { onDelete: 'set null' }),
    /** After this instant the link answers "Registration is not available via this link." (null: no end). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
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
