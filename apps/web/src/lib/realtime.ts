import { RECONNECT_MS, type ServerEvent, type ServerEventPayloads } from '@gatehouse/contract';
import { type Socket, io } from 'socket.io-client';

export type RealtimeHandlers = { [E in ServerEvent]?: (payload: ServerEventPayloads[E]) => void };

interface Shared {
  socket: Socket;
  users: number;
}
/** One connection per session and organisation, shared by every part of the page that listens (shell, pages). */
const connections = new Map<string, Shared>();

function open(token: string, entityId: number, url?: string): Socket {
  const socket: Socket = io(url ?? '/', {
    path: '/socket.io',
    auth: { token },
    reconnection: true,
    reconnectionDelay: RECONNECT_MS,
    reconnectionDelayMax: RECONNECT_MS,
    randomizationFactor: 0,
    transports: ['websocket', 'polling'],
    forceNew: true,
  });
  socket.on('connect', () => socket.emit('join', entityId));
  socket.on('disconnect', (reason) => {
    // A disconnect decided by the server is not retried by socket.io itself: come back after 3 s.
    if (reason === 'io server disconnect') setTimeout(() => socket.connect(), RECONNECT_MS);
  });
  socket.on('connect_error', () => {
    if (!socket.active) setTimeout(() => socket.connect(), RECONNECT_MS);
  });
  return socket;
}

/**
 * Listens to the Socket.IO events of the session's organisation (rules 63-65). The connection sends the token,
 * emits `join` with the entity id on every (re)connection and reconnects 3000 ms after a disconnect; it is shared by
 * every listener of the same session and organisation and closed when the last one leaves. Returns the function
 * that stops listening.
 */
export function connectRealtime(token: string, entityId: number, handlers: RealtimeHandlers, url?: string): () => void {
  const key = `${url ?? '/'}|${entityId}|${token}`;
  let shared = connections.get(key);
  if (!shared) {
    shared = { socket: open(token, entityId, url), users: 0 };
    connections.set(key, shared);
  }
  shared.users++;
  const { socket } = shared;
  const listening = Object.entries(handlers).filter(([, h]) => h) as [string, (p: unknown) => void][];
  for (const [event, handler] of listening) socket.on(event, handler);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    for (const [event, handler] of listening) socket.off(event, handler);
    if (--shared.users === 0) {
      connections.delete(key);
      socket.removeAllListeners();
      socket.disconnect();
    }
  };
}
