/** What other modules may use of the kiosk app's calls (module boundaries). */
export { deviceKiosk, type DeviceKiosk } from './device-kiosk';
