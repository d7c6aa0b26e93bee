import { listOf, zChangeJourneyBody, zDevice, zDeviceBody, zDeviceSaved, zEntityIdParam, zId, zKioskSaved, zListQuery } from '@gatehouse/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { devices, journeys, kiosks } from '../../db/schema/index';
import { badRequest, notFound } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { presentDevice, presentKiosk } from '../kiosks';
import { reachableArea } from '../areas';
import { reachableSiteIds, siteFilter } from '../sites';

const base = { tags: ['devices'], permission: 'sites_devices' as const, standalone: true };

export default defineRoutes((r) => {
  r.route({
    ...base,
    method: 'POST',
    url: '/api/devices',
    summary: 'Add a door to an area ("Door Added"), optionally wired to a kiosk of the same site',
    body: zDeviceBody,
    response: zDeviceSaved,
    status: 201,
    handler: async ({ actor, body, tenant, emit, audit, t }) => {
      const row = await tenant(async (tx) => {
        const area = await reachableArea(tx, actor, body.area_id);
        if (body.kiosk_id) {
          const [k] = await tx
            .select()
            .from(kiosks)
            .where(and(eq(kiosks.id, body.kiosk_id), eq(kiosks.entityId, actor.entityId), eq(kiosks.status, 'active')));
          if (!k || k.siteId !== area.siteId) throw badRequest({ kiosk_id: ['devices.kiosk_unknown'] });
        }
        const [created] = await tx
          .insert(devices)
          .values({ entityId: actor.entityId, siteId: area.siteId, areaId: area.id, kioskId: body.kiosk_id ?? null, type: body.type, name: body.name, ioPort: body.io_port ?? null })
          .returning();
        await audit(tx, 'create', 'door', created.id, { name: created.name, area_id: area.id });
        return created;
      });
      emit('entity', actor.entityId, 'update', { type: 'device', action: 'created', id: row.id });
      return { message: t('devices.door_added'), data: presentDevice(row) };
    },
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/devices/{entityId}',
    summary: 'Doors of the sites the caller may see (filters: site_id, area_id, search), paged',
    params: zEntityIdParam,
    query: zListQuery,
    response: listOf(zDevice),
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const ids = await reachableSiteIds(tx, actor);
        const f = query.filterBy;
        const where = and(
          eq(devices.entityId, actor.entityId),
          siteFilter(devices.siteId, ids),
          f.site_id ? eq(devices.siteId, Number(f.site_id)) : undefined,
          f.area_id ? eq(devices.areaId, Number(f.area_id)) : undefined,
          typeof f.search === 'string' && f.search ? sql`${devices.name} ilike ${`%${f.search.replace(/[%_\\]/g, '\\$&')}%`}` : undefined,
        );
        const rows = await tx
          .select()
          .from(devices)
          .where(where)
          .orderBy(query.orderBy === 'desc' ? sql`${devices.name} desc` : asc(devices.name), asc(devices.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit);
        const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(devices).where(where);
        return { data: rows.map(presentDevice), count };
      }),
  });

  r.route({
    ...base,
    method: 'PUT',
    url: '/api/change_journey_for_kiosk/{kioskId}',
    summary: "Change a kiosk's journey (kiosk.journey_id) and optionally its area (kiosk.area_id)",
    params: z.object({ kioskId: zId }),
    body: zChangeJourneyBody,
    response: zKioskSaved,
    handler: async ({ actor, body, params, tenant, emit, audit, t }) => {
      const row = await tenant(async (tx) => {
        const [kiosk] = await tx
          .select()
          .from(kiosks)
          .where(and(eq(kiosks.id, params.kioskId), eq(kiosks.entityId, actor.entityId), eq(kiosks.status, 'active')));
        if (!kiosk) throw notFound();
        const ids = await reachableSiteIds(tx, actor);
        if (ids && kiosk.siteId && !ids.includes(kiosk.siteId)) throw notFound();
        if (body.kiosk.journey_id) {
          const [j] = await tx.select({ id: journeys.id }).from(journeys).where(and(eq(journeys.id, body.kiosk.journey_id), eq(journeys.entityId, actor.entityId)));
          if (!j) throw badRequest({ 'kiosk.journey_id': ['areas.journey_unknown'] });
        }
        const area = body.kiosk.area_id ? await reachableArea(tx, actor, body.kiosk.area_id) : null;
        const [updated] = await tx
          .update(kiosks)
          .set({ journeyId: body.kiosk.journey_id, ...(area ? { areaId: area.id, siteId: area.siteId } : {}), updatedAt: sql`now()` })
          .where(and(eq(kiosks.id, kiosk.id), eq(kiosks.entityId, actor.entityId)))
          .returning();
        await audit(tx, 'update', 'kiosk', kiosk.id, { journey_id: body.kiosk.journey_id, area_id: area?.id });
        return updated;
      });
      emit('entity', actor.entityId, 'update', { type: 'kiosk', action: 'updated', id: row.id });
      return { message: t('kiosks.journey_changed'), data: presentKiosk(row) };
    },
  });
});
