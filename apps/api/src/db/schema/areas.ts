import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, entityId, updatedAt } from './core';
import { compliances, journeys } from './journeys';
import { documentTypes } from './people';
import { type FireAlarmSettings, sites } from './sites';

/** Sign-in/out mode of an area (rule 230): both, sign-in only, or no sign-in at all. */
export type AreaLoginMode = 'sign_in_out' | 'sign_in_only' | 'off';

/** Areas inside a site, a tree (rule 230). */
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
    loginMode: text('login_mode').$type<AreaLoginMode>().notNull().default('sign_in_out'),
    /** Input options (rule 235): signing in remotely (phone) and by geofence. */
    remoteAccess: boolean('remote_access').notNull().default(false),
    geofence: boolean().notNull().default(false),
    /** The random code printed on the area's QR poster. */
    qrCode: text('qr_code')
      .notNull()
      .default(sql`md5(random()::text || clock_timestamp()::text)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('areas_entity_site_idx').on(t.entityId, t.siteId), uniqueIndex('areas_qr_code_uq').on(t.qrCode)],
);

/** Entry conditions asked in an area (rule 230). */
export const areaCompliances = pgTable(
  'area_compliances',
  {
    entityId: entityId(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    complianceId: integer('compliance_id')
      .notNull()
      .references(() => compliances.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.areaId, t.complianceId] })],
);

/**
 * Documents an area asks for (rule 230): the vaccine or PCR record types of seed 001 (rule 186) a person should
 * hold to enter, e.g. a vaccination certificate or a PCR test result.
 */
export const areaDocumentTypes = pgTable(
  'area_document_types',
  {
    entityId: entityId(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => documentTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.areaId, t.documentTypeId] })],
);

export interface KioskSettings {
  fire_alarm?: FireAlarmSettings | null;
  temperature_unit?: 'C' | 'F';
  language?: 'en' | 'ar' | 'es';
  sign_out_enabled?: boolean;
  screen_timeout_seconds?: number;
}

/** Kiosk devices (rule 239). */
export const kiosks = pgTable(
  'kiosks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    areaId: integer('area_id').references(() => areas.id, { onDelete: 'set null' }),
    journeyId: integer('journey_id').references(() => journeys.id, { onDelete: 'set null' }),
    name: text().notNull(),
    macAddress: text('mac_address'),
    serial: text(),
    appVersion: text('app_version'),
    localSyncIp: text('local_sync_ip'),
    localSyncPort: integer('local_sync_port'),
    settings: jsonb().$type<KioskSettings>().notNull().default({}),
    status: text().$type<'active' | 'deregistered'>().notNull().default('active'),
    /** The device's own token, stored hashed; null once deregistered (the token stops working at once). */
    deviceTokenHash: text('device_token_hash'),
    /** Connection state, kept in the database so every API process knows it. */
    connected: boolean().notNull().default(false),
    socketId: text('socket_id'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * Heartbeat: the process holding the kiosk's socket vouches for it until this time and pushes it forward while
     * Socket.IO's pings are answered. Past it the kiosk is offline, even if that process died without a word.
     */
    onlineUntil: timestamp('online_until', { withTimezone: true }),
    deregisteredAt: timestamp('deregistered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('kiosks_entity_idx').on(t.entityId),
    uniqueIndex('kiosks_device_token_uq').on(t.deviceTokenHash),
    // The heartbeat sweep: kiosks recorded as connected, by when they stop counting as online.
    index('kiosks_connected_online_until_idx').on(t.onlineUntil).where(sql`${t.connected}`),
  ],
);
