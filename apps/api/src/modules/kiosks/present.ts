import { type Device, flag, type Kiosk, type KioskRequest } from '@gatehouse/contract';
import type { devices, kioskRequestLogs, kioskRequests, kiosks } from '../../db/schema/index';
import { isOnline } from './heartbeat';

const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();

export const presentKiosk = (k: typeof kiosks.$inferSelect): Kiosk => ({
  id: k.id,
  entity_id: k.entityId,
  name: k.name,
  site_id: k.siteId,
  area_id: k.areaId,
  journey_id: k.journeyId,
  mac_address: k.macAddress,
  serial: k.serial,
  app_version: k.appVersion,
  local_sync_ip: k.localSyncIp,
  local_sync_port: k.localSyncPort,
  settings: k.settings as Record<string, unknown>,
  status: k.status,
  online: flag(isOnline(k)),
  last_seen_at: k.lastSeenAt ? iso(k.lastSeenAt) : null,
  created_at: iso(k.createdAt),
});

export const presentRequest = (
  r: typeof kioskRequests.$inferSelect,
  extra: { kioskName?: string; logs?: (typeof kioskRequestLogs.$inferSelect)[] } = {},
): KioskRequest => ({
  id: r.id,
  kiosk_id: r.kioskId,
  ...(extra.kioskName !== undefined ? { kiosk_name: extra.kioskName } : {}),
  command: r.command,
  status: r.status,
  reason: r.reason,
  userName: r.userName,
  isSuperAdmin: r.isSuperAdmin,
  requested_by: r.requestedBy,
  payload: r.payload,
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
  ...(extra.logs ? { logs: extra.logs.map((l) => ({ status: l.status, message: l.message, at: iso(l.at) })) } : {}),
});

/** A door or other device (a kiosk's `io_port` when it hangs on one). */
export const presentDevice = (d: typeof devices.$inferSelect): Device => ({
  id: d.id,
  type: d.type,
  name: d.name,
  site_id: d.siteId,
  area_id: d.areaId,
  kiosk_id: d.kioskId,
  io_port: d.ioPort,
  created_at: iso(d.createdAt),
});
