import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, real, timestamp } from 'drizzle-orm/pg-core';
import { entityId } from './core';
import { users } from './users';

/**
 * Suspected duplicates by similar names (rule 286), found in the background (users/name-pairs.ts): each pair once,
 * the lower id first, with its pg_trgm similarity. A deleted person's pairs go with them; an archived or renamed
 * one's are recomputed from the queue below.
 */
export const duplicateNamePairs = pgTable(
  'duplicate_name_pairs',
  {
    entityId: entityId(),
    userA: integer('user_a').notNull().references(() => users.id, { onDelete: 'cascade' }),
    userB: integer('user_b').notNull().references(() => users.id, { onDelete: 'cascade' }),
    score: real().notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userA, t.userB] }),
    index('duplicate_name_pairs_board_idx').on(t.entityId, t.score.desc(), t.userA, t.userB),
    index('duplicate_name_pairs_user_b_idx').on(t.userB),
  ],
);

/**
 * People whose name pairs are to be (re)computed: a trigger on users queues everyone added, renamed, archived or
 * restored (migration 0025), whatever wrote them (the console, an import, a sync, a merge).
 */
export const duplicateNameQueue = pgTable(
  'duplicate_name_queue',
  {
    entityId: entityId(),
    userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('duplicate_name_queue_entity_idx').on(t.entityId, t.userId)],
);
