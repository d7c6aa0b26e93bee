/**
 * Local storage keys. Logout keeps KEEP_ON_LOGOUT (rule 77: the sidebar preference; the device's language; and a
 * kiosk's pairing, so that an administrator signing in and out of the console on the kiosk's own browser does
 * not unpair it).
 */
export const SESSION_KEY = 'gatehouse.session';
export const SIDEBAR_KEY = 'sidebarExpanded';
export const LANGUAGE_KEY = 'language';
/** The kiosk device's token (`ghk_…`), shared by `/kiosk-register` and `/kiosk` (lib/kiosk-device.ts). */
export const KIOSK_TOKEN_KEY = 'gatehouse.kiosk.device_token';
/** The MAC address a browser kiosk made up for itself. */
export const KIOSK_MAC_KEY = 'gatehouse.kiosk.mac';
/** The kiosk app's cached configuration and chosen language. */
export const KIOSK_CONFIG_KEY = 'gatehouse.kiosk.config';
export const KIOSK_LANG_KEY = 'gatehouse.kiosk.lang';
export const KIOSK_DEVICE_KEYS = [KIOSK_TOKEN_KEY, KIOSK_MAC_KEY, KIOSK_CONFIG_KEY, KIOSK_LANG_KEY];
export const KEEP_ON_LOGOUT = [SIDEBAR_KEY, LANGUAGE_KEY, ...KIOSK_DEVICE_KEYS];
