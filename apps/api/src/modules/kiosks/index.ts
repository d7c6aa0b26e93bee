/** What other modules may use of the kiosks module. */
export { notifyKiosks, type KioskTarget } from './notify-kiosks';
export { sendCommand, sendSystemCommand } from './send-command';
export { isOnline } from './heartbeat';
export { isFinal, moveRequest } from './request-log';
