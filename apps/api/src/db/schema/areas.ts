import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, entityId, updatedAt } from './core';
import { journeys } from './journeys';
import { sites } from './sites';

/** Areas inside a site, a tree (rule 230). The places issue owns this file and adds what an area needs. */
export const areas = pgTable(
  'areas',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    name: text().notNull(),
    journeyId: integer('journey_id').references(() => journeys.id, { onDelete: 'set null' }),
    /** Auto sign-out mode (rule 231): none, after 24 hours, at midnight in the site's time zone. */
    autoSignOutMode: text('auto_sign_out_mode').$type<'none' | 'after_24_hours' | 'midnight'>().notNull().default('none'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('areas_entity_site_idx').on(t.entityId, t.siteId)],
);

/** Kiosk devices (rule 239). The places issue owns this table. */
export const kiosks = pgTable(
  'kiosks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    areaId: integer('area_id').references(() => areas.id, { onDelete: 'set null' }),
    journeyId: integer('journey_id').references(() => journeys.id, { onDelete: 'set null' }),
    name: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('kiosks_entity_idx').on(t.entityId)],
);
