import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, entityId, type Translations, updatedAt } from './core';
import { sites } from './sites';
import { userTypes } from './user-types';
import { users } from './users';

export type { Translations };

/**
 * Announcements (rules 262-265): a title (`text`) and sanitised rich text (`description`), each with optional
 * translations; targets by user type and site (no site: every site); urgent, pinned, verbal (read aloud on the
 * kiosk). Status is computed from the publish and expiry times: scheduled, active, expired.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    text: text().notNull(),
    textI18n: jsonb('text_i18n').$type<Translations>().notNull().default(sql`'{}'::jsonb`),
    description: text().notNull().default(''),
    descriptionI18n: jsonb('description_i18n').$type<Translations>().notNull().default(sql`'{}'::jsonb`),
    url: text(),
    urgent: boolean().notNull().default(false),
    pinned: boolean().notNull().default(false),
    verbal: boolean().notNull().default(false),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('announcements_entity_publish_idx').on(t.entityId, t.publishAt)],
);

export const announcementUserTypes = pgTable(
  'announcement_user_types',
  {
    entityId: entityId(),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userTypeId: integer('user_type_id')
      .notNull()
      .references(() => userTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userTypeId] })],
);

export const announcementSites = pgTable(
  'announcement_sites',
  {
    entityId: entityId(),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.siteId] })],
);
