import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, entityId, updatedAt } from './core';

/** User types (rules 189-194). The people issue owns this file and adds what a user type needs. */
export const userTypes = pgTable(
  'user_types',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    parentId: integer('parent_id'),
    name: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('user_types_entity_idx').on(t.entityId)],
);
