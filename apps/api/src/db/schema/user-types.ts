import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, entityId, type Translations, updatedAt } from './core';

/** User types (rules 189-194): a tree (parent), how people of the type register and what they are asked. */
export const userTypes = pgTable(
  'user_types',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    parentId: integer('parent_id'),
    name: text().notNull(),
    /** The name in other languages (issue 15 part 7); the written name is the fallback. */
    nameI18n: jsonb('name_i18n').$type<Translations>().notNull().default(sql`'{}'::jsonb`),
    /** Rule 156: not_required | allowed | approval_required | by_admin | pre_registered_only. */
    registrationMethod: text('registration_method').notNull().default('allowed'),
    /** Visit grace period in minutes, at least 30 (rule 190). */
    gracePeriod: integer('grace_period').notNull().default(30),
    mandatoryData: jsonb('mandatory_data').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    profilePhoto: boolean('profile_photo').notNull().default(false),
    /** Rule 193: people of this type may switch their own type (never from a staff type to a visitor one). */
    allowSwitch: boolean('allow_switch').notNull().default(false),
    allowNotSelectHost: boolean('allow_not_select_host').notNull().default(false),
    hostUserTypeIds: jsonb('host_user_type_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    /** Staff-like types (people who work there) cannot switch to a visitor type (rule 193). */
    isStaff: boolean('is_staff').notNull().default(false),
    /** The token behind the user type's pre-registration QR code. */
    qrToken: text('qr_token'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('user_types_entity_idx').on(t.entityId), uniqueIndex('user_types_entity_name_uq').on(t.entityId, sql`lower(${t.name})`)],
);
