import {
  alarmTrips,
  FIRE_ALARM_EVENT,
  type FireAlarmMessage,
  KIOSK_CONFIG_CHANGED,
  KIOSK_EMERGENCY_EVENT,
  KIOSK_NAMESPACE,
  type KioskCommandMessage,
  type KioskConfigChanged,
  type KioskEmergencyMessage,
  type KioskRequestUpdate,
} from '@gatehouse/contract';
import { io, type Socket } from 'socket.io-client';

/**
 * The device side of the kiosk protocol (docs/kiosk-protocol.md): pairing or set-up-file registration over HTTP,
 * then a Socket.IO connection to `/kiosk` with the device token, taking commands and reporting their outcome.
 * Used by the tests now and by the kiosk app later.
 */

export interface DeviceInfo {
  name?: string;
  mac_address?: string;
  serial?: string;
  app_version?: string;
}
export interface Registered {
  kiosk_id: number;
  entity_id: number;
  device_token: string;
  server_url: string;
}
export interface Pairing {
  registration_id: number;
  pairing_code: string;
  secret: string;
  expires_at: string;
  poll_ms: number;
}

async function post<T>(serverUrl: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(new URL(path, serverUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json().catch(() => ({}))) as { data?: T; message?: string };
  if (!res.ok) throw new Error(json.message ?? `HTTP ${res.status}`);
  return json.data as T;
}

/** Asks for a pairing code to show on the screen (the /kiosk-register page). */
export const requestPairing = (serverUrl: string, device: DeviceInfo) => post<Pairing & { status: 'pending' }>(serverUrl, '/api/kiosk-register', device);

/** Registers at once with a set-up file (generate_exe) instead of a pairing code. */
export const registerWithSetupFile = (setup: { server_url: string; registration_token: string }, device: DeviceInfo) =>
  post<Registered & { status: 'registered' }>(setup.server_url, '/api/kiosk-register', { ...device, registration_token: setup.registration_token });

/** Polls until an admin has added the kiosk with the pairing code, and answers the device token (given once). */
export async function waitForDeviceToken(serverUrl: string, pairing: Pick<Pairing, 'registration_id' | 'secret'>, opts: { intervalMs?: number; timeoutMs?: number } = {}) {
  const until = Date.now() + (opts.timeoutMs ?? 15 * 60_000);
  for (;;) {
    const res = await post<(Registered & { status: 'registered' }) | { status: 'waiting'; poll_ms: number }>(serverUrl, '/api/kiosk-register/poll', {
      registration_id: pairing.registration_id,
      secret: pairing.secret,
    });
    if (res.status === 'registered') return res;
    if (Date.now() > until) throw new Error('pairing timed out');
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? res.poll_ms));
  }
}

/** What a command handler does: resolve (succeeded, optional message) or throw (failed with the error's message). */
export type CommandHandler = (command: KioskCommandMessage) => Promise<string | void>;

export class KioskClient {
  private socket: Socket | null = null;
  readonly received: KioskCommandMessage[] = [];
  /** `config-changed` events heard, oldest first. */
  readonly configChanges: KioskConfigChanged[] = [];

  constructor(
    private opts: {
      serverUrl: string;
      token: string;
      appVersion?: string;
      onCommand?: CommandHandler;
      onCancel?: (requestId: number) => void;
      /** The kiosk's configuration changed: load `GET /api/kiosk-app/config` again. */
      onConfigChanged?: (change: KioskConfigChanged) => void;
      /** The evacuation screen on or off (a session covering the kiosk's site started or ended). */
      onEmergency?: (msg: KioskEmergencyMessage) => void;
      reconnect?: boolean;
    },
  ) {}

