/**
 * The kiosk app's calls: the kiosk's journey and the checks it asks.
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { deviceKiosk, type DeviceKiosk } from './device-kiosk';
export { checksOf, loadJourney } from './journey';
