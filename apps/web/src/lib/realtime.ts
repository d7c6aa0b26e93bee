import { RECONNECT_MS, type ServerEvent, type ServerEventPayloads } from '@gatehouse/contract';
import { type Socket, io } from 'socket.io-client';

export type RealtimeHandlers = { [E in ServerEvent]?: (payload: ServerEventPayloads[E]) => void };

/**
 * Socket.IO client (rules 63-65): connects with the session token, emits `join` with the entity id on every
 * (re)connection, and reconnects 3000 ms after a disconnect. Returns a function that disconnects.
 */
export function connectRealtime(token: string, entityId: number, handlers: RealtimeHandlers, url?: string): () => void {
  const socket: Socket = io(url ?? '/', {
    path: '/socket.io',
    auth: { token },
    reconnection: true,
    reconnectionDelay: RECONNECT_MS,
    reconnectionDelayMax: RECONNECT_MS,
    randomizationFactor: 0,
    transports: ['websocket', 'polling'],
  });
  socket.on('connect', () => socket.emit('join', entityId));
  socket.on('disconnect', (reason) => {
    // A disconnect decided by the server is not retried by socket.io itself: come back after 3 s.
    if (reason === 'io server disconnect') setTimeout(() => socket.connect(), RECONNECT_MS);
  });
  socket.on('connect_error', () => {
    if (!socket.active) setTimeout(() => socket.connect(), RECONNECT_MS);
  });
  for (const [event, handler] of Object.entries(handlers)) {
    if (handler) socket.on(event, handler as (p: unknown) => void);
  }
  return () => {
    socket.removeAllListeners();
    socket.disconnect();
  };
}
