import { io as connect, type Socket } from 'socket.io-client';

/** Socket.IO clients for tests: open, wait, join, record. Close them with `closeSockets()`. */
const open: Socket[] = [];

export function openSocket(url: string, token?: string) {
  const socket = connect(url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
  open.push(socket);
  return socket;
}
export const closeSockets = () => open.splice(0).forEach((s) => s.disconnect());

export const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', (e) => reject(e));
  });

export const join = (s: Socket, entityId: number) => s.timeout(5000).emitWithAck('join', entityId) as Promise<{ ok: boolean }>;

/** Everything a socket receives, in order. */
export function record(s: Socket) {
  const got: { event: string; payload: unknown }[] = [];
  s.onAny((event: string, payload: unknown) => got.push({ event, payload }));
  return got;
}

export const nextEvent = (s: Socket, event: string, ms = 5000) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.once(event, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts `h` on a free local port with Socket.IO attached; answers its base URL. */
export async function listenWithSockets(h: { app: import('fastify').FastifyInstance; services: { realtime: { attach(server: import('node:http').Server): unknown } } }) {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  h.services.realtime.attach(h.app.server);
  return `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
}
