import { and, eq, inArray, isNull, lte, not, or, type SQL, sql } from 'drizzle-orm';
import type { Namespace, Socket } from 'socket.io';
import { kioskRequests, kiosks } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { asSystem } from '../../platform/db/tenant';
import type { Services } from '../../platform/services';
import { kioskSiteRoom } from './notify-kiosks';
import { announce, moveRequest } from './request-log';

/**
 * Kiosk heartbeat (docs/kiosk-protocol.md section 2). Socket.IO pings every connected kiosk every `heartbeatMs`
 * and drops one that does not answer within `heartbeatMs` more. Every process, every `heartbeatMs`, pushes
 * `online_until` forward for the kiosks whose sockets it holds and that answered lately (one statement), then
 * turns offline every kiosk whose `online_until` has passed, whichever process held it (one statement; the
 * first process to run it wins each row). So a kiosk whose device died, or whose API process died, is offline
 * within BEATS_BEFORE_OFFLINE heartbeats, and every process answers the same.
 */
export const BEATS_BEFORE_OFFLINE = 3;

/** Reason of a request left unfinished by a kiosk that went silent. */
export const CONNECTION_LOST = 'connection lost';

type KioskState = { connected: boolean; onlineUntil: Date | string | null };

/** Whether a kiosk row counts as online now: recorded as connected and vouched for until later than now. */
export const isOnline = (k: KioskState, now = Date.now()) => k.connected && k.onlineUntil !== null && new Date(k.onlineUntil).getTime() > now;

/** The same test in SQL, for lists and filters. */
export const onlineCondition = (): SQL => sql`(${kiosks.connected} and coalesce(${kiosks.onlineUntil} > now(), false))`;
export const offlineCondition = (): SQL => not(onlineCondition());

/** `online_until` for a kiosk heard from now. */
export const onlineUntil = (heartbeatMs: number) => sql`now() + ${heartbeatMs * BEATS_BEFORE_OFFLINE}::integer * interval '1 millisecond'`;

/** What the gateway keeps on each kiosk socket. */
export interface KioskSocketData {
  kioskId: number;
  entityId: number;
  /** The site whose room the socket is in (notify-kiosks.ts), kept right by the heartbeat when the kiosk moves. */
  siteId: number | null;
  /** The kiosk's site when it authenticated (joined once connected). */
  joinSiteId?: number | null;
  /** When the device last answered a ping (or sent anything). */
  heardAt: number;
}

/** Starts the per-process heartbeat of the `/kiosk` namespace; answers a function that stops it. */
export function startHeartbeat(nsp: Namespace, services: Services, heartbeatMs: number) {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    beat(nsp, services, heartbeatMs)
      .catch(() => undefined)
      .finally(() => (busy = false));
  }, heartbeatMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** One heartbeat of this process: vouch for its live kiosks, then sweep the silent ones (any process's). */
export async function beat(nsp: Namespace, services: Services, heartbeatMs: number) {
  await vouchForLive(nsp, services, heartbeatMs);
  await sweepSilent(services);
}

async function vouchForLive(nsp: Namespace, services: Services, heartbeatMs: number) {
  // A device that has not answered within a ping interval and timeout is being dropped by Socket.IO: not vouched.
  const since = Date.now() - 2 * heartbeatMs;
  const ids = [...nsp.sockets.values()].filter((s) => s.connected && (s.data as KioskSocketData).heardAt >= since).map((s) => s.id);
  if (!ids.length) return;
  const mine = and(inArray(kiosks.socketId, ids), eq(kiosks.status, 'active'));
  const back = await asSystem(services.database.db, async (tx) => {
    // Kiosks another process had given up on while this one still held them (e.g. this process was stalled).
    const revived = await tx.select({ id: kiosks.id, entityId: kiosks.entityId }).from(kiosks).where(and(mine, offlineCondition()));
    const live = await tx
      .update(kiosks)
      .set({ connected: true, lastSeenAt: sql`now()`, onlineUntil: onlineUntil(heartbeatMs) })
      .where(mine)
      .returning({ socketId: kiosks.socketId, siteId: kiosks.siteId });
    return { revived, live };
  });
  for (const k of back.revived) services.realtime.toEntity(k.entityId, 'update', { type: 'kiosk', action: 'online', id: k.id });
  // A kiosk moved to another site (it, or its area) since it connected: its socket follows to the site's room.
  for (const row of back.live) {
    const socket = row.socketId ? nsp.sockets.get(row.socketId) : undefined;
    if (socket) placeInSite(socket, row.siteId);
  }
}

/** Puts a kiosk socket in its site's room (and out of the one it was in). */
export function placeInSite(socket: Socket, siteId: number | null) {
  const data = socket.data as KioskSocketData;
  if (data.siteId === siteId) return;
  if (data.siteId !== null) socket.leave(kioskSiteRoom(data.entityId, data.siteId));
  if (siteId !== null) socket.join(kioskSiteRoom(data.entityId, siteId));
  data.siteId = siteId;
}

/**
 * Turns offline every kiosk not vouched for in time and closes what it left unfinished, in one transaction (nobody
 * sees a kiosk offline with a request still running), then tells the consoles.
 */
export async function sweepSilent(services: Services) {
  const db = services.database.db;
  const gone = await asSystem(db, async (tx) => {
    const silent = await tx
      .update(kiosks)
      .set({ connected: false })
      .where(and(eq(kiosks.connected, true), or(isNull(kiosks.onlineUntil), lte(kiosks.onlineUntil, sql`now()`))))
      .returning({ id: kiosks.id, entityId: kiosks.entityId });
    const out = [];
    for (const k of silent) out.push({ ...k, closed: await closeOpenRequests(tx, k.entityId, k.id, CONNECTION_LOST) });
    return out;
  });
  for (const k of gone) {
    for (const r of k.closed) announce(services.realtime, r);
    services.realtime.toEntity(k.entityId, 'update', { type: 'kiosk', action: 'offline', id: k.id });
  }
  return gone.map(({ id, entityId }) => ({ id, entityId }));
}

/** Requests a kiosk had not finished end as closed: nobody is left to finish them. */
export async function closeOpenRequests(tx: Db, entityId: number, kioskId: number, reason: string) {
  const open = await tx
    .select({ id: kioskRequests.id })
    .from(kioskRequests)
    .where(and(eq(kioskRequests.entityId, entityId), eq(kioskRequests.kioskId, kioskId), inArray(kioskRequests.status, ['pending', 'delivered', 'running'])));
  const closed = [];
  for (const r of open) {
    const c = await moveRequest(tx, entityId, r.id, 'closed', reason);
    if (c) closed.push(c);
  }
  return closed;
}
