import { flag, listOf, one, REGISTRATION_METHODS, zEntityIdParam, zId, zIdParam, zLinkQr, zListQuery, zMessage, zUniqueCheck, zUserType, zUserTypeBody, zUserTypeCount, zUserTypeJourney, zUserTypeMoveBody, zUserTypeSwitch } from '@gatehouse/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { z } from 'zod';
import { journeyFlows, userTypes, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { badRequest, conflict, forbidden, found } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { listUserTypes } from './list-user-types';
import { canUseType, grantedUserTypeIds } from './policy';
import { presentUserType, toTree } from './present';
import { checkParent, descendantsOf, nameTaken, saveUserType } from './save-user-type';

const PRE_REGISTRATION = ['allowed', 'approval_required', 'pre_registered_only'] as const;
const perm = 'user types' as const;
const tags = ['user-types'];
const zSiteIds = z.object({ site_ids: z.union([z.string().max(2000), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : v.split(',')).filter(Boolean).map(Number)).pipe(z.array(z.number().int().positive()).max(500)) });

export default defineRoutes((r, services) => {
  const cfg = services.config;

  const loadOwn = async (tx: Db, entityId: number, id: number) =>
    found((await tx.select().from(userTypes).where(and(eq(userTypes.entityId, entityId), eq(userTypes.id, id))))[0]);

  r.route({
    method: 'GET', url: '/api/user-types/{entityId}', summary: 'User types the caller may see, with people counts (paged)', tags, permission: [perm, 'users'],
    params: zEntityIdParam, query: zListQuery.extend({ journey_id: zId.optional(), site_id: zId.optional() }), response: listOf(zUserType),
    handler: ({ actor, query, tenant }) =>
      tenant((tx) => listUserTypes(tx, actor, { search: typeof query.filterBy.search === 'string' ? query.filterBy.search : undefined, journeyId: query.journey_id, siteIds: query.site_id ? [query.site_id] : undefined }, query)),
  });

  r.route({
    method: 'GET', url: '/api/user-types/list/{entityId}', summary: 'User types as a paged list for the grid', tags, permission: [perm, 'users'],
    params: zEntityIdParam, query: zListQuery, response: listOf(zUserType),
    handler: ({ actor, query, tenant }) => tenant((tx) => listUserTypes(tx, actor, { search: typeof query.filterBy.search === 'string' ? query.filterBy.search : undefined }, query)),
  });

  for (const url of ['/api/user_types/{entityId}', '/api/user_types_by_entity/{entityId}']) {
    r.route({
      method: 'GET', url, summary: 'Every user type the caller may see (rule 96), unpaged', tags,
      params: zEntityIdParam, response: listOf(zUserType),
      handler: ({ actor, tenant }) => tenant((tx) => listUserTypes(tx, actor)),
    });
  }

  r.route({
    method: 'GET', url: '/api/user_type_parent/{entityId}', summary: 'Top-level user types', tags,
    params: zEntityIdParam, response: listOf(zUserType),
    handler: ({ actor, tenant }) => tenant((tx) => listUserTypes(tx, actor, { parentId: null })),
  });

  r.route({
    method: 'GET', url: '/api/user_type_parent/{entityId}/{parentId}', summary: 'The children of one user type', tags,
    params: zEntityIdParam.extend({ parentId: zId }), response: listOf(zUserType),
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        await loadOwn(tx, actor.entityId, params.parentId);
        return listUserTypes(tx, actor, { parentId: params.parentId });
      }),
  });

  r.route({
    method: 'GET', url: '/api/user_type_parent_with_children/{entityId}', summary: 'The user-type tree', tags,
    params: zEntityIdParam, response: listOf(zUserType),
    handler: async ({ actor, tenant }) => {
      const { data } = await tenant((tx) => listUserTypes(tx, actor));
      const tree = toTree(data);
      return { data: tree, count: tree.length };
    },
  });

  r.route({
    method: 'GET', url: '/api/user_types_by_pre_registation_method/{entityId}', summary: 'User types people can pre-register as (rule 156), or of one method', tags,
    params: zEntityIdParam, query: z.object({ registration_method: z.enum(REGISTRATION_METHODS).optional() }), response: listOf(zUserType),
    handler: ({ actor, query, tenant }) => tenant((tx) => listUserTypes(tx, actor, { methods: query.registration_method ? [query.registration_method] : PRE_REGISTRATION })),
  });

  r.route({
    method: 'GET', url: '/api/user-types/pre-registered-and-permitted-sites/{entityId}', summary: 'Pre-registration user types the caller may use, optionally on some sites', tags,
    params: zEntityIdParam, query: zSiteIds.partial(), response: listOf(zUserType),
    handler: ({ actor, query, tenant }) => tenant((tx) => listUserTypes(tx, actor, { methods: [...PRE_REGISTRATION, 'by_admin'], siteIds: query.site_ids })),
  });

  r.route({
    method: 'GET', url: '/api/user-types/sites/flows', summary: 'User types that have a journey flow on the given sites', tags,
    query: zSiteIds, response: listOf(zUserType),
    handler: ({ actor, query, tenant }) => tenant((tx) => listUserTypes(tx, actor, { siteIds: query.site_ids })),
  });

  r.route({
    method: 'GET', url: '/api/user-types/area/{id}', summary: "User types with a flow in an area's journey", tags,
    params: zIdParam, response: listOf(zUserType),
    handler: ({ actor, params, tenant }) => tenant((tx) => listUserTypes(tx, actor, { areaId: params.id })),
  });

  r.route({
    method: 'GET', url: '/api/user-type-journey/{a}/{b}', summary: 'The flow of journey {a} for user type {b} (null when the journey has none)', tags,
    params: z.object({ a: zId, b: zId }), response: zUserTypeJourney,
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        const type = await loadOwn(tx, actor.entityId, params.b);
        const [flow] = await tx.select({ id: journeyFlows.id }).from(journeyFlows).where(and(eq(journeyFlows.entityId, actor.entityId), eq(journeyFlows.journeyId, params.a), eq(journeyFlows.userTypeId, params.b))).limit(1);
        return { data: { journey_id: params.a, user_type_id: params.b, journey_flow_id: flow?.id ?? null, user_type: presentUserType(type) } };
      }),
  });

  r.route({
    method: 'GET', url: '/api/usertypes/unique', summary: 'Is a user-type name free (rule 189)?', tags, permission: perm,
    query: z.object({ entity_id: zId.optional(), name: z.string().trim().min(1).max(100), id: zId.optional() }),
    response: zUniqueCheck,
    handler: async ({ actor, query, tenant, t }) => {
      const taken = await tenant((tx) => nameTaken(tx, actor.entityId, query.name, query.id));
      return { message: t(taken ? 'user_types.name_exists' : 'user_types.available'), data: { unique: flag(!taken) } };
    },
  });

  r.route({
    method: 'GET', url: '/api/user-type/{id}', summary: 'One user type', tags, permission: [perm, 'users'],
    params: zIdParam, response: one(zUserType),
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        const row = await loadOwn(tx, actor.entityId, params.id);
        if (!canUseType(await grantedUserTypeIds(tx, actor), row.id)) throw forbidden('user_types.no_access');
        return { data: presentUserType(row) };
      }),
  });

  r.route({
    method: 'GET', url: '/api/user-types/count/{id}', summary: 'How many active people have this user type (and its descendants)', tags, permission: [perm, 'users'],
    params: zIdParam, response: zUserTypeCount,
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        const row = await loadOwn(tx, actor.entityId, params.id);
        if (!canUseType(await grantedUserTypeIds(tx, actor), row.id)) throw forbidden('user_types.no_access');
        const ids = await descendantsOf(tx, actor.entityId, params.id);
        const n = (w: ReturnType<typeof and>) => tx.select({ n: sql<number>`count(*)::int` }).from(users).where(w).then((x) => Number(x[0].n));
        const base = and(eq(users.entityId, actor.entityId), eq(users.status, 'active'));
        return { data: { id: params.id, count: await n(and(base, eq(users.userTypeId, params.id))), with_children: await n(and(base, inArray(users.userTypeId, ids))) } };
      }),
  });

  r.route({
    method: 'GET', url: '/api/check-change-userType-registration-allowed/{id}', summary: 'May people of this type switch their own type (rule 193)?', tags,
    params: zIdParam, query: z.object({ to: zId.optional() }), response: zUserTypeSwitch,
    handler: ({ actor, params, query, tenant }) =>
      tenant(async (tx) => {
        const from = await loadOwn(tx, actor.entityId, params.id);
        let can = from.allowSwitch;
        // Staff registered as a staff type may not switch to a visitor (non-staff) type.
        if (can && query.to) can = !(from.isStaff && !(await loadOwn(tx, actor.entityId, query.to)).isStaff);
        return { data: { user_type_id: from.id, can_change_user_type: can ? 1 : 0 } };
      }),
  });

  r.route({
    method: 'GET', url: '/api/user-type-qr/{id}', summary: "The user type's pre-registration QR code (PNG data URL)", tags, permission: [perm, 'users'],
    params: zIdParam, response: zLinkQr,
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        const row = await loadOwn(tx, actor.entityId, params.id);
        const url = `${cfg.publicUrl}/pre-registration/${actor.entityId}?user_type_id=${row.id}${row.qrToken ? `&code=${row.qrToken}` : ''}`;
        return { data: { id: row.id, url, qrcode: await QRCode.toDataURL(url, { margin: 1, width: 320 }) } };
      }),
  });

  r.route({
    method: 'POST', url: '/api/user-type', summary: 'Create a user type (rules 189-194)', tags, permission: perm, status: 201,
    body: zUserTypeBody, response: one(zUserType),
    handler: async ({ actor, body, tenant, audit, emit }) => {
      const row = await tenant(async (tx) => {
        const saved = await saveUserType(tx, actor.entityId, body);
        await audit(tx, 'create', 'user_type', saved.id, { name: saved.name });
        return saved;
      });
      emit('entity', actor.entityId, 'update', { type: 'user_type', action: 'created', name: row.name, created_by: `${actor.firstName} ${actor.lastName}`, created_by_id: actor.userId });
      return { data: presentUserType(row) };
    },
  });

  r.route({
    method: 'PUT', url: '/api/user-type/update/{id}', summary: 'Update a user type', tags, permission: perm,
    params: zIdParam, body: zUserTypeBody, response: one(zUserType),
    handler: ({ actor, params, body, tenant, audit }) =>
      tenant(async (tx) => {
        await loadOwn(tx, actor.entityId, params.id);
        if (!canUseType(await grantedUserTypeIds(tx, actor), params.id)) throw forbidden('user_types.no_access');
        const row = await saveUserType(tx, actor.entityId, body, params.id);
        await audit(tx, 'update', 'user_type', row.id, { name: row.name });
        return { data: presentUserType(row) };
      }),
  });

  r.route({
    method: 'PUT', url: '/api/user-types/move', summary: 'Move a user type under another parent (no cycles)', tags, permission: perm,
    body: zUserTypeMoveBody, response: one(zUserType),
    handler: ({ actor, body, tenant, audit }) =>
      tenant(async (tx) => {
        await loadOwn(tx, actor.entityId, body.id);
        await checkParent(tx, actor.entityId, body.id, body.parent_id);
        const [row] = await tx
          .update(userTypes)
          .set({ parentId: body.parent_id, ...(body.sort_order !== undefined ? { sortOrder: body.sort_order } : {}), updatedAt: sql`now()` })
          .where(and(eq(userTypes.entityId, actor.entityId), eq(userTypes.id, body.id)))
          .returning();
        await audit(tx, 'move', 'user_type', row.id, { parent_id: body.parent_id });
        return { data: presentUserType(row) };
      }),
  });

  r.route({
    method: 'DELETE', url: '/api/user-types/{id}', summary: 'Delete a user type nobody has (rule 103: only with access to it)', tags, permission: perm,
    params: zIdParam, response: zMessage,
    handler: ({ actor, params, tenant, audit, t }) =>
      tenant(async (tx) => {
        const row = await loadOwn(tx, actor.entityId, params.id);
        if (!canUseType(await grantedUserTypeIds(tx, actor), row.id)) throw forbidden('user_types.no_access');
        const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(and(eq(users.entityId, actor.entityId), eq(users.userTypeId, row.id)));
        if (Number(n) > 0) throw conflict('user_types.in_use');
        const [{ c }] = await tx.select({ c: sql<number>`count(*)::int` }).from(userTypes).where(and(eq(userTypes.entityId, actor.entityId), eq(userTypes.parentId, row.id)));
        if (Number(c) > 0) throw badRequest({ id: ['user_types.has_children'] }, 'user_types.has_children');
        await tx.delete(userTypes).where(and(eq(userTypes.entityId, actor.entityId), eq(userTypes.id, row.id)));
        await audit(tx, 'delete', 'user_type', row.id, { name: row.name });
        return { message: t('user_types.deleted') };
      }),
  });
});
