import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Every tenant-owned table carries this column; row-level security keys on it (platform/db/migrate.ts). */
export const entityId = () =>
  integer('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });

/** Organisations (rule 295). Not tenant-owned: its row-level policy keys on `id`. */
export const entities = pgTable('entities', {
  id: id(),
  name: text().notNull(),
  subdomain: text().notNull().unique(),
  logo: text(),
  package: text().$type<'Cloud' | 'Standalone'>().default('Cloud'),
  plan: integer().default(1),
  subscription: text().$type<'cloud' | 'standalone'>().default('cloud'),
  ownerId: integer('owner_id'),
  otpRoles: jsonb('otp_roles').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
  clientTokenHash: text('client_token_hash'),
  clientTokenCreatedAt: timestamp('client_token_created_at', { withTimezone: true }),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Identity accounts: the built-in passport. Global, one per e-mail. */
export const accounts = pgTable('accounts', {
  id: id(),
  passportId: text('passport_id').notNull().unique(),
  email: text().notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  lang: text().$type<'en' | 'ar' | 'es'>().notNull().default('en'),
  image: text(),
  otpSecret: text('otp_secret'),
  otpEnabled: boolean('otp_enabled').notNull().default(false),
  /** The last two-step time step accepted: a code is accepted once (issue 16 part 2). */
  otpLastStep: integer('otp_last_step'),
  isActive: boolean('is_active').notNull().default(true),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  isSupport: boolean('is_support').notNull().default(false),
  clientId: text('client_id').unique(),
  clientSecretHash: text('client_secret_hash'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Opaque bearer tokens, stored hashed with expiry. Kind: console session, passport, API client access token. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    entityId: integer('entity_id').references(() => entities.id, { onDelete: 'cascade' }),
    kind: text().$type<'console' | 'passport' | 'api'>().notNull().default('console'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

/** One-hour password reset links (stored hashed). */
export const passwordResets = pgTable('password_resets', {
  id: id(),
  tokenHash: text('token_hash').notNull().unique(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** The four roles of each organisation (rule 1) with their permission map (rule 90). */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    entityId: entityId(),
    key: text().notNull(),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_entity_key_uq').on(t.entityId, t.key)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    entityId: entityId(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text().notNull(),
    allowed: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

/** Who changed what and when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    entityId: entityId(),
    actorAccountId: integer('actor_account_id'),
    actorUserId: integer('actor_user_id'),
    action: text().notNull(),
    subject: text().notNull(),
    subjectId: text('subject_id'),
    changes: jsonb().$type<Record<string, unknown>>(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_entity_at_idx').on(t.entityId, t.at)],
);

/** Per user, page and organisation table preferences (rules 127-128). */
export const adminPreferences = pgTable(
  'admin_preferences',
  {
    id: id(),
    entityId: entityId(),
    employeeId: integer('employee_id').notNull(),
    pageUrl: text('page_url').notNull(),
    tableHead: jsonb('table_head').$type<unknown>(),
    url: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('admin_pref_uq').on(t.entityId, t.employeeId, t.pageUrl)],
);

/** Invitations of a passport account to an organisation's dashboard (accept / reject from the passport). */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    entityId: entityId(),
    email: text().notNull(),
    userId: integer('user_id'),
    roleId: integer('role_id'),
    invitedBy: integer('invited_by'),
    status: text().$type<'pending' | 'accepted' | 'rejected' | 'revoked'>().notNull().default('pending'),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index('invitations_email_idx').on(t.email)],
);

/** Words an administrator wrote, in the other languages (the written field is the fallback). */
export type Translations = { en?: string; ar?: string; es?: string };
