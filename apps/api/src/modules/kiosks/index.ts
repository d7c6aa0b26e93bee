/** What other modules may use of kiosks (module boundaries). */
export { notifyKiosks, kioskEntityRoom, type KioskTarget } from './notify-kiosks';
export { sendSystemCommand } from './send-command';
export { isOnline } from './heartbeat';
