import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, entityId } from './core';
import { users } from './users';

/** People a mass sign-in/out skipped, with the explanation (`mass-action-signin/errors`, rule 226). */
export const massActionErrors = pgTable(
  'mass_action_errors',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    batchId: uuid('batch_id').notNull(),
    actorUserId: integer('actor_user_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mass_action_errors_entity_idx').on(t.entityId, t.createdAt)],
);

/**
 * The dashboard's daily counts of settled days, kept so a 7-day chart reads one short index range instead of
 * counting a week of scans. A row is one local day of one scope (`entity`, `site:<id>`, `area:<id>`, or a
 * site-limited actor's `sites:<ids>`) in one time zone, [day_from, day_to). Only days that ended at least two
 * hours ago are kept; a scan written, changed or deleted inside a kept day deletes that day's rows (triggers of
 * migration 0007), and the advisory lock they share with the reader orders the two (see daily-counts.ts).
 */
export const dailyCountsCache = pgTable(
  'daily_counts_cache',
  {
    entityId: entityId(),
    scope: text().notNull(),
    timeZone: text('time_zone').notNull(),
    day: date({ mode: 'string' }).notNull(),
    dayFrom: timestamp('day_from', { withTimezone: true }).notNull(),
    dayTo: timestamp('day_to', { withTimezone: true }).notNull(),
    signIns: integer('sign_ins').notNull(),
    signOuts: integer('sign_outs').notNull(),
    people: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.scope, t.timeZone, t.day] }), index('daily_counts_cache_entity_to_idx').on(t.entityId, t.dayTo)],
);
