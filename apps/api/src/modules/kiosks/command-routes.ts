import { KIOSK_COMMANDS, KIOSK_NAMESPACE, type KioskCommand, kioskRoom, listOf, zControlBody, zId, zIdParam, zKiosk, zKioskAppVersions, zKioskDetail, zKioskRequest, zKioskRequestSaved, zKioskRoom, zListQuery, zUpdateAppBody } from '@gatehouse/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { areas, devices, kioskRequestLogs, kioskRequests, kiosks, sites, users } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { countSignedIn } from '../visits';
import { reachableSiteIds, siteFilter } from '../sites';
import { reachableKiosks } from './kiosk-settings';
import { onlineCondition } from './heartbeat';
import { presentDevice, presentKiosk, presentRequest } from './present';
import { announce, isFinal, moveRequest } from './request-log';
import { sendCommand } from './send-command';

const base = { tags: ['kiosks'], permission: 'sites_devices' as const, standalone: true };

async function requestsPage(tx: Db, actor: MemberActor, where: SQL[], query: z.output<typeof zListQuery>) {
  const cond = and(eq(kioskRequests.entityId, actor.entityId), ...where);
  const rows = await tx
    .select({ r: kioskRequests, kioskName: kiosks.name })
    .from(kioskRequests)
    .innerJoin(kiosks, eq(kiosks.id, kioskRequests.kioskId))
    .where(cond)
    .orderBy(query.orderBy === 'asc' ? asc(kioskRequests.id) : desc(kioskRequests.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const logs = rows.length
    ? await tx
        .select()
        .from(kioskRequestLogs)
        .where(and(eq(kioskRequestLogs.entityId, actor.entityId), inArray(kioskRequestLogs.requestId, rows.map((x) => x.r.id))))
        .orderBy(asc(kioskRequestLogs.id))
    : [];
  const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(kioskRequests).where(cond);
  return { data: rows.map((x) => presentRequest(x.r, { kioskName: x.kioskName, logs: logs.filter((l) => l.requestId === x.r.id) })), count };
}

async function memberOfOrg(tx: Db, actor: MemberActor, userId: number) {
  const [u] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.entityId, actor.entityId)));
  if (!u) throw notFound();
}

