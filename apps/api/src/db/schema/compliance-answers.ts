import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { areas } from './areas';
import { createdAt, entityId } from './core';
import { complianceVersions, compliances } from './journeys';
import { userTypes } from './user-types';
import { users } from './users';
import { scans, visits } from './visits';

export interface StoredAnswer {
  question_id: string;
  question: string;
  answer: 'positive' | 'negative';
  desired_answer: 'positive' | 'negative';
  wrong: boolean;
}

/** A person's answers to one entry condition, kept with the version answered and the visit or scan (rules 210-214). */
export const complianceUsers = pgTable(
  'compliance_users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    complianceId: integer('compliance_id')
      .notNull()
      .references(() => compliances.id, { onDelete: 'cascade' }),
    complianceVersionId: integer('compliance_version_id')
      .notNull()
      .references(() => complianceVersions.id, { onDelete: 'cascade' }),
    visitId: integer('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    scanId: integer('scan_id').references(() => scans.id, { onDelete: 'set null' }),
    areaId: integer('area_id').references(() => areas.id, { onDelete: 'set null' }),
    userTypeId: integer('user_type_id').references(() => userTypes.id, { onDelete: 'set null' }),
    answers: jsonb().$type<StoredAnswer[]>().notNull(),
    notes: text(),
    maskFailed: boolean('mask_failed').notNull().default(false),
    temperature: doublePrecision(),
    temperatureFailed: boolean('temperature_failed').notNull().default(false),
    isWrong: boolean('is_wrong').notNull(),
    status: text().$type<'success' | 'failed'>().notNull(),
    source: text().$type<'console' | 'kiosk' | 'online'>().notNull().default('console'),
    createdAt: createdAt(),
  },
  (t) => [index('compliance_users_entity_user_idx').on(t.entityId, t.userId, t.complianceId), index('compliance_users_entity_visit_idx').on(t.entityId, t.visitId)],
);

/** Compliance links sent to visitors (rules 144-148): long random codes, stored hashed, that expire and are used once. */
export const complianceLinks = pgTable(
  'compliance_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('compliance_links_entity_visit_idx').on(t.entityId, t.visitId)],
);

/** An organisation's trust list for certificates: PEM public keys (EU DCC) and JWKS (SMART Health Cards). */
export const complianceTrustKeys = pgTable(
  'compliance_trust_keys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    name: text().notNull(),
    kind: text().$type<'pem' | 'jwks'>().notNull(),
    /** `kid` of a DCC signer (base64) or the issuer URL of a SMART Health Card. */
    keyId: text('key_id'),
    content: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('compliance_trust_keys_entity_idx').on(t.entityId)],
);

/** A checked certificate (EU DCC or SMART Health Card) stored as a document of the person. */
export const complianceCertificates = pgTable(
  'compliance_certificates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    protocol: text().notNull(),
    type: text().$type<'covid_vaccine' | 'test' | 'recovery'>().notNull(),
    status: text().notNull(),
    verified: boolean().notNull(),
    holderName: text('holder_name'),
    dateOfBirth: text('date_of_birth'),
    dateTaken: text('date_taken'),
    expiryDate: text('expiry_date'),
    metadata: jsonb().$type<Record<string, unknown>>().notNull(),
    notes: text(),
    createdAt: createdAt(),
  },
  (t) => [index('compliance_certificates_entity_user_idx').on(t.entityId, t.userId)],
);
