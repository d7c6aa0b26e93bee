import { KIOSK_NAMESPACE, type KioskDeviceCommand, type KioskCommandMessage, kioskRoom, NO_CONNECTION } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { kioskRequestLogs, kioskRequests, kiosks } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { AppError, notFound } from '../../platform/errors';
import type { Services } from '../../platform/services';
import { reachableSiteIds } from '../sites';
import { isOnline } from './heartbeat';
import { announce, moveRequest } from './request-log';

/** How long a connected kiosk has to acknowledge a command before it counts as unreachable. */
export const ACK_TIMEOUT_MS = 5000;

export interface CommandTarget {
  kioskId?: number;
  mac: string;
}

/**
 * Sends one remote command to the one kiosk it names (rules 241-245). The request is recorded as placed, sent
 * (pending) and, when the kiosk acknowledges it, delivered; the kiosk then reports running and succeeded or
 * failed. A kiosk that is not connected fails the request with "no connection found to the kiosk" (409).
 */
export async function sendCommand(services: Services, actor: MemberActor, target: CommandTarget, command: KioskDeviceCommand, extra: Record<string, unknown>) {
  const db = services.database.db;
  const userName = `${actor.firstName} ${actor.lastName}`.trim();
  const isSuperAdmin = actor.isSupport ? 1 : 0;
  const { kiosk, request } = await withTenant(db, actor.entityId, async (tx) => {
    const conds = [eq(kiosks.entityId, actor.entityId), eq(kiosks.macAddress, target.mac), eq(kiosks.status, 'active')];
    if (target.kioskId) conds.push(eq(kiosks.id, target.kioskId));
    const [k] = await tx.select().from(kiosks).where(and(...conds)).limit(1);
    if (!k) throw notFound('kiosks.unknown');
    const ids = await reachableSiteIds(tx, actor);
    if (ids && k.siteId && !ids.includes(k.siteId)) throw notFound('kiosks.unknown');
    return { kiosk: k, request: await placeRequest(tx, actor.entityId, k, { requestedBy: actor.userId, userName, isSuperAdmin }, command, extra) };
  });
  return deliver(services, actor.entityId, kiosk, request);
}

/**
 * A command the product sends by itself (the fire alarm's "open door", issue 17): the same request and log as a
 * member's, requested by nobody, under the name given. Answers the request, or null when the kiosk is unknown or
 * no connected kiosk took it (the request is then failed with rule 245's reason, as for a member).
 */
export async function sendSystemCommand(services: Services, entityId: number, kioskId: number, command: KioskDeviceCommand, extra: Record<string, unknown>, userName: string) {
  const placed = await withTenant(services.database.db, entityId, async (tx) => {
    const [k] = await tx.select().from(kiosks).where(and(eq(kiosks.entityId, entityId), eq(kiosks.id, kioskId), eq(kiosks.status, 'active')));
    return k ? { kiosk: k, request: await placeRequest(tx, entityId, k, { requestedBy: null, userName, isSuperAdmin: 0 }, command, extra) } : null;
  });
  if (!placed) return null;
  return deliver(services, entityId, placed.kiosk, placed.request).catch(() => null);
}

type Kiosk = typeof kiosks.$inferSelect;
type Request = typeof kioskRequests.$inferSelect;

async function placeRequest(tx: Db, entityId: number, k: Kiosk, by: { requestedBy: number | null; userName: string; isSuperAdmin: 0 | 1 }, command: KioskDeviceCommand, extra: Record<string, unknown>) {
  const payload = { kioskName: k.name, macAddress: k.macAddress, entityId, userName: by.userName, isSuperAdmin: by.isSuperAdmin, ...extra };
  const [req] = await tx
    .insert(kioskRequests)
    .values({ entityId, kioskId: k.id, requestedBy: by.requestedBy, userName: by.userName, isSuperAdmin: by.isSuperAdmin, command, payload, status: 'placed' })
    .returning();
  await tx.insert(kioskRequestLogs).values({ entityId, requestId: req.id, status: 'placed', message: null });
  return req;
}

/** Sends a placed request to its kiosk and follows it to delivered (or failed: 409 "no connection found"). */
async function deliver(services: Services, entityId: number, kiosk: Kiosk, request: Request) {
  const db = services.database.db;
  announce(services.realtime, request);
  const fail = async () => {
    const row = await withTenant(db, entityId, (tx) => moveRequest(tx, entityId, request.id, 'failed', NO_CONNECTION));
    if (row) announce(services.realtime, row);
    throw new AppError(409, 'kiosks.no_connection', { code: 'no_connection', data: { request_id: request.id } });
  };
  const io = services.realtime.io;
  // Rule 241: commands need a connected kiosk: recorded as connected and heard from lately (the state every
  // process shares, heartbeat.ts), then the live socket itself acknowledging.
  if (!isOnline(kiosk) || !io) return fail();

  const pending = await withTenant(db, entityId, (tx) => moveRequest(tx, entityId, request.id, 'pending'));
  if (pending) announce(services.realtime, pending);
  const message: KioskCommandMessage = { request_id: request.id, command: request.command as KioskDeviceCommand, payload: request.payload };
  let acks: unknown[] = [];
  try {
    acks = await io.of(KIOSK_NAMESPACE).to(kioskRoom(kiosk.id)).timeout(ACK_TIMEOUT_MS).emitWithAck('command', message);
  } catch {
    acks = [];
  }
  if (!acks.some((a) => a && typeof a === 'object' && (a as { ok?: unknown }).ok === true)) {
    if (!acks.length) await withTenant(db, entityId, (tx) => tx.update(kiosks).set({ connected: false, onlineUntil: null }).where(and(eq(kiosks.id, kiosk.id), eq(kiosks.entityId, entityId))));
    return fail();
  }
  const delivered = await withTenant(db, entityId, (tx) => moveRequest(tx, entityId, request.id, 'delivered'));
  const final = delivered ?? (await withTenant(db, entityId, (tx) => tx.select().from(kioskRequests).where(eq(kioskRequests.id, request.id))))[0];
  if (delivered) announce(services.realtime, delivered);
  return final;
}
