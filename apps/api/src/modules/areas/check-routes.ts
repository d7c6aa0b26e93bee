import { AREA_CHECK_ACTIONS, AREA_LOGIN_MODES, flag, listOf, one, zArea, zAreaCheckAnswer, zAreaLoginModes, zAreaSignOutCheck, zBool, zId, zIdParam, zSignedInCount, zSignedInCountChecked } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { areas, users, visits } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { reachableSite } from '../sites';
import { listAreas } from './list-areas';
import { reachableArea } from './save-area';
import { countSignedIn } from '../visits';
import { subtreeIds } from './tree';

/** The checks the console makes before a mode change, a move or a removal (rules 232-235). */
const base = { tags: ['areas'], permission: 'sites_devices' as const, standalone: true };

export default defineRoutes((r) => {
  r.route({
    ...base,
    method: 'GET',
    url: '/api/check_areas_mode_by_site/{id}',
    summary: 'Each area of a site with its login mode, input options and the number of people signed in',
    params: zIdParam,
    response: zAreaLoginModes,
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        await reachableSite(tx, actor, params.id);
        const rows = await tx.select().from(areas).where(and(eq(areas.entityId, actor.entityId), eq(areas.siteId, params.id)));
        const data = [];
        for (const a of rows) {
          const c = await countSignedIn(tx, actor.entityId, { areaIds: [a.id] });
          data.push({ area_id: a.id, name: a.name, login_mode: a.loginMode, remote_access: c.remote, geofence: c.geofence, signed_in: c.total });
        }
        return { data, count: data.length };
      }),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/check_areas_mode_by_area/{id}/{action}',
    summary: 'Whether an action on an area (login_mode, remote_access, geofence, delete, move) can apply now and whom it signs out',
    params: z.object({ id: zId, action: z.enum(AREA_CHECK_ACTIONS) }),
    response: zAreaCheckAnswer,
    handler: ({ actor, params, tenant, t }) =>
      tenant(async (tx) => {
        const area = await reachableArea(tx, actor, params.id);
        const ids = params.action === 'delete' ? await subtreeIds(tx, actor.entityId, area) : [area.id];
        const c = await countSignedIn(tx, actor.entityId, { areaIds: ids });
        let allowed = true;
        let willSignOut = 0;
        let message: string | null = null;
        if (params.action === 'login_mode') willSignOut = c.total;
        if (params.action === 'remote_access' && c.remote > 0) [allowed, message] = [false, t('areas.option_in_use')];
        if (params.action === 'geofence' && c.geofence > 0) [allowed, message] = [false, t('areas.option_in_use')];
        if (params.action === 'delete' && c.total > 0) [allowed, message] = [false, t('areas.people_signed_in', { count: c.total })];
        return { data: { area_id: area.id, action: params.action, allowed: flag(allowed), signed_in: c.total, will_sign_out: willSignOut, message } };
      }),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/check_should_SignedOut_in_area',
    summary: 'The people a login mode change of an area would sign out (rules 154, 232)',
    query: z.object({ area_id: zId, login_mode: z.enum(AREA_LOGIN_MODES) }),
    response: zAreaSignOutCheck,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const area = await reachableArea(tx, actor, query.area_id);
        const closes = query.login_mode !== area.loginMode && query.login_mode !== 'sign_in_out';
        const people = closes
          ? await tx
              .select({ id: users.id, first_name: users.firstName, last_name: users.lastName })
              .from(visits)
              .innerJoin(users, eq(users.id, visits.userId))
              .where(and(eq(visits.entityId, actor.entityId), eq(visits.areaId, area.id), eq(visits.status, 'signed_in')))
          : [];
        return { data: { should_sign_out: flag(people.length > 0), count: people.length, users: people } };
      }),
  });

  r.route({
    ...base,
    method: 'POST',
    url: '/api/validate-sign-out',
    summary: 'Whether the remote-access or geofence option of an area may be removed now (rule 235)',
    body: z.object({ area_id: zId, remote_access: zBool.optional(), geofence: zBool.optional() }),
    response: zSignedInCountChecked,
    handler: ({ actor, body, tenant, t }) =>
      tenant(async (tx) => {
        const area = await reachableArea(tx, actor, body.area_id);
        const c = await countSignedIn(tx, actor.entityId, { areaIds: [area.id] });
        const errors: Record<string, string[]> = {};
        if (body.remote_access === false && area.remoteAccess && c.remote > 0) errors.remote_access = ['areas.option_in_use'];
        if (body.geofence === false && area.geofence && c.geofence > 0) errors.geofence = ['areas.option_in_use'];
        if (Object.keys(errors).length) throw new AppError(409, 'areas.option_in_use', { errors });
        return { message: t('areas.sign_out_valid'), data: { area_id: area.id, signed_in: c.total, remote_access: c.remote, geofence: c.geofence } };
      }),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/get_count_users_singned_in/{id}',
    summary: 'People signed in to an area and its sub-areas, in total and through remote access and geofence',
    params: zIdParam,
    response: one(zSignedInCount),
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        const area = await reachableArea(tx, actor, params.id);
        const c = await countSignedIn(tx, actor.entityId, { areaIds: await subtreeIds(tx, actor.entityId, area) });
        return { data: { area_id: area.id, signed_in: c.total, remote_access: c.remote, geofence: c.geofence } };
      }),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/areas_by_site_with_out_signed_mode/{siteId}/{areaId}',
    summary: 'Areas of a site without a sign-in mode (login mode off), other than the area and its sub-areas',
    params: z.object({ siteId: zId, areaId: zId }),
    response: listOf(zArea),
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        await reachableSite(tx, actor, params.siteId);
        const area = await reachableArea(tx, actor, params.areaId);
        const excluded = new Set(await subtreeIds(tx, actor.entityId, area));
        const rows = await tx
          .select({ id: areas.id })
          .from(areas)
          .where(and(eq(areas.entityId, actor.entityId), eq(areas.siteId, params.siteId), eq(areas.loginMode, 'off')));
        const ids = rows.map((x) => x.id).filter((id) => !excluded.has(id));
        return listAreas(tx, actor, { ids });
      }),
  });
});
