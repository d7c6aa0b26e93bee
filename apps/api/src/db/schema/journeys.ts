import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, entityId, updatedAt } from './core';
import { userTypes } from './user-types';

/** Journeys (rule 195). The journeys issue owns this file and adds what journeys, flows and compliance need. */
export const journeys = pgTable(
  'journeys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    name: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('journeys_entity_idx').on(t.entityId)],
);

/** A journey's flow for one user type (rule 197). */
export const journeyFlows = pgTable(
  'journey_flows',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    journeyId: integer('journey_id')
      .notNull()
      .references(() => journeys.id, { onDelete: 'cascade' }),
    userTypeId: integer('user_type_id').references(() => userTypes.id, { onDelete: 'set null' }),
    name: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('journey_flows_entity_journey_idx').on(t.entityId, t.journeyId)],
);

/** Entry conditions (rule 205). */
export const compliances = pgTable(
  'compliances',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    name: text().notNull(),
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('compliances_entity_idx').on(t.entityId)],
);
