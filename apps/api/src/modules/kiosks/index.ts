/** What other modules may use of the kiosks module. */
export { notifyKiosks, type KioskTarget } from './notify-kiosks';
export { sendSystemCommand } from './send-command';
