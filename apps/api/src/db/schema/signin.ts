import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
