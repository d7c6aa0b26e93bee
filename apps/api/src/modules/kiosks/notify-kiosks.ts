import { KIOSK_CONFIG_CHANGED, KIOSK_NAMESPACE, type KioskConfigChanged, type KioskConfigReason } from '@gatehouse/contract';
import type { Realtime } from '../../platform/realtime';

/** Which kiosks of an organisation: all of them, those of some sites, or some kiosks. */
export type KioskTarget = 'all' | { siteIds: number[] } | { kioskIds: number[] };

/**
 * Rooms of the `/kiosk` namespace, named by organisation so that a target never reaches another organisation's
 * kiosk. A kiosk's sockets join its organisation's room, its own and its site's (gateway.ts); the heartbeat keeps
 * the site's room right when the kiosk or its area moves (heartbeat.ts).
 */
export const kioskOrgRoom = (entityId: number) => `kiosks:${entityId}`;
export const kioskOwnRoom = (entityId: number, kioskId: number) => `kiosks:${entityId}:kiosk:${kioskId}`;
export const kioskSiteRoom = (entityId: number, siteId: number) => `kiosks:${entityId}:site:${siteId}`;

const roomsOf = (entityId: number, target: KioskTarget) =>
  target === 'all' ? [kioskOrgRoom(entityId)] : 'siteIds' in target ? target.siteIds.map((s) => kioskSiteRoom(entityId, s)) : target.kioskIds.map((k) => kioskOwnRoom(entityId, k));

/**
 * Tells kiosks that their configuration changed (`config-changed` `{ reason }`, docs/kiosk-protocol.md): they load
 * it again. Call it after the change has committed. Every process's kiosks hear it (the Redis adapter).
 */
export function notifyKiosks(realtime: Realtime, entityId: number, target: KioskTarget, reason: KioskConfigReason) {
  const rooms = roomsOf(entityId, target);
  if (!rooms.length) return;
  const payload: KioskConfigChanged = { reason };
  realtime.io?.of(KIOSK_NAMESPACE).to(rooms).emit(KIOSK_CONFIG_CHANGED, payload);
}
