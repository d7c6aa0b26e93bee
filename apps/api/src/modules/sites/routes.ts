import { listOf, zEntityIdParam, zIdParam, zListQuery, zMapSettings, zMessage, zSite, zSiteBody, zSiteSaved, zSiteShort, zSiteTreeNode } from '@gatehouse/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { sites } from '../../db/schema/index';
import { defineRoutes } from '../../platform/http/route';
import { listSites } from './list-sites';
import { presentSite } from './present';
import { removeSite } from './remove-site';
import { siteColumns } from './save-site';
import { reachableSite, reachableSiteIds, siteFilter } from './site-access';
import { siteTree } from './site-tree';

const base = { tags: ['sites'], permission: 'sites_devices' as const, standalone: true };

export default defineRoutes((r, services) => {
  r.route({
    ...base,
    method: 'GET',
    url: '/api/map_settings',
    summary: 'The map tile server of the site form (MAP_TILE_URL), so installations without internet still work',
    response: zMapSettings,
    handler: async () => ({ data: { tile_url: services.config.mapTileUrl, attribution: services.config.mapAttribution } }),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/sites_list/{entityId}',
    summary: 'Sites with paging, filters (search, geofencing, timezone) and ordering',
    params: zEntityIdParam,
    query: zListQuery,
    response: listOf(zSite),
    handler: ({ actor, query, tenant }) => tenant((tx) => listSites(tx, actor, query)),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/sites/{entityId}',
    summary: 'Every site the caller may see, with counts of areas and devices',
    params: zEntityIdParam,
    response: listOf(zSite),
    handler: ({ actor, tenant }) => tenant((tx) => listSites(tx, actor)),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/sites/normal/{entityId}',
    // Also a lookup of the dashboard's logbook filters and of mass sign-in (001 §7 lists it with the dashboard calls),
    // of the announcements' targets and of the sites an emergency session covers.
    permission: ['sites_devices', 'dashboard', 'history', 'announcements', 'emergency'],
    summary: 'The sites the caller may see: id, name and time zone only (pickers)',
    params: zEntityIdParam,
    response: listOf(zSiteShort),
    handler: ({ actor, tenant }) =>
      tenant(async (tx) => {
        const ids = await reachableSiteIds(tx, actor);
        const data = await tx
          .select({ id: sites.id, name: sites.name, timezone: sites.timezone })
          .from(sites)
          .where(and(eq(sites.entityId, actor.entityId), siteFilter(sites.id, ids)))
          .orderBy(asc(sites.name));
        return { data, count: data.length };
      }),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/sites_and_areas/{entityId}',
    summary: 'The tree of sites and areas, with the kiosks and doors of each area',
    params: zEntityIdParam,
    response: listOf(zSiteTreeNode),
    handler: ({ actor, tenant }) =>
      tenant(async (tx) => {
        const data = await siteTree(tx, actor);
        return { data, count: data.length };
      }),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/sites/areas/{entityId}',
    summary: 'Each site with a flat list of its areas (no devices)',
    params: zEntityIdParam,
    response: listOf(zSiteTreeNode),
    handler: ({ actor, tenant }) =>
      tenant(async (tx) => {
        const data = await siteTree(tx, actor, { flat: true });
        return { data, count: data.length };
      }),
  });

  r.route({
    ...base,
    method: 'POST',
    url: '/api/site',
    summary: 'Add a site (location, radius, time zone, geofencing, fire alarm)',
    body: zSiteBody,
    response: zSiteSaved,
    status: 201,
    handler: async ({ actor, body, tenant, emit, audit, t }) => {
      const row = await tenant(async (tx) => {
        const [created] = await tx
          .insert(sites)
          .values({ entityId: actor.entityId, name: body.name, ...siteColumns(body) })
          .returning();
        await audit(tx, 'create', 'site', created.id, { name: created.name });
        return created;
      });
      emit('entity', actor.entityId, 'update', { type: 'site', action: 'created', name: row.name, created_by: `${actor.firstName} ${actor.lastName}`, created_by_id: actor.userId });
      return { message: t('sites.added'), data: presentSite(row) };
    },
  });

  r.route({
    ...base,
    method: 'PUT',
    url: '/api/site/{id}',
    summary: 'Edit a site',
    params: zIdParam,
    body: zSiteBody,
    response: zSiteSaved,
    handler: async ({ actor, body, params, tenant, emit, audit, t }) => {
      const row = await tenant(async (tx) => {
        await reachableSite(tx, actor, params.id);
        const [updated] = await tx
          .update(sites)
          .set({ ...siteColumns(body), updatedAt: sql`now()` })
          .where(and(eq(sites.id, params.id), eq(sites.entityId, actor.entityId)))
          .returning();
        await audit(tx, 'update', 'site', updated.id, { name: updated.name });
        return updated;
      });
      emit('entity', actor.entityId, 'update', { type: 'site', action: 'updated', id: row.id });
      return { message: t('sites.updated'), data: presentSite(row) };
    },
  });

  r.route({
    ...base,
    method: 'DELETE',
    url: '/api/site/{id}',
    summary: 'Remove a site; refused while a journey is assigned to its areas, people are signed in, or the caller lacks access (rule 234)',
    params: zIdParam,
    response: zMessage,
    handler: async ({ actor, params, tenant, emit, audit, t }) => {
      const site = await tenant(async (tx) => {
        const removed = await removeSite(tx, actor, params.id);
        await audit(tx, 'delete', 'site', removed.id, { name: removed.name });
        return removed;
      });
      emit('entity', actor.entityId, 'update', { type: 'site', action: 'deleted', id: site.id });
      return { message: t('sites.deleted') };
    },
  });
});
