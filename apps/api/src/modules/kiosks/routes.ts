import { listOf, one, zEntityIdParam, zIdParam, zKiosk, zKioskAddBody, zKioskMoveBody, zKioskSaved, zKioskSettingBody, zKiosksMoveBody, zKiosksSaved, zKiosksSettingBody, zListQuery, zMessage } from '@gatehouse/contract';
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { kioskRequests, kiosks } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { reachableArea } from '../areas';
import { reachableSiteIds, siteFilter } from '../sites';
import { attachKioskNamespace, disconnectKiosk } from './gateway';
import { offlineCondition, onlineCondition } from './heartbeat';
import { watchKioskConfig } from './config-watch';
import { applySettings, reachableKiosks } from './kiosk-settings';
import { claimPairing, linkPairing } from './pairing';
import { presentKiosk } from './present';
import { moveRequest } from './request-log';

const base = { tags: ['kiosks'], permission: 'sites_devices' as const, standalone: true };

export default defineRoutes((r, services) => {
  services.realtime.onAttach((io) => attachKioskNamespace(io, services));
  // Kiosks load their configuration again when something it is made of changes (config-watch.ts).
  watchKioskConfig(services.realtime);

  r.route({
    ...base,
    method: 'GET',
    url: '/api/kiosk/{entityId}',
    // Also a lookup of the dashboard's logbook filters and of mass sign-in (001 §7 lists it with the dashboard calls).
    permission: ['sites_devices', 'dashboard', 'history'],
    summary: 'Kiosks with paging, filters (search, site_id, area_id, online) and ordering',
    params: zEntityIdParam,
    query: zListQuery,
    response: listOf(zKiosk),
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const ids = await reachableSiteIds(tx, actor);
        const f = query.filterBy;
        const conds: (SQL | undefined)[] = [eq(kiosks.entityId, actor.entityId), eq(kiosks.status, 'active'), siteFilter(kiosks.siteId, ids)];
        if (f.site_id) conds.push(eq(kiosks.siteId, Number(f.site_id)));
        if (f.area_id) conds.push(eq(kiosks.areaId, Number(f.area_id)));
        if (f.online !== undefined && f.online !== '') conds.push(f.online === true || f.online === 1 || f.online === '1' ? onlineCondition() : offlineCondition());
        if (typeof f.search === 'string' && f.search) conds.push(ilike(kiosks.name, `%${f.search.replace(/[%_\\]/g, '\\$&')}%`));
        const where = and(...conds);
        const col = query.sortField === 'app_version' ? kiosks.appVersion : query.sortField === 'created_at' ? kiosks.createdAt : kiosks.name;
        const rows = await tx
          .select()
          .from(kiosks)
          .where(where)
          .orderBy(query.orderBy === 'desc' ? desc(col) : asc(col), asc(kiosks.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit);
        const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(kiosks).where(where);
        return { data: rows.map(presentKiosk), count };
      }),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/get_kiosk_with_setting/{id}',
    summary: 'One kiosk with its settings',
    params: zIdParam,
    response: one(zKiosk),
    handler: ({ actor, params, tenant }) => tenant(async (tx) => ({ data: presentKiosk((await reachableKiosks(tx, actor, [params.id]))[0]) })),
  });

  r.route({
    ...base,
    method: 'POST',
    url: '/api/kiosk',
    summary: 'Add a kiosk to an area with the pairing code its /kiosk-register page shows ("Kiosk Added")',
    body: zKioskAddBody,
    response: zKioskSaved,
    status: 201,
    handler: async ({ actor, body, tenant, emit, audit, t }) => {
      const row = await tenant(async (tx) => {
        const area = await reachableArea(tx, actor, body.area_id);
        const pairing = await claimPairing(tx, body.pairing_code);
        if (!pairing) throw badRequest({ pairing_code: ['kiosks.pairing_code_invalid'] });
        const [k] = await tx
          .insert(kiosks)
          .values({
            entityId: actor.entityId,
            siteId: area.siteId,
            areaId: area.id,
            journeyId: body.journey_id ?? area.journeyId,
            name: body.name,
            macAddress: pairing.device.mac_address ?? null,
            serial: pairing.device.serial ?? null,
            appVersion: pairing.device.app_version ?? null,
          })
          .returning();
        await linkPairing(tx, pairing.id, actor.entityId, k.id);
        await audit(tx, 'create', 'kiosk', k.id, { name: k.name, area_id: area.id });
        return k;
      });
      emit('entity', actor.entityId, 'update', { type: 'kiosk', action: 'created', id: row.id });
      return { message: t('kiosks.added'), data: presentKiosk(row) };
    },
  });

  const move = async (tx: Db, actor: MemberActor, ids: number[], areaId: number) => {
    const area = await reachableArea(tx, actor, areaId);
    await reachableKiosks(tx, actor, ids);
    return tx
      .update(kiosks)
      .set({ areaId: area.id, siteId: area.siteId, updatedAt: sql`now()` })
      .where(and(eq(kiosks.entityId, actor.entityId), inArray(kiosks.id, ids)))
      .returning();
  };

  r.route({
    ...base,
    method: 'PUT',
    url: '/api/kiosk_move/{id}',
    summary: 'Move a kiosk to another area ("Kiosk Moved")',
    params: zIdParam,
    body: zKioskMoveBody,
    response: zKioskSaved,
    handler: async ({ actor, body, params, tenant, emit, audit, t }) => {
      const [row] = await tenant(async (tx) => {
        const rows = await move(tx, actor, [params.id], body.area_id);
        await audit(tx, 'move', 'kiosk', params.id, { area_id: body.area_id });
        return rows;
      });
      emit('entity', actor.entityId, 'update', { type: 'kiosk', action: 'moved', id: row.id });
      return { message: t('kiosks.moved'), data: presentKiosk(row) };
    },
  });

  r.route({
    ...base,
    method: 'PUT',
    url: '/api/kiosks_move',
    summary: 'Move many kiosks to one area ("Kiosks Moved")',
    body: zKiosksMoveBody,
    response: zKiosksSaved,
    handler: async ({ actor, body, tenant, emit, audit, t }) => {
      const rows = await tenant(async (tx) => {
        const moved = await move(tx, actor, body.kiosk_ids, body.area_id);
        await audit(tx, 'move', 'kiosk', null, { kiosk_ids: body.kiosk_ids, area_id: body.area_id });
        return moved;
      });
      emit('entity', actor.entityId, 'update', { type: 'kiosk', action: 'moved', ids: rows.map((k) => k.id) });
      return { message: t('kiosks.moved_many'), data: rows.map(presentKiosk) };
    },
  });

  r.route({
    ...base,
    method: 'PUT',
    url: '/api/kiosk_setting/{id}',
    summary: 'Settings of one kiosk, fire alarm included ("Kiosk Settings Updated")',
    params: zIdParam,
    body: zKioskSettingBody,
    response: zKioskSaved,
    handler: async ({ actor, body, params, tenant, emit, audit, t }) => {
      const [row] = await tenant(async (tx) => {
        const rows = await applySettings(tx, actor, [params.id], body);
        await audit(tx, 'update', 'kiosk_setting', params.id, body as Record<string, unknown>);
        return rows;
      });
      emit('entity', actor.entityId, 'update', { type: 'kiosk', action: 'settings', id: row.id });
      return { message: t('kiosks.settings_updated'), data: presentKiosk(row) };
    },
  });

  r.route({
    ...base,
    method: 'PUT',
    url: '/api/kiosks_setting',
    summary: 'The same settings for many kiosks ("Kiosk Settings Updated")',
    body: zKiosksSettingBody,
    response: zKiosksSaved,
    handler: async ({ actor, body, tenant, emit, audit, t }) => {
      const rows = await tenant(async (tx) => {
        const updated = await applySettings(tx, actor, body.kiosk_ids, body);
        await audit(tx, 'update', 'kiosk_setting', null, body as Record<string, unknown>);
        return updated;
      });
      emit('entity', actor.entityId, 'update', { type: 'kiosk', action: 'settings', ids: rows.map((k) => k.id) });
      return { message: t('kiosks.settings_updated'), data: rows.map(presentKiosk) };
    },
  });

  r.route({
    ...base,
    method: 'DELETE',
    url: '/api/deregister-kiosk/{id}',
    summary: "Deregister a kiosk: its device token stops working at once and it drops off the lists (\"Kiosk Deleted\")",
    params: zIdParam,
    response: zMessage,
    handler: async ({ actor, params, tenant, emit, audit, t }) => {
      await tenant(async (tx) => {
        await reachableKiosks(tx, actor, [params.id]);
        await tx
          .update(kiosks)
          .set({ status: 'deregistered', deviceTokenHash: null, connected: false, socketId: null, onlineUntil: null, deregisteredAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(kiosks.id, params.id), eq(kiosks.entityId, actor.entityId)));
        const open = await tx
          .select({ id: kioskRequests.id })
          .from(kioskRequests)
          .where(and(eq(kioskRequests.entityId, actor.entityId), eq(kioskRequests.kioskId, params.id), inArray(kioskRequests.status, ['placed', 'pending', 'delivered', 'running'])));
        for (const o of open) await moveRequest(tx, actor.entityId, o.id, 'canceled', 'kiosk deregistered');
        await audit(tx, 'delete', 'kiosk', params.id);
      });
      disconnectKiosk(services, params.id);
      emit('entity', actor.entityId, 'update', { type: 'kiosk', action: 'deleted', id: params.id });
      return { message: t('kiosks.deleted') };
    },
  });
});