export default defineRoutes((r, services) => {
  for (const command of KIOSK_COMMANDS) {
    const isUpdate = command === 'update-app';
    r.route({
      ...base,
      method: 'POST',
      url: `/api/kiosks/${command}`,
      summary: isUpdate
        ? 'Remote command: update the kiosk app (mac, version, kiosk name, key); the kiosk must be connected'
        : `Remote command ${command} with the control payload; the kiosk must be connected (rules 241-245)`,
      body: isUpdate ? zUpdateAppBody : zControlBody,
      response: zKioskRequestSaved,
      handler: async ({ actor, body, t }) => {
        const b = body as Record<string, unknown>;
        const extra: Record<string, unknown> = {};
        if (isUpdate) Object.assign(extra, { version: b.version, key: b.key, mac: b.mac });
        if (b.door_id) extra.door_id = b.door_id;
        const row = await sendCommand(services, actor, { kioskId: b.kiosk_id as number | undefined, mac: String(isUpdate ? b.mac : b.macAddress) }, command as KioskCommand, extra);
        return { message: t('kiosks.request_delivered'), data: presentRequest(row) };
      },
    });
  }

  r.route({
    ...base,
    method: 'PUT',
    url: '/api/kiosks/requests/cancel/{id}',
    summary: 'Cancel a kiosk request that has not finished (the kiosk is told to stop)',
    params: zIdParam,
    response: zKioskRequestSaved,
    handler: async ({ actor, params, tenant, t }) => {
      const row = await tenant(async (tx) => {
        const [req] = await tx.select().from(kioskRequests).where(and(eq(kioskRequests.id, params.id), eq(kioskRequests.entityId, actor.entityId)));
        if (!req) throw notFound();
        await reachableKiosks(tx, actor, [req.kioskId]);
        if (isFinal(req.status)) throw badRequest({ id: ['kiosks.request_final'] }, 'kiosks.request_final');
        return moveRequest(tx, actor.entityId, req.id, 'canceled', `canceled by ${actor.firstName} ${actor.lastName}`);
      });
      if (!row) throw badRequest({ id: ['kiosks.request_final'] }, 'kiosks.request_final');
      announce(services.realtime, row);
      services.realtime.io?.of(KIOSK_NAMESPACE).to(kioskRoom(row.kioskId)).emit('cancel', { request_id: row.id });
      return { message: t('kiosks.request_canceled'), data: presentRequest(row) };
    },
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/kiosks/requests/entity/{entityId}/{userId}',
    summary: "The organisation's kiosk requests placed by a user, newest first, with their logs",
    params: z.object({ entityId: zId, userId: zId }),
    query: zListQuery,
    response: listOf(zKioskRequest),
    handler: ({ actor, params, query, tenant }) =>
      tenant(async (tx) => {
        await memberOfOrg(tx, actor, params.userId);
        const ids = await reachableSiteIds(tx, actor);
        const where: SQL[] = [eq(kioskRequests.requestedBy, params.userId)];
        const f = siteFilter(kiosks.siteId, ids);
        if (f) where.push(f);
        return requestsPage(tx, actor, where, query);
      }),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/kiosks/requests/{kioskId}/{userId}',
    summary: "One kiosk's requests placed by a user, newest first, with their logs",
    params: z.object({ kioskId: zId, userId: zId }),
    query: zListQuery,
    response: listOf(zKioskRequest),
    handler: ({ actor, params, query, tenant }) =>
      tenant(async (tx) => {
        await memberOfOrg(tx, actor, params.userId);
        await reachableKiosks(tx, actor, [params.kioskId]);
        return requestsPage(tx, actor, [eq(kioskRequests.kioskId, params.kioskId), eq(kioskRequests.requestedBy, params.userId)], query);
      }),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/kiosks/online',
    summary: 'The kiosks online now: connected and heard from within the last three heartbeats',
    response: listOf(zKiosk),
    handler: ({ actor, tenant }) =>
      tenant(async (tx) => {
        const ids = await reachableSiteIds(tx, actor);
        const rows = await tx
          .select()
          .from(kiosks)
          .where(and(eq(kiosks.entityId, actor.entityId), eq(kiosks.status, 'active'), onlineCondition(), siteFilter(kiosks.siteId, ids)))
          .orderBy(asc(kiosks.name));
        return { data: rows.map(presentKiosk), count: rows.length };
      }),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/kiosks/app-versions',
    summary: 'The app versions the kiosks report, with how many kiosks run each (newest first)',
    response: zKioskAppVersions,
    handler: ({ actor, tenant }) =>
      tenant(async (tx) => {
        const rows = await tx
          .select({ app_version: kiosks.appVersion, kiosks: sql<number>`count(*)::int` })
          .from(kiosks)
          .where(and(eq(kiosks.entityId, actor.entityId), eq(kiosks.status, 'active')))
          .groupBy(kiosks.appVersion);
        const key = (v: string | null) => (v ?? '').split(/[.-]/).map((p) => p.padStart(8, '0')).join('.');
        rows.sort((a, b) => key(b.app_version).localeCompare(key(a.app_version)));
        return { data: rows, count: rows.length };
      }),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/kiosks/room-data/{id}',
    summary: "A kiosk's room: its site and area, the doors there and how many people are signed in",
    params: zIdParam,
    response: zKioskRoom,
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        const [k] = await reachableKiosks(tx, actor, [params.id]);
        const [site] = k.siteId ? await tx.select({ id: sites.id, name: sites.name, timezone: sites.timezone }).from(sites).where(and(eq(sites.id, k.siteId), eq(sites.entityId, actor.entityId))) : [];
        const [area] = k.areaId ? await tx.select({ id: areas.id, name: areas.name, login_mode: areas.loginMode }).from(areas).where(and(eq(areas.id, k.areaId), eq(areas.entityId, actor.entityId))) : [];
        const doors = k.areaId ? await tx.select().from(devices).where(and(eq(devices.entityId, actor.entityId), eq(devices.areaId, k.areaId))) : [];
        const counts = k.areaId ? await countSignedIn(tx, actor.entityId, { areaIds: [k.areaId] }) : { total: 0 };
        return { data: { kiosk: presentKiosk(k), site: site ?? null, area: area ?? null, doors: doors.map(presentDevice), signed_in: counts.total } };
      }),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/kiosks/{id}',
    summary: 'One kiosk with its latest requests',
    params: zIdParam,
    response: zKioskDetail,
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        const [k] = await reachableKiosks(tx, actor, [params.id]);
        const recent = await requestsPage(tx, actor, [eq(kioskRequests.kioskId, k.id)], { limit: 20, page: 1, filterBy: {}, orderBy: 'desc', sortField: undefined });
        return { data: { ...presentKiosk(k), requests: recent.data } };
      }),
  });
});
