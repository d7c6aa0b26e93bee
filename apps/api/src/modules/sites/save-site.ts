import type { SiteBody } from '@gatehouse/contract';
import type { sites } from '../../db/schema/index';

/** The columns a site form sets (rules 229, 236-237). */
export function siteColumns(body: SiteBody): Partial<typeof sites.$inferInsert> {
  return {
    name: body.name,
    locationName: body.location_name ?? null,
    lat: body.lat,
    lng: body.long,
    radius: body.radius,
    zoom: body.zoom,
    timezone: body.timezone,
    geofencing: body.geofencing,
    fireAlarm: body.fire_alarm
      ? { ...body.fire_alarm, local_sync_ip: body.fire_alarm.local_sync_ip ?? null, local_sync_port: body.fire_alarm.local_sync_port ?? null }
      : null,
  };
}
