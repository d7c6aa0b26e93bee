import { listOf, one, zEmail, zEntityIdParam, zId, zIdParam, zListQuery, zMassResult, zMessage, zPhone, zUserBody, zUserFull, zUserRow, zUsersActiveBody, zUserSaved, zUsersUserTypeBody } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { forbidden, found, notFound } from '../../platform/errors';
import { parseJsonField } from '../../platform/http/json-body';
import { readMultipart } from '../../platform/http/multipart';
import type { Router } from '../../platform/http/route';
import { parseBody } from '../../platform/http/validation';
import type { Services } from '../../platform/services';
import { listUsers } from './list-users';
import { moveUserType, setStatus } from './mass-actions';
import { checkUserPhoto, storeUserPhoto } from './photo';
import { accessOf, visibleTo } from './policy';
import { presentUserFull } from './present';
import { assertMay, protectedOf } from './protection';
import { saveUser } from './save-user';
import { roleNotice } from '../roles';

const tags = ['users'];
const perm = 'users' as const;

/** Loads one person of the actor's organisation that the actor may see; another's is 404, outside grants 403 (rule 100). */
export async function loadVisible(tx: Db, actor: MemberActor, id: number) {
  const row = found((await tx.select().from(users).where(and(eq(users.entityId, actor.entityId), eq(users.id, id))))[0]);
  const access = await accessOf(tx, actor);
  const vis = visibleTo(access);
  if (vis && !(await tx.select({ id: users.id }).from(users).where(and(eq(users.id, id), vis))).length) throw forbidden('people.out_of_access');
  return { row, access };
}

/**
 * A multipart user form may carry its body as JSON in one `data` field beside the photo, so lists (empty ones
 * too), nulls and resource names with spaces arrive as in a JSON request. Without `data` the fields are read as
 * they are; a `data` that is not a JSON object fails validation (400).
 */
export const withJsonData = <S extends z.ZodType>(schema: S) =>
  z.preprocess((raw) => {
    const data = (raw as { data?: unknown } | null)?.data;
    if (typeof data !== 'string') return raw;
    const parsed = parseJsonField(data);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null;
  }, schema);

/** The user form as multipart: the JSON body in one `data` field beside the `image` file (rule 174). */
const PHOTO_FORM = {
  files: { image: { maxBytes: 3 * 1024 * 1024, types: ['image/jpeg', 'image/png'] } },
  fields: z.object({ data: z.string().describe('The JSON body (the same fields as application/json), as text') }),
};

