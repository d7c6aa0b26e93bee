import type { Site } from '@gatehouse/contract';
import { flag } from '@gatehouse/contract';
import type { sites } from '../../db/schema/index';

export const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();

export const presentSite = (s: typeof sites.$inferSelect, counts: { areas?: number; devices?: number } = {}): Site => ({
  id: s.id,
  entity_id: s.entityId,
  name: s.name,
  location_name: s.locationName,
  lat: s.lat,
  long: s.lng,
  radius: s.radius,
  zoom: s.zoom,
  timezone: s.timezone,
  geofencing: flag(s.geofencing),
  fire_alarm: s.fireAlarm ? { ...s.fireAlarm, local_sync_ip: s.fireAlarm.local_sync_ip ?? null, local_sync_port: s.fireAlarm.local_sync_port ?? null } : null,
  areas_count: counts.areas ?? 0,
  devices_count: counts.devices ?? 0,
  created_at: iso(s.createdAt),
  updated_at: iso(s.updatedAt),
});
