import { flag, listOf, one, zEntityIdParam, zId, zLabelName, zLabels, zLabelSaved, zListQuery, zNamed, zRfidEnrolment, zRoleChoices, zSignedInVisits, zUserResourceRows, zUserResources, zUserResourcesSaved, zUserRow, zUsersGridData } from '@gatehouse/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { departments, labels, roles, sites, userTypes, users, visits } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { conflict } from '../../platform/errors';
import type { Router } from '../../platform/http/route';
import { listUserTypes } from '../user-types';
import { likeText, listUsers } from './list-users';
import { accessOf, visibleTo } from './policy';
import { presentUserRow } from './present';
import { loadVisible } from './routes-core';

const tags = ['users'];
const perm = 'users' as const;
const zIds = z.union([z.string().max(5000), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : v.split(',')).filter(Boolean).map(Number)).pipe(z.array(z.number().int().positive()).max(1000));

export function registerLookups(r: Router) {
  r.route({
    method: 'GET', url: '/api/roles/{entityId}', summary: "The organisation's roles", tags, permission: perm,
    params: zEntityIdParam, response: zRoleChoices,
    handler: ({ actor, tenant }) =>
      tenant(async (tx) => {
        const data = await tx.select({ id: roles.id, name: roles.name, key: roles.key }).from(roles).where(eq(roles.entityId, actor.entityId)).orderBy(roles.id);
        return { data, count: data.length };
      }),
  });

  r.route({
    method: 'GET', url: '/api/department/{entityId}', summary: "The organisation's departments", tags, permission: perm,
    params: zEntityIdParam, response: listOf(zNamed),
    handler: ({ actor, tenant }) =>
      tenant(async (tx) => {
        const data = await tx.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.entityId, actor.entityId)).orderBy(departments.name);
        return { data, count: data.length };
      }),
  });

  r.route({
    method: 'GET', url: '/api/labels/{entityId}', summary: "The organisation's labels with how many people carry each", tags, permission: perm,
    params: zEntityIdParam, response: zLabels,
    handler: ({ actor, tenant }) =>
      tenant(async (tx) => {
        const data = await tx
          .select({ id: labels.id, name: labels.name, users_count: sql<number>`(select count(*)::int from user_labels ul where ul.label_id = ${labels.id})` })
          .from(labels)
          .where(eq(labels.entityId, actor.entityId))
          .orderBy(labels.name);
        return { data: data.map((d) => ({ ...d, users_count: Number(d.users_count) })), count: data.length };
      }),
  });

  r.route({
    method: 'POST', url: '/api/label', summary: 'Create a label (at most 30 characters, unique)', tags, permission: perm, status: 201,
    body: z.object({ entity_id: zId.optional(), name: zLabelName }), response: zLabelSaved,
    handler: ({ actor, body, tenant, t }) =>
      tenant(async (tx) => {
        const [row] = await tx.insert(labels).values({ entityId: actor.entityId, name: body.name }).onConflictDoNothing().returning({ id: labels.id, name: labels.name });
        if (!row) throw conflict('unique.taken', { name: ['unique.taken'] });
        return { message: t('people.label_saved'), data: row };
      }),
  });

  const search = async (tx: Db, actor: MemberActor, text: string, limit: number) => {
    const like = likeText(text);
    const rows = await tx
      .select({ u: users, typeName: userTypes.name })
      .from(users)
      .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
      .where(and(eq(users.entityId, actor.entityId), eq(users.status, 'active'), visibleTo(await accessOf(tx, actor)), sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${like} or lower(${users.email}) like ${like} or ${users.phone} like ${like})`))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
      .limit(limit);
    return rows.map((x) => presentUserRow(x.u, x.typeName));
  };

  r.route({
    method: 'GET', url: '/api/search_user_in_entity/{entityId}', summary: 'Find people by name, e-mail or phone (at most 20)', tags, permission: perm,
    params: zEntityIdParam, query: z.object({ search: z.string().trim().min(1).max(100) }), response: listOf(zUserRow),
    handler: ({ actor, query, tenant }) => tenant(async (tx) => { const data = await search(tx, actor, query.search, 20); return { data, count: data.length }; }),
  });

  r.route({
    method: 'POST', url: '/api/users/search/{entityId}', summary: 'Find people for the expected-visit form (search text, or an exact e-mail / phone)', tags, permission: perm,
    params: zEntityIdParam, body: z.object({ entity_id: zId.optional(), search: z.string().trim().max(100).optional(), email: z.string().trim().max(254).optional(), phone: z.string().trim().max(20).optional() }),
    response: listOf(zUserRow),
    handler: ({ actor, body, tenant }) =>
      tenant(async (tx) => {
        if (body.email || body.phone) {
          const rows = await tx.select({ u: users, typeName: userTypes.name }).from(users).leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
            .where(and(eq(users.entityId, actor.entityId), visibleTo(await accessOf(tx, actor)), body.email ? sql`lower(${users.email}) = ${body.email.toLowerCase()}` : eq(users.phone, body.phone!))).limit(5);
          return { data: rows.map((x) => presentUserRow(x.u, x.typeName)), count: rows.length };
        }
        const data = body.search ? await search(tx, actor, body.search, 20) : [];
        return { data, count: data.length };
      }),
  });

  r.route({
    method: 'GET', url: '/api/data_users_grid/{entityId}', summary: 'Everything the users grid filters need: user types, labels, departments, roles, sites, counts', tags, permission: perm,
    params: zEntityIdParam,
    response: one(zUsersGridData),
    handler: ({ actor, tenant }) =>
      tenant(async (tx) => {
        const access = await accessOf(tx, actor);
        const e = actor.entityId;
        const types = (await listUserTypes(tx, actor)).data.map((x) => ({ id: x.id, name: x.name }));
        const siteRows = await tx.select({ id: sites.id, name: sites.name }).from(sites).where(and(eq(sites.entityId, e), access.grants.siteCondition(sites.id))).orderBy(sites.name);
        const count = async (status: 'active' | 'archived') => Number((await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(and(eq(users.entityId, e), eq(users.status, status), visibleTo(access))))[0].n);
        return {
          data: {
            user_types: types,
            labels: await tx.select({ id: labels.id, name: labels.name }).from(labels).where(eq(labels.entityId, e)).orderBy(labels.name),
            departments: await tx.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.entityId, e)).orderBy(departments.name),
            roles: await tx.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.entityId, e)).orderBy(roles.id),
            sites: siteRows,
            counts: { active: await count('active'), archived: await count('archived') },
            columns: ['full_name', 'email', 'phone', 'id_number', 'company_name', 'user_type', 'labels', 'department', 'status', 'has_passport', 'created_at'],
          },
        };
      }),
  });

  r.route({
    method: 'GET', url: '/api/last-visits/signedin', summary: 'People signed in now with their open visit (optionally some user_ids)', tags, permission: perm,
    query: zListQuery.extend({ user_ids: zIds.optional() }),
    response: zSignedInVisits,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const where = and(eq(visits.entityId, actor.entityId), eq(visits.status, 'signed_in'), visibleTo(await accessOf(tx, actor)), query.user_ids ? inArray(visits.userId, query.user_ids.length ? query.user_ids : [0]) : undefined);
        const rows = await tx
          .select({ user_id: users.id, first: users.firstName, last: users.lastName, visit_id: visits.id, area_id: visits.areaId, site_id: visits.siteId, at: visits.signedInAt })
          .from(visits).innerJoin(users, eq(users.id, visits.userId)).where(where).orderBy(desc(visits.signedInAt), desc(visits.id)).limit(query.limit).offset((query.page - 1) * query.limit);
        const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(visits).innerJoin(users, eq(users.id, visits.userId)).where(where);
        return { data: rows.map((x) => ({ user_id: x.user_id, full_name: `${x.first} ${x.last}`, visit_id: x.visit_id, area_id: x.area_id, site_id: x.site_id, signed_in_at: x.at?.toISOString() ?? null })), count: Number(n) };
      }),
  });

  r.route({
    method: 'GET', url: '/api/get_users_have_rfid_enrollment', summary: 'Which of the given people have an RFID value enrolled', tags, permission: perm,
    query: z.object({ entityId: zId.optional(), userIds: zIds }), response: zRfidEnrolment,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const rows = query.userIds.length ? await tx.select({ id: users.id, rfid: users.rfid }).from(users).where(and(eq(users.entityId, actor.entityId), inArray(users.id, query.userIds), visibleTo(await accessOf(tx, actor)))) : [];
        return { data: rows.map((x) => ({ id: x.id, has_rfid: flag(!!x.rfid) })), count: rows.length };
      }),
  });

  const zResources = z.record(z.string().trim().min(1).max(50), z.string().trim().max(200)).refine((o) => Object.keys(o).length <= 50);
  r.route({
    method: 'GET', url: '/api/user_resources', summary: "One person's resources (user_id), or every resource name in use with how many hold it", tags, permission: perm,
    query: z.object({ user_id: zId.optional() }), response: zUserResources,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        if (query.user_id) {
          const { row } = await loadVisible(tx, actor, query.user_id);
          return { data: { user_id: row.id, resources: row.resources, names: Object.keys(row.resources).map((name) => ({ name, count: 1 })) } };
        }
        const rows = (await tx.execute(sql`select k as name, count(*)::int as count from users, jsonb_object_keys(resources) k where entity_id = ${actor.entityId} group by k order by k`)) as unknown as { rows: { name: string; count: number }[] };
        return { data: { user_id: null, resources: {}, names: rows.rows.map((x) => ({ name: x.name, count: Number(x.count) })) } };
      }),
  });

  r.route({
    method: 'GET', url: '/api/user_resources_within_permissions', summary: "People the caller may act on (rule 96) with their resources, paged", tags, permission: perm,
    query: zListQuery, response: zUserResourceRows,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const access = await accessOf(tx, actor);
        const page = await listUsers(tx, actor.entityId, access, query);
        const ids = page.data.map((u) => u.id);
        const res = ids.length ? await tx.select({ id: users.id, resources: users.resources }).from(users).where(and(eq(users.entityId, actor.entityId), inArray(users.id, ids))) : [];
        const byId = new Map(res.map((x) => [x.id, x.resources]));
        return { data: page.data.map((u) => ({ ...u, resources: byId.get(u.id) ?? {} })), count: page.count };
      }),
  });

  r.route({
    method: 'PUT', url: '/api/user_resource', summary: "Replace a person's resources", tags, permission: perm,
    body: z.object({ entity_id: zId.optional(), user_id: zId, resources: zResources }), response: zUserResourcesSaved,
    handler: ({ actor, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        const { row } = await loadVisible(tx, actor, body.user_id);
        await tx.update(users).set({ resources: body.resources, updatedAt: sql`now()` }).where(and(eq(users.entityId, actor.entityId), eq(users.id, row.id)));
        await audit(tx, 'update', 'user_resources', row.id, body.resources);
        return { message: t('people.resource_saved'), data: body.resources };
      }),
  });

}
