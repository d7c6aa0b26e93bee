import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, entityId, updatedAt } from './core';
import { areas, kiosks } from './areas';
import { sites } from './sites';
import { users } from './users';

/** Doors and other devices of an area ("Door Added", rule 238). */
export const devices = pgTable(
  'devices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    kioskId: integer('kiosk_id').references(() => kiosks.id, { onDelete: 'set null' }),
    type: text().$type<'door'>().notNull().default('door'),
    name: text().notNull(),
    ioPort: integer('io_port'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('devices_entity_area_idx').on(t.entityId, t.areaId)],
);

/**
 * Kiosk pairing: a device asks for a pairing code on the public /kiosk-register page; an admin adds the kiosk with
 * that code; the device then collects its own token. A set-up file (generate_exe) carries a single-use
 * registration token instead. Not tenant-owned until claimed (so no entity_id column): reached only through
 * narrow system queries by hashed secrets.
 */
export const kioskPairings = pgTable(
  'kiosk_pairings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().$type<'pairing_code' | 'setup_file'>().notNull(),
    /** pairing_code: the code shown on the device (stored as is: short-lived, single-use). */
    pairingCode: text('pairing_code'),
    /** pairing_code: hash of the secret the device polls with. setup_file: hash of the registration token. */
    secretHash: text('secret_hash').notNull(),
    claimedEntity: integer('claimed_entity'),
    siteId: integer('site_id'),
    kioskId: integer('kiosk_id'),
    device: jsonb().$type<{ name?: string; mac_address?: string; serial?: string; app_version?: string }>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('kiosk_pairings_secret_uq').on(t.secretHash), index('kiosk_pairings_code_idx').on(t.pairingCode)],
);

export type KioskRequestStatus = 'placed' | 'pending' | 'delivered' | 'running' | 'succeeded' | 'failed' | 'canceled' | 'closed';

/** A remote command sent to a kiosk, with its status (rule 244). */
export const kioskRequests = pgTable(
  'kiosk_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    kioskId: integer('kiosk_id')
      .notNull()
      .references(() => kiosks.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    isSuperAdmin: integer('is_super_admin').notNull().default(0),
    command: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    status: text().$type<KioskRequestStatus>().notNull().default('placed'),
    reason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('kiosk_requests_entity_kiosk_idx').on(t.entityId, t.kioskId), index('kiosk_requests_entity_user_idx').on(t.entityId, t.requestedBy)],
);

/** Every status change of a kiosk request (the request's log). */
export const kioskRequestLogs = pgTable(
  'kiosk_request_logs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    requestId: integer('request_id')
      .notNull()
      .references(() => kioskRequests.id, { onDelete: 'cascade' }),
    status: text().$type<KioskRequestStatus>().notNull(),
    message: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kiosk_request_logs_request_idx').on(t.entityId, t.requestId)],
);
