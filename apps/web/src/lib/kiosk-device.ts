import { KIOSK_MAC_KEY, KIOSK_TOKEN_KEY } from './storage-keys';

/**
 * This browser as a kiosk device: its device token (docs/kiosk-protocol.md) and the MAC address it reports. One
 * place for both pages that pair a device, `/kiosk-register` (console bundle) and `/kiosk` (kiosk bundle), so a
 * device paired on either is paired for both. No imports beyond the storage keys: the kiosk bundle stays small.
 */

/** Where an earlier /kiosk-register page kept its registration (a JSON object with `device_token`). */
const LEGACY_REGISTER_KEY = 'gatehouse.kiosk.device';

export function deviceToken(): string | null {
  const token = localStorage.getItem(KIOSK_TOKEN_KEY);
  if (token) return token;
  // A device paired by the old /kiosk-register page: its token moves to the one key.
  try {
    const legacy = JSON.parse(localStorage.getItem(LEGACY_REGISTER_KEY) ?? 'null') as { device_token?: unknown } | null;
    if (legacy && typeof legacy.device_token === 'string' && legacy.device_token.startsWith('ghk_')) {
      saveDeviceToken(legacy.device_token);
      return legacy.device_token;
    }
  } catch {
    // not JSON: nothing to move
  }
  return null;
}

export function saveDeviceToken(token: string) {
  localStorage.setItem(KIOSK_TOKEN_KEY, token);
  localStorage.removeItem(LEGACY_REGISTER_KEY);
}

export function forgetDeviceToken() {
  localStorage.removeItem(KIOSK_TOKEN_KEY);
  localStorage.removeItem(LEGACY_REGISTER_KEY);
}

/**
 * A browser has no MAC address to read: the device makes up a locally administered one (02:…) once and keeps it,
 * so the console's remote commands, which name a kiosk by MAC address, can reach it.
 */
export function deviceMac() {
  let mac = localStorage.getItem(KIOSK_MAC_KEY);
  if (!mac) {
    const bytes = crypto.getRandomValues(new Uint8Array(5));
    mac = ['02', ...[...bytes].map((b) => b.toString(16).padStart(2, '0'))].join(':').toUpperCase();
    localStorage.setItem(KIOSK_MAC_KEY, mac);
  }
  return mac;
}

/** What the device tells the server when it registers (`POST /api/kiosk-register`). */
export const deviceInfo = (name?: string) => ({ name: name || 'Web kiosk', app_version: 'web-1', mac_address: deviceMac(), serial: navigator.userAgent.slice(0, 60) });

