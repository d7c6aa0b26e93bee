import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, createdAt, entityId, roles, updatedAt } from './core';
import { sites } from './sites';
import { userTypes } from './user-types';

/**
 * People of an organisation: staff, pupils, contractors, visitors. A person with a role can use the console;
 * a person linked to an account has a passport.
 */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    userTypeId: integer('user_type_id').references(() => userTypes.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text(),
    phone: text(),
    phoneCode: text('phone_code'),
    idNumber: text('id_number'),
    companyName: text('company_name'),
    image: text(),
    lang: text().$type<'en' | 'ar' | 'es'>().notNull().default('en'),
    status: text().$type<'active' | 'archived'>().notNull().default('active'),
    departmentId: integer('department_id'),
    rfid: text(),
    faceId: text('face_id'),
    /** RFID self-enrolment link code (stored hashed) and its expiry (the public /rfid/:code page). */
    rfidCodeHash: text('rfid_code_hash'),
    rfidCodeExpiresAt: timestamp('rfid_code_expires_at', { withTimezone: true }),
    /** The quick pass code a person shows at a kiosk. */
    quickPassCode: text('quick_pass_code'),
    /** The random, unguessable code of the person's kiosk QR (badge): the kiosk resolves it to the person. */
    kioskCode: text('kiosk_code').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Set when the retention purge (or an erasure request) blanked the person's details but kept their scans. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    /** Free resources a person holds (parking space, locker…), name to value. */
    /** What the grid's search box matches (names, e-mail, phone, ID), lower-cased in one column. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(id_number, ''))`,
    ),
    /**
     * The keys the duplicates search compares (rule 286), kept by the database so that they are indexed: the e-mail
     * without dots and +tags in its local part, the phone's last 9 digits, the ID without case and punctuation.
     */
    dupEmail: text('dup_email').generatedAlwaysAs(
      sql`case when email is null then null else regexp_replace(split_part(lower(email), '@', 1), '([+].*$)|[.]', '', 'g') || '@' || split_part(lower(email), '@', 2) end`,
    ),
    dupPhone: text('dup_phone').generatedAlwaysAs(sql`case when length(phone) >= 9 then right(phone, 9) else phone end`),
    dupIdNumber: text('dup_id_number').generatedAlwaysAs(sql`nullif(regexp_replace(lower(id_number), '[^a-z0-9]', '', 'g'), '')`),
    /**
     * The name's skeleton the duplicates search also compares (rule 286): lower-cased, without the vowels inside a
     * word and with doubled letters made single, so that spellings of one name meet ("Mohammed Khan" and "Muhammad
     * Khan" are both "mhmd khn"; "Hannah Park" and "Hana Park" are "hnh prk" and "hn prk").
     */
    dupNameKey: text('dup_name_key').generatedAlwaysAs(
      sql`regexp_replace(regexp_replace(lower(first_name || ' ' || last_name), '\\Y[aeiouy]+', '', 'g'), '(.)\\1+', '\\1', 'g')`,
    ),
    resources: jsonb().$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** Site and user-type grants (rule 96): all, or the rows of user_sites / user_user_types. */
    allSites: boolean('all_sites').notNull().default(true),
    allUserTypes: boolean('all_user_types').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_entity_email_uq').on(t.entityId, sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    uniqueIndex('users_entity_phone_uq').on(t.entityId, t.phone).where(sql`${t.phone} is not null`),
    uniqueIndex('users_entity_idnumber_uq').on(t.entityId, t.idNumber).where(sql`${t.idNumber} is not null`),
    uniqueIndex('users_entity_account_uq').on(t.entityId, t.accountId).where(sql`${t.accountId} is not null`),
    index('users_entity_name_idx').on(t.entityId, t.lastName, t.firstName),
    uniqueIndex('users_entity_rfid_uq').on(t.entityId, t.rfid).where(sql`${t.rfid} is not null`),
    uniqueIndex('users_entity_kiosk_code_uq').on(t.entityId, t.kioskCode),
    index('users_entity_status_name_idx').on(t.entityId, t.status, t.firstName, t.lastName, t.id),
    index('users_entity_status_type_idx').on(t.entityId, t.status, t.userTypeId, t.id),
    index('users_entity_status_created_idx').on(t.entityId, t.status, t.createdAt, t.id),
    index('users_entity_status_email_idx').on(t.entityId, t.status, t.email, t.id),
    index('users_entity_status_last_idx').on(t.entityId, t.status, t.lastName, t.id),
    index('users_entity_status_idnumber_idx').on(t.entityId, t.status, t.idNumber, t.id),
    index('users_dup_email_idx').on(t.entityId, t.dupEmail, t.id).where(sql`${t.status} = 'active' and ${t.dupEmail} is not null`),
    index('users_dup_phone_idx').on(t.entityId, t.dupPhone, t.id).where(sql`${t.status} = 'active' and ${t.dupPhone} is not null`),
    index('users_dup_id_number_idx').on(t.entityId, t.dupIdNumber, t.id).where(sql`${t.status} = 'active' and ${t.dupIdNumber} is not null`),
    index('users_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('users_dup_name_key_trgm_idx').using('gin', sql`${t.dupNameKey} gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`(lower(${t.firstName} || ' ' || ${t.lastName})) gin_trgm_ops`),
  ],
);

export const userSites = pgTable(
  'user_sites',
  {
    entityId: entityId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteId] })],
);

export const userUserTypes = pgTable(
  'user_user_types',
  {
    entityId: entityId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userTypeId: integer('user_type_id')
      .notNull()
      .references(() => userTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.userTypeId] })],
);

export const lastSeen = () => timestamp('last_seen_at', { withTimezone: true });
