import { boolean, doublePrecision, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, entityId, updatedAt } from './core';

/** Fire alarm input/output settings of a site or a kiosk (rules 236-237). */
export interface FireAlarmSettings {
  enabled: boolean;
  local_sync_ip: string | null;
  local_sync_port: number | null;
  io_port: 'active' | 'passive';
  voltage_threshold: number;
  action_upon_fire: 'open_door' | 'no_action';
  trigger_level: 'high' | 'low';
}

/** Sites (rule 229): location on a map, radius, time zone (midnight sign-out), geofencing, fire alarm IO. */
export const sites = pgTable(
  'sites',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    name: text().notNull(),
    locationName: text('location_name'),
    lat: doublePrecision(),
    lng: doublePrecision(),
    /** Metres around the location (geofence). */
    radius: doublePrecision().notNull().default(100),
    zoom: integer().notNull().default(15),
    timezone: text().notNull().default('UTC'),
    geofencing: boolean().notNull().default(false),
    fireAlarm: jsonb('fire_alarm').$type<FireAlarmSettings | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sites_entity_idx').on(t.entityId)],
);
