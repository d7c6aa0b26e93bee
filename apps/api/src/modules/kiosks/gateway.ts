import { KIOSK_NAMESPACE, kioskRoom, NO_RUNNING_REQUEST, zKioskRequestUpdate } from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Server, Socket } from 'socket.io';
import { kioskRequests, kiosks } from '../../db/schema/index';
import { hashToken } from '../../platform/auth/tokens';
import { asSystem, withTenant } from '../../platform/db/tenant';
import type { Services } from '../../platform/services';
import { closeOpenRequests, type KioskSocketData, onlineUntil, placeInSite, startHeartbeat } from './heartbeat';
import { kioskOrgRoom, kioskOwnRoom } from './notify-kiosks';
import { announce, moveRequest } from './request-log';

/** Finds the active kiosk a device token belongs to (a narrow system lookup by the token's hash). */
export async function kioskByToken(services: Services, token: unknown) {
  if (typeof token !== 'string' || !token.startsWith('ghk_') || token.length > 200) return null;
  const [row] = await asSystem(services.database.db, (tx) =>
    tx
      .select({ id: kiosks.id, entityId: kiosks.entityId, siteId: kiosks.siteId })
      .from(kiosks)
      .where(and(eq(kiosks.deviceTokenHash, hashToken(token)), eq(kiosks.status, 'active'))),
  );
  return row ?? null;
}

/**
 * The `/kiosk` namespace: devices connect with their own device token only (`auth.token`), join their kiosk's
 * room, and report request progress. Connection state is written to the database so every API process knows it.
 * Protocol: docs/kiosk-protocol.md.
 */
export function attachKioskNamespace(io: Server, services: Services) {
  const db = services.database.db;
  const heartbeatMs = services.config.kioskHeartbeatMs;
  const nsp = io.of(KIOSK_NAMESPACE);
  services.realtime.onClose(startHeartbeat(nsp, services, heartbeatMs));
  nsp.use(async (socket, next) => {
    const kiosk = await kioskByToken(services, socket.handshake.auth?.token).catch(() => null);
    if (!kiosk) return next(new Error('unauthenticated'));
    const data = socket.data as KioskSocketData;
    data.kioskId = kiosk.id;
    data.entityId = kiosk.entityId;
    data.siteId = null;
    data.joinSiteId = kiosk.siteId;
    next();
  });
  nsp.on('connection', async (socket: Socket) => {
    const data = socket.data as KioskSocketData;
    const { kioskId, entityId } = data;
    // Socket.IO's pong (and anything the device sends) counts as hearing from it (heartbeat.ts).
    data.heardAt = Date.now();
    socket.conn.on('heartbeat', () => (data.heardAt = Date.now()));
    socket.onAny(() => (data.heardAt = Date.now()));
    // Commands come to the kiosk's room; configuration changes to its organisation's, its own or its site's.
    socket.join([kioskRoom(kioskId), kioskOrgRoom(entityId), kioskOwnRoom(entityId, kioskId)]);
    placeInSite(socket, data.joinSiteId ?? null);
    const info = socket.handshake.auth ?? {};
    await withTenant(db, entityId, (tx) =>
      tx
        .update(kiosks)
        .set({
          connected: true,
          socketId: socket.id,
          lastSeenAt: sql`now()`,
          onlineUntil: onlineUntil(heartbeatMs),
          ...(typeof info.app_version === 'string' && info.app_version.length <= 40 ? { appVersion: info.app_version } : {}),
        })
        .where(and(eq(kiosks.id, kioskId), eq(kiosks.entityId, entityId))),
    ).catch(() => undefined);
    services.realtime.toEntity(entityId, 'update', { type: 'kiosk', action: 'online', id: kioskId });
    // The device may take commands from now on (its connection is recorded).
    socket.emit('ready', { kiosk_id: kioskId, heartbeat_ms: heartbeatMs });

    socket.on('request:update', async (payload: unknown, ack?: (r: { ok: boolean; error?: string; status?: string }) => void) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const parsed = zKioskRequestUpdate.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, error: NO_RUNNING_REQUEST });
      const { request_id, status, message } = parsed.data;
      const row = await withTenant(db, entityId, async (tx) => {
        await tx
          .update(kiosks)
          .set({ lastSeenAt: sql`now()`, onlineUntil: onlineUntil(heartbeatMs) })
          .where(and(eq(kiosks.id, kioskId), eq(kiosks.entityId, entityId), eq(kiosks.socketId, socket.id)));
        // A report can overtake the server's handling of the acknowledgment: the request was delivered first.
        const [current] = await tx
          .select({ status: kioskRequests.status })
          .from(kioskRequests)
          .where(and(eq(kioskRequests.id, request_id), eq(kioskRequests.entityId, entityId), eq(kioskRequests.kioskId, kioskId)));
        if (current?.status === 'pending') {
          const d = await moveRequest(tx, entityId, request_id, 'delivered', null, kioskId);
          if (d) announce(services.realtime, d);
        }
        return moveRequest(tx, entityId, request_id, status, message ?? null, kioskId);
      }).catch(() => null);
      // Rule 245: a result for a request this kiosk is not running.
      if (!row) return reply({ ok: false, error: NO_RUNNING_REQUEST });
      announce(services.realtime, row);
      reply({ ok: true, status: row.status });
    });

    socket.on('disconnect', async () => {
      const rows = await withTenant(db, entityId, async (tx) => {
        const still = await tx
          .update(kiosks)
          .set({ connected: false, socketId: null, lastSeenAt: sql`now()`, onlineUntil: null })
          .where(and(eq(kiosks.id, kioskId), eq(kiosks.entityId, entityId), eq(kiosks.socketId, socket.id)))
          .returning({ id: kiosks.id });
        if (!still.length) return [];
        return closeOpenRequests(tx, entityId, kioskId, 'connection closed');
      }).catch(() => []);
      for (const r of rows) announce(services.realtime, r);
      services.realtime.toEntity(entityId, 'update', { type: 'kiosk', action: 'offline', id: kioskId });
    });
  });
  return nsp;
}

/** Drops every live connection of a kiosk, in every process (deregistration). */
export function disconnectKiosk(services: Services, kioskId: number) {
  services.realtime.io?.of(KIOSK_NAMESPACE).in(kioskRoom(kioskId)).disconnectSockets(true);
}
