import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, entityId, updatedAt } from './core';

/** Sites (rule 229). The places issue owns this file and adds what a site needs. */
export const sites = pgTable(
  'sites',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    name: text().notNull(),
    locationName: text('location_name'),
    lat: doublePrecision(),
    lng: doublePrecision(),
    timezone: text().notNull().default('UTC'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sites_entity_idx').on(t.entityId)],
);
