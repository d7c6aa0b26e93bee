import type { KioskAppConfig } from '@gatehouse/contract';

import { deviceToken } from '../lib/kiosk-device';

/** The kiosk's HTTP calls: its device token as the bearer (shared with /kiosk-register), network failures told apart from refusals. */
export { deviceToken, forgetDeviceToken, saveDeviceToken } from '../lib/kiosk-device';

/** The server could not be reached (network down, server down, proxy answering 502-504). */
export class OfflineError extends Error {
  constructor() {
    super('offline');
  }
}

/** The server answered with a refusal: its message is already in the kiosk's language. */
export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public errors: Record<string, string[]> = {},
    /** What the refusal is, where the kiosk answers it in its own way (e.g. `walk_in_awaiting_approval`). */
    public code?: string,
  ) {
    super(message);
  }
}

export async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, lang = 'en'): Promise<T> {
  const token = deviceToken();
  const headers: Record<string, string> = { 'accept-language': lang };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new OfflineError();
  }
  if (res.status >= 502 && res.status <= 504) throw new OfflineError();
  const json = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]>; code?: string };
  if (!res.ok) throw new ApiError(res.status, json.message ?? `HTTP ${res.status}`, json.errors, json.code);
  return json as T;
}

/** The kiosk's configuration (`GET /api/kiosk-app/config`), with its journey's flows for walk-in visitors. */
export type KioskConfig = Omit<KioskAppConfig, 'settings' | 'journey'> & {
  settings: { temperature_unit?: 'C' | 'F'; language?: 'en' | 'ar' | 'es'; sign_out_enabled?: number | boolean; screen_timeout_seconds?: number };
  /** Absent in a configuration cached by an older kiosk version. */
  journey?: KioskAppConfig['journey'];
};
export type KioskJourney = NonNullable<KioskAppConfig['journey']>;
export type KioskFlow = KioskJourney['flows'][number];

/** `POST /api/kiosk-app/identify`: who was read, and what signing them would be. */
export interface Identity {
  user_id: number;
  name: string;
  user_type: string | null;
  action: 'in' | 'out';
  checks: { temperature: 0 | 1; mask: 0 | 1 };
  /** The flow the person follows here; `host` and `compliance` say whether the sign-in asks its host and entry condition. */
  journey_flow_id?: number | null;
  host?: 0 | 1;
  compliance?: 0 | 1;
}

export interface ScanResult {
  action: 'in' | 'out';
  scan: { id: number; full_name: string; user_id: number; user_type: { id: number; name: string } | null; area: { name: string } | null; at: string; late: number; early: number };
  replayed: number;
}
