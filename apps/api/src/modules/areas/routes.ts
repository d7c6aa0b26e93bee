import { listOf, one, zArea, zAreaBody, zAreaDetail, zAreaMoveBody, zAreaOptions, zAreaQr, zAreaSaved, zAreaUpdateBody, zAreaUpdated, zEntityIdParam, zId, zIdCsv, zIdParam, zListQuery, zMessage } from '@gatehouse/contract';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { devices, kiosks } from '../../db/schema/index';
import { defineRoutes } from '../../platform/http/route';
import { presentDevice, presentKiosk } from '../kiosks';
import { reachableSite } from '../sites';
import { idList, listAreas } from './list-areas';
import { moveArea } from './move-area';
import { presentArea } from './present';
import { areaQrCode } from './qr-code';
import { removeArea } from './remove-area';
import { areaOptions, areaRequirements } from './requirements';
import { createArea, reachableArea, updateArea } from './save-area';
import { countSignedIn } from '../visits';
import { subtreeIds } from './tree';

const base = { tags: ['areas'], permission: 'sites_devices' as const, standalone: true };

export default defineRoutes((r, services) => {
  r.route({
    ...base,
    method: 'GET',
    url: '/api/areas/{entityId}',
    // Also a lookup of the dashboard's logbook filters and of mass sign-in (001 §7 lists it with the dashboard calls).
    permission: ['sites_devices', 'dashboard', 'history'],
    summary: 'Areas with paging, filters (search, site_id, login_mode) and ordering',
    params: zEntityIdParam,
    query: zListQuery,
    response: listOf(zArea),
    handler: ({ actor, query, tenant }) =>
      tenant((tx) =>
        listAreas(
          tx,
          actor,
          { siteIds: idList(query.filterBy.site_id), loginMode: typeof query.filterBy.login_mode === 'string' ? query.filterBy.login_mode : undefined, search: typeof query.filterBy.search === 'string' ? query.filterBy.search : undefined },
          query,
        ),
      ),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/site_areas_in_entity/{entityId}',
    summary: 'Every area the caller may see, with its site name',
    params: zEntityIdParam,
    response: listOf(zArea),
    handler: ({ actor, tenant }) => tenant((tx) => listAreas(tx, actor)),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/areas/filter/{entity_id}',
    summary: 'Areas of the given sites (site_ids, comma separated) and login mode',
    params: z.object({ entity_id: zId }),
    query: z.object({ site_ids: zIdCsv.optional(), login_mode: z.enum(['sign_in_out', 'sign_in_only', 'off']).optional(), search: z.string().max(100).optional() }),
    response: listOf(zArea),
    handler: ({ actor, query, tenant }) => tenant((tx) => listAreas(tx, actor, { siteIds: query.site_ids, loginMode: query.login_mode, search: query.search })),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/areas/filter/areas/{id}',
    summary: 'The sub-areas of an area (all levels)',
    params: zIdParam,
    response: listOf(zArea),
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        const area = await reachableArea(tx, actor, params.id);
        const ids = (await subtreeIds(tx, actor.entityId, area)).slice(1);
        return listAreas(tx, actor, { ids });
      }),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/areas_by_site/{siteId}',
    summary: 'The areas of one site (flat, with parent ids)',
    params: z.object({ siteId: zId }),
    response: listOf(zArea),
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        await reachableSite(tx, actor, params.siteId);
        return listAreas(tx, actor, { siteIds: [params.siteId] });
      }),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/area/{id}',
    summary: 'One area with its kiosks, doors, entry conditions and documents (rule 230), and the number of people signed in',
    params: zIdParam,
    response: zAreaDetail,
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        await reachableArea(tx, actor, params.id);
        const { data } = await listAreas(tx, actor, { ids: [params.id] });
        const kioskRows = await tx.select().from(kiosks).where(and(eq(kiosks.entityId, actor.entityId), eq(kiosks.areaId, params.id), eq(kiosks.status, 'active'))).orderBy(asc(kiosks.name));
        const doorRows = await tx.select().from(devices).where(and(eq(devices.entityId, actor.entityId), eq(devices.areaId, params.id))).orderBy(asc(devices.name));
        const counts = await countSignedIn(tx, actor.entityId, { areaIds: [params.id] });
        const required = await areaRequirements(tx, actor.entityId, params.id);
        return { data: { ...data[0], kiosks: kioskRows.map(presentKiosk), doors: doorRows.map(presentDevice), signed_in: counts.total, ...required } };
      }),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/area_options/{entityId}',
    summary: "The area form's choices: the organisation's journeys, entry conditions and document types",
    params: zEntityIdParam,
    response: one(zAreaOptions),
    handler: ({ actor, tenant }) => tenant(async (tx) => ({ data: await areaOptions(tx, actor.entityId) })),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/area_qr_code/{id}',
    summary: "The area's printable QR code: a PNG (format=png) or a data URL (default)",
    params: zIdParam,
    query: z.object({ format: z.enum(['png', 'dataurl']).default('dataurl') }),
    response: zAreaQr,
    handler: async ({ actor, params, query, tenant, reply }) => {
      const area = await tenant((tx) => reachableArea(tx, actor, params.id));
      const qr = await areaQrCode(services.config.publicUrl, area.qrCode);
      if (query.format === 'png') {
        const png = Buffer.from(qr.dataUrl.split(',')[1], 'base64');
        return reply.type('image/png').header('content-disposition', `inline; filename="area-${area.id}-qr.png"`).send(png) as never;
      }
      return { data: { area_id: area.id, name: area.name, url: qr.url, data_url: qr.dataUrl } };
    },
  });

  r.route({
    ...base,
    method: 'POST',
    url: '/api/area',
    summary: 'Add an area to a site, optionally under a parent area of the same site',
    body: zAreaBody,
    response: zAreaSaved,
    status: 201,
    handler: async ({ actor, body, tenant, emit, audit, t }) => {
      const saved = await tenant(async (tx) => {
        const res = await createArea(tx, actor, body);
        await audit(tx, 'create', 'area', res.area.id, { name: res.area.name, site_id: res.area.siteId });
        return res;
      });
      emit('entity', actor.entityId, 'update', { type: 'area', action: 'created', id: saved.area.id });
      return { message: t('areas.added'), data: presentArea(saved.area, saved) };
    },
  });

  r.route({
    ...base,
    method: 'PUT',
    url: '/api/area/{id}',
    summary: 'Edit an area (name, journey, modes, input options, compliances); rules 154, 232, 235',
    params: zIdParam,
    body: zAreaUpdateBody,
    response: zAreaUpdated,
    handler: async ({ actor, body, params, tenant, emit, audit, t }) => {
      const saved = await tenant(async (tx) => {
        const res = await updateArea(tx, actor, params.id, body);
        await audit(tx, 'update', 'area', res.area.id, { ...body, signed_out: res.closed });
        return res;
      });
      emit('entity', actor.entityId, 'update', { type: 'area', action: 'updated', id: saved.area.id });
      return { message: t('areas.updated'), data: presentArea(saved.area, saved), signed_out: saved.closed };
    },
  });

  r.route({
    ...base,
    method: 'PUT',
    url: '/api/area_move/{id}',
    summary: 'Move an area and its sub-areas under another parent, in the same or another site',
    params: zIdParam,
    body: zAreaMoveBody,
    response: zAreaSaved,
    handler: async ({ actor, body, params, tenant, emit, audit, t }) => {
      const saved = await tenant(async (tx) => {
        const res = await moveArea(tx, actor, params.id, body);
        await audit(tx, 'move', 'area', res.area.id, { site_id: body.site_id, parent_id: body.parent_id ?? null, areas: res.moved });
        return res;
      });
      emit('entity', actor.entityId, 'update', { type: 'area', action: 'moved', id: saved.area.id });
      return { message: t('areas.moved'), data: presentArea(saved.area) };
    },
  });

  r.route({
    ...base,
    method: 'DELETE',
    url: '/api/area/{id}',
    summary: 'Delete an area and its sub-areas; refused while people are signed in there',
    params: zIdParam,
    response: zMessage,
    handler: async ({ actor, params, tenant, emit, audit, t }) => {
      const res = await tenant(async (tx) => {
        const removed = await removeArea(tx, actor, params.id);
        await audit(tx, 'delete', 'area', removed.area.id, { name: removed.area.name, areas: removed.removed });
        return removed;
      });
      emit('entity', actor.entityId, 'update', { type: 'area', action: 'deleted', id: res.area.id });
      return { message: t('areas.deleted') };
    },
  });
});