  /**
   * Connects with the device token; resolves once the server has recorded the connection (`ready`, with the
   * server's heartbeat). Socket.IO answers the server's pings by itself: that is the kiosk's heartbeat.
   */
  connect(timeoutMs = 10_000): Promise<{ kiosk_id: number; heartbeat_ms: number }> {
    const socket = io(new URL(KIOSK_NAMESPACE, this.opts.serverUrl).toString(), {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: this.opts.token, app_version: this.opts.appVersion },
      reconnection: this.opts.reconnect ?? false,
    });
    this.socket = socket;
    socket.on('command', (msg: KioskCommandMessage, ack?: (r: { ok: boolean }) => void) => {
      this.received.push(msg);
      if (typeof ack === 'function') ack({ ok: true });
      if (this.opts.onCommand) void this.run(msg, this.opts.onCommand);
    });
    socket.on('cancel', (msg: { request_id: number }) => this.opts.onCancel?.(msg.request_id));
    socket.on(KIOSK_CONFIG_CHANGED, (msg: KioskConfigChanged) => {
      this.configChanges.push(msg);
      this.opts.onConfigChanged?.(msg);
    });
    socket.on(KIOSK_EMERGENCY_EVENT, (msg: KioskEmergencyMessage) => this.opts.onEmergency?.(msg));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('connect timed out')), timeoutMs);
      socket.once('ready', (r: { kiosk_id: number; heartbeat_ms: number }) => {
        clearTimeout(timer);
        resolve(r);
      });
      socket.once('connect_error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
  }

  private async run(msg: KioskCommandMessage, handler: CommandHandler) {
    // A report lost with the connection is not an error of the command: the server closes the request itself.
    const report = (status: KioskRequestUpdate['status'], message?: string) => this.report(msg.request_id, status, message).catch(() => undefined);
    await report('running');
    try {
      const note = await handler(msg);
      await report('succeeded', note ?? undefined);
    } catch (err) {
      await report('failed', err instanceof Error ? err.message : String(err));
    }
  }

  /** Reports a request's progress; answers `{ ok: false, error: 'no running request found' }` for an unknown one. */
  report(requestId: number, status: KioskRequestUpdate['status'], message?: string): Promise<{ ok: boolean; error?: string; status?: string }> {
    const socket = this.socket;
    if (!socket) return Promise.resolve({ ok: false, error: 'not connected' });
    return socket.timeout(10_000).emitWithAck('request:update', { request_id: requestId, status, message });
  }

  /**
   * Reports that the fire alarm input tripped (`fire-alarm`, docs/kiosk-protocol.md). The server answers
   * `{ ok: true, session_id, started }` (started 0 when another kiosk's report already started it) or
   * `{ ok: false, error }` (alarm not enabled for this kiosk, reading that does not trip, bad message).
   */
  reportFireAlarm(reading: FireAlarmMessage): Promise<{ ok: boolean; error?: string; session_id?: number; started?: 0 | 1 }> {
    const socket = this.socket;
    if (!socket) return Promise.resolve({ ok: false, error: 'not connected' });
    return socket.timeout(10_000).emitWithAck(FIRE_ALARM_EVENT, reading);
  }

  get connected() {
    return this.socket?.connected ?? false;
  }

  /** Resolves when the server drops the connection (for example after deregistration). */
  disconnected(): Promise<string> {
    return new Promise((resolve) => {
      if (!this.socket || !this.socket.connected) return resolve('not connected');
      this.socket.once('disconnect', (reason) => resolve(reason));
    });
  }

  close() {
    this.socket?.close();
    this.socket = null;
  }
}

/** The fire alarm settings the device reads its input with (rule 237; the kiosk's, else its site's). */
export interface AlarmInput {
  enabled: boolean;
  io_port: 'active' | 'passive';
  voltage_threshold: number;
  trigger_level: 'high' | 'low';
}

/**
 * Watches the fire alarm input: reads the voltage on the configured IO port every `intervalMs` and reports once
 * when the reading trips (at or above the threshold for `high`, at or below for `low`); it re-arms when the input
 * clears. A failed report is tried again at the next reading. Answers the function that stops watching.
 */
export function watchFireAlarm(
  client: Pick<KioskClient, 'reportFireAlarm'>,
  input: AlarmInput,
  read: (port: AlarmInput['io_port']) => Promise<number>,
  opts: { intervalMs?: number; onReport?: (r: { ok: boolean; error?: string; session_id?: number }) => void } = {},
): () => void {
  let tripped = false;
  let busy = false;
  const tick = async () => {
    if (!input.enabled || busy) return;
    busy = true;
    try {
      const voltage = await read(input.io_port);
      const trips = alarmTrips(voltage, input.voltage_threshold, input.trigger_level);
      if (trips && !tripped) {
        const r = await client.reportFireAlarm({ voltage, at: new Date().toISOString(), alarm_id: `${Date.now()}` }).catch((e: Error) => ({ ok: false, error: e.message }));
        tripped = r.ok;
        opts.onReport?.(r);
      } else if (!trips) tripped = false;
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), opts.intervalMs ?? 500);
  void tick();
  return () => clearInterval(timer);
}
