import { KIOSK_NAMESPACE, kioskRoom } from '@gatehouse/contract';
import type { Realtime } from '../../platform/realtime';

/** Every connected kiosk of an organisation is also in this room (gateway.ts). */
export const kioskEntityRoom = (entityId: number) => `kiosks:${entityId}`;

/** Which kiosks to tell: all of the organisation's, or some by id. */
export type KioskTarget = 'all' | { kioskIds: number[] };

/**
 * Tells kiosks that their configuration changed (`config-changed` `{ reason }` over `/kiosk`, on every process
 * through the adapter): they load it again (docs/kiosk-protocol.md).
 */
export function notifyKiosks(realtime: Realtime, entityId: number, target: KioskTarget, reason: string) {
  const nsp = realtime.io?.of(KIOSK_NAMESPACE);
  if (!nsp) return;
  const rooms = target === 'all' ? [kioskEntityRoom(entityId)] : target.kioskIds.map(kioskRoom);
  if (rooms.length) nsp.to(rooms).emit('config-changed', { reason });
}
