import { KIOSK_CONFIG_CHANGED, KIOSK_NAMESPACE, type KioskCommandMessage, type KioskConfigChanged, type KioskRequestUpdate } from '@gatehouse/contract';
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
