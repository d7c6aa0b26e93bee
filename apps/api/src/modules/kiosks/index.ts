/**
 * Kiosks and doors: the device gateway, heartbeats, presenting them.
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { kioskByToken } from './gateway';
export { BEATS_BEFORE_OFFLINE } from './heartbeat';
export { presentDevice, presentKiosk } from './present';
export { notifyKiosks, type KioskTarget } from './notify-kiosks';
export { sendCommand, sendSystemCommand } from './send-command';
export { isOnline } from './heartbeat';
export { isFinal, moveRequest } from './request-log';
