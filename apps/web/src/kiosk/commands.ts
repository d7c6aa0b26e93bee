import { io, type Socket } from 'socket.io-client';

/** The remote commands this kiosk carries out (docs/kiosk-protocol.md section 3); others are reported as failed. */
export interface CommandHandlers {
  'restart-app': () => void | Promise<void>;
  /** Loads the kiosk's configuration again (`refresh-face-library`: the people it knows). */
  refresh: () => Promise<void>;
  'kiosk-logging': (payload: Record<string, unknown>) => void;
  'force-resync': () => Promise<string | void>;
}

type Status = 'running' | 'succeeded' | 'failed';
interface CommandMessage {
  request_id: number;
  command: string;
  payload?: Record<string, unknown>;
}

/**
 * Connects to the `/kiosk` namespace with the device token, acknowledges each command at once, then reports
 * running and succeeded or failed. `restart-app` reports success before it reloads the page.
 */
/** Server -> kiosk: a session covering this kiosk's site started or ended (the evacuation screen, issue 17). */
export interface EmergencyMessage {
  state: 'started' | 'ended';
  session_id: number;
  name: string;
  drill: 0 | 1;
}

export function connectCommands(
  token: string,
  handlers: CommandHandlers,
  events: { onAuthFailed: () => void; onState?: (connected: boolean) => void; onEmergency?: (m: EmergencyMessage) => void; onConfigChanged?: () => void },
): () => void {
  const socket: Socket = io('/kiosk', { path: '/socket.io', transports: ['websocket'], auth: { token, app_version: 'web-1' } });
  const report = (request_id: number, status: Status, message?: string) =>
    socket
      .timeout(10_000)
      .emitWithAck('request:update', { request_id, status, message })
      .catch(() => undefined);

  socket.on('command', async (msg: CommandMessage, ack?: (r: { ok: boolean }) => void) => {
    if (typeof ack === 'function') ack({ ok: true });
    await report(msg.request_id, 'running');
    try {
      let note: string | void = undefined;
      switch (msg.command) {
        case 'restart-app':
        case 'push-restart':
          await report(msg.request_id, 'succeeded', 'reloading');
          await handlers['restart-app']();
          return;
        case 'refresh-face-library':
          await handlers.refresh();
          break;
        case 'kiosk-logging':
          handlers['kiosk-logging'](msg.payload ?? {});
          break;
        case 'force-resync':
          note = await handlers['force-resync']();
          break;
        default:
          throw new Error(`not supported on this kiosk: ${msg.command}`);
      }
      await report(msg.request_id, 'succeeded', note ?? undefined);
    } catch (err) {
      await report(msg.request_id, 'failed', err instanceof Error ? err.message : String(err));
    }
  });
  socket.on('emergency', (m: EmergencyMessage) => events.onEmergency?.(m));
  socket.on('config-changed', () => events.onConfigChanged?.());
  socket.on('connect', () => events.onState?.(true));
  socket.on('disconnect', () => events.onState?.(false));
  socket.on('connect_error', (err) => {
    if (err.message === 'unauthenticated') events.onAuthFailed();
  });
  return () => socket.close();
}
