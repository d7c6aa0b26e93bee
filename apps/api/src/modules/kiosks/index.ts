/**
 * Kiosks and doors: the device gateway, heartbeats, presenting them.
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { kioskByToken } from './gateway';
export { BEATS_BEFORE_OFFLINE, isOnline } from './heartbeat';
export { type KioskTarget, notifyKiosks } from './notify-kiosks';
export { presentDevice, presentKiosk } from './present';
export { sendCommand, sendSystemCommand } from './send-command';
export { isFinal, moveRequest } from './request-log';