export function registerCore(r: Router, services: Services) {
  /** The user form as JSON, or multipart with an `image` file checked by decoding it (rule 174). */
  const readUserForm = async <S extends z.ZodType>(req: Parameters<typeof readMultipart>[0], schema: S, entityId: number) => {
    if (!req.isMultipart()) {
      const body = parseBody(schema, req.body ?? {});
      if ((body as { entity_id?: number }).entity_id !== undefined && (body as { entity_id?: number }).entity_id !== entityId) throw notFound();
      return { body, image: undefined as string | undefined };
    }
    const form = await readMultipart(req, { fields: withJsonData(schema), files: PHOTO_FORM.files });
    const file = form.files.image;
    if (file) await checkUserPhoto(file.data);
    const fields = form.fields as { entity_id?: number };
    if (fields.entity_id !== undefined && fields.entity_id !== entityId) throw notFound();
    return { body: form.fields, image: file ? await storeUserPhoto(services.storage, entityId, file.data) : undefined };
  };

  r.route({
    method: 'GET', url: '/api/users/{entityId}', summary: 'People: paged, sorted, filtered (status, user_type_id, label, site_id, department_id, role_id, search)', tags, permission: perm,
    params: zEntityIdParam, query: zListQuery, response: listOf(zUserRow),
    handler: ({ actor, query, tenant }) => tenant(async (tx) => listUsers(tx, actor.entityId, await accessOf(tx, actor), query)),
  });

  r.route({
    method: 'GET', url: '/api/user/{id}', summary: 'One person with roles, departments, labels, sections, resources, documents, last visit, duplicates', tags, permission: perm,
    params: zIdParam, response: one(zUserFull),
    handler: ({ actor, params, tenant }) => tenant(async (tx) => ({ data: await presentUserFull(tx, (await loadVisible(tx, actor, params.id)).row) })),
  });

  r.route({
    method: 'POST', url: '/api/users', summary: 'Create a person (JSON or multipart with an image); rules 169-174', tags, permission: perm, status: 201, multipart: PHOTO_FORM, bodyLimit: 4 * 1024 * 1024,
    body: zUserBody, response: zUserSaved,
    handler: async ({ actor, req, tenant, audit, t, emit }) => {
      const { body, image } = await readUserForm(req, zUserBody, actor.entityId);
      const data = await tenant(async (tx) => {
        const { row } = await saveUser(tx, actor, { ...body, image }, undefined);
        await audit(tx, 'create', 'user', row.id, { name: `${row.firstName} ${row.lastName}` });
        return presentUserFull(tx, row);
      });
      emit('entity', actor.entityId, 'update', { type: 'user', action: 'created', id: data.id });
      return { message: t('people.created'), data };
    },
  });

  r.route({
    method: 'POST', url: '/api/users/update/{id}', summary: 'Update a person (JSON or multipart with an image)', tags, permission: perm, multipart: PHOTO_FORM, bodyLimit: 4 * 1024 * 1024,
    params: zIdParam, body: zUserBody.partial(), response: zUserSaved,
    handler: async ({ actor, req, params, tenant, audit, emit, endMembership, t }) => {
      const { body, image } = await readUserForm(req, zUserBody.partial(), actor.entityId);
      const data = await tenant(async (tx) => {
        const { access, row: before } = await loadVisible(tx, actor, params.id);
        const { row, changes } = await saveUser(tx, actor, { ...body, ...(image ? { image } : {}) }, params.id, access);
        await audit(tx, 'update', 'user', row.id, { fields: Object.keys(body) });
        // A changed role or grants reach the person live (rules 66-68; the admin making it sees no notice), then
        // their sockets leave the organisation's rooms and join again only with what they still may (issue 16).
        if (row.accountId && (changes.includes('role') || changes.includes('grants'))) {
          const notice = await roleNotice(tx, actor.entityId, row.id, before.roleId, actor.userId);
          if (notice) emit('user', row.id, 'pongUpdateUserRole', notice);
          endMembership([row.id]);
        }
        return presentUserFull(tx, row);
      });
      return { message: t('people.updated'), data };
    },
  });

  const zWalkIn = z.object({ entity_id: zId.optional(), user_id: zId, first_name: zUserBody.shape.first_name.optional(), last_name: zUserBody.shape.last_name.optional(), email: zEmail.nullable().optional(), phone: zPhone.nullable().optional(), company_name: z.string().trim().max(100).nullable().optional() });
  r.route({
    method: 'POST', url: '/api/update-user-details', summary: "Update a walk-in person's details (names, e-mail, phone, company)", tags, permission: perm,
    body: zWalkIn, response: zUserSaved,
    handler: ({ actor, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        const { access } = await loadVisible(tx, actor, body.user_id);
        const { user_id, entity_id: _e, ...rest } = body;
        const { row } = await saveUser(tx, actor, rest, user_id, access);
        await audit(tx, 'update', 'user', row.id, { fields: Object.keys(rest), walk_in: true });
        return { message: t('people.updated'), data: await presentUserFull(tx, row) };
      }),
  });

  r.route({
    method: 'DELETE', url: '/api/users/{id}', summary: 'Delete a person (not oneself, the owner or the last administrator; a dashboard user only by an administrator; rule 100)', tags, permission: perm,
    params: zIdParam, query: z.object({ entity_id: zId.optional() }), response: zMessage,
    handler: ({ actor, params, tenant, audit, endMembership, t }) =>
      tenant(async (tx) => {
        const { row } = await loadVisible(tx, actor, params.id);
        assertMay(actor, row, 'delete', await protectedOf(tx, actor.entityId));
        endMembership([row.id]);
        await tx.delete(users).where(and(eq(users.entityId, actor.entityId), eq(users.id, row.id)));
        await audit(tx, 'delete', 'user', row.id, { name: `${row.firstName} ${row.lastName}`, email: row.email });
        return { message: t('people.deleted') };
      }),
  });

  r.route({
    method: 'PUT', url: '/api/users_active', summary: 'Archive or reactivate people; archiving signs them out (rule 173); others skipped (rule 100)', tags, permission: perm,
    body: zUsersActiveBody, response: zMassResult,
    handler: ({ actor, body, tenant, audit, endMembership, t }) =>
      tenant(async (tx) => {
        const res = await setStatus(tx, actor, body.users, body.status, t);
        if (body.status === 'archived') endMembership(res.done);
        await audit(tx, body.status === 'archived' ? 'archive' : 'reactivate', 'user', null, { users: res.done });
        return { message: t('people.status_updated'), data: res };
      }),
  });

  r.route({
    method: 'PUT', url: '/api/users_usertype', summary: 'Move people to another user type ("User Moved"); others skipped (rule 100)', tags, permission: perm,
    body: zUsersUserTypeBody, response: zMassResult,
    handler: ({ actor, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        const res = await moveUserType(tx, actor, body.users, body.user_type_id, t);
        await audit(tx, 'move', 'user', null, { users: res.done, user_type_id: body.user_type_id });
        return { message: t('people.moved'), data: res };
      }),
  });

  r.route({
    method: 'GET', url: '/api/files/people/{file}', summary: "A person's photo (members of the organisation only)", tags,
    params: z.object({ file: z.string().regex(/^\d+-[a-f0-9]{16}\.jpg$/) }), raw: true, produces: ['image/jpeg'],
    handler: async ({ actor, params, reply }) => {
      if (Number(params.file.split('-')[0]) !== actor.entityId) throw notFound();
      const data = await services.storage.get(`people/${params.file}`).catch(() => null);
      if (!data) throw notFound();
      reply.type('image/jpeg').header('cache-control', 'private, max-age=86400').send(data);
    },
  });

}
