import { zEntityIdParam, zMessage, zScimTokenSaved } from '@gatehouse/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { registerScimJsonBody } from '../../../platform/http/json-body';
import { defineRoutes } from '../../../platform/http/route';
import { forbidden } from '../../../platform/errors';
import { resourceTypes, schemas, serviceProviderConfig } from './discovery';
import { SCIM_TYPE } from './errors';
import { paging, parseFilter } from './filter';
import { getGroup, listGroups, patchGroup } from './groups';
import { scimRouter, registerScimErrors } from './http';
import { LIST_SCHEMA, listOf, zNoContent, zListQuery, zPatchOp, zScimGroup, zScimId, zScimUser, zScimUserIn } from './resource';
import { issueToken, revokeToken } from './token';
import { archivePerson, createPerson, findPerson, listPeople, patchPerson, replacePerson } from './users';
import { presentUser } from './resource';

const list = <T>(items: T[], total: number, start: number) => ({ schemas: [LIST_SCHEMA], totalResults: total, startIndex: start, itemsPerPage: items.length, Resources: items });
const zDoc = z.looseObject({ schemas: z.array(z.string()) });

/**
 * SCIM 2.0 (RFC 7643/7644, issue 19 part 6) under /scim/v2, so that Okta, Entra or any SCIM client pushes people to
 * us: Users are our people (id: our person id; externalId kept per organisation), Groups our user types. Bodies are
 * application/scim+json (or application/json); every answer and error is SCIM-shaped.
 */
export const scimEndpoint: FastifyPluginAsync = async (root) => {
  const services = root.services;
  const base = `${services.config.publicUrl}/scim/v2`;
  await root.register(
    async (app) => {
      registerScimJsonBody(app);
      registerScimErrors(app);
      app.addHook('onRequest', async (_req, reply) => {
        reply.type(SCIM_TYPE);
      });
      const route = scimRouter(app, services, base);

      route({ method: 'GET', url: '/ServiceProviderConfig', summary: 'SCIM: what this service provider supports', access: 'public', response: zDoc, handler: async () => serviceProviderConfig(base) });
      route({ method: 'GET', url: '/ResourceTypes', summary: 'SCIM: the resource types (User, Group)', access: 'public', response: zDoc, handler: async () => resourceTypes(base) });
      route({ method: 'GET', url: '/Schemas', summary: 'SCIM: the User and Group schemas', access: 'public', response: zDoc, handler: async () => schemas(base) });

      route({
        method: 'GET',
        url: '/Users',
        summary: 'SCIM: list people (filter userName, externalId, id or emails eq; startIndex and count paging)',
        query: zListQuery,
        response: listOf(zScimUser),
        handler: async ({ tx, scope, query }) => {
          const filter = parseFilter(query.filter, ['username', 'externalid', 'id', 'emails', 'emails.value']);
          const { start, size, offset } = paging(query.startIndex, query.count);
          const { total, people } = await listPeople(tx, scope, filter, offset, size);
          return list(people.map((p) => presentUser(p, base)), total, start);
        },
      });
      route({ method: 'GET', url: '/Users/{id}', summary: 'SCIM: one person', params: zScimId, response: zScimUser, handler: async ({ tx, scope, params }) => presentUser(await findPerson(tx, scope, params.id), base) });
      route({
        method: 'POST',
        url: '/Users',
        summary: 'SCIM: create a person',
        body: zScimUserIn,
        response: zScimUser,
        status: 201,
        handler: async ({ tx, scope, body, reply }) => {
          const user = await createPerson(tx, scope, body);
          reply.header('location', user.meta.location);
          return user;
        },
      });
      route({ method: 'PUT', url: '/Users/{id}', summary: 'SCIM: replace a person', params: zScimId, body: zScimUserIn, response: zScimUser, handler: async ({ tx, scope, params, body }) => replacePerson(tx, scope, params.id, body) });
      route({
        method: 'PATCH',
        url: '/Users/{id}',
        summary: 'SCIM: change a person (PatchOp add, replace, remove; active false archives)',
        params: zScimId,
        body: zPatchOp,
        response: zScimUser,
        handler: async ({ tx, scope, params, body }) => patchPerson(tx, scope, params.id, body.Operations),
      });
      route({
        method: 'DELETE',
        url: '/Users/{id}',
        summary: 'SCIM: remove a person (archived, never deleted: their history stays)',
        params: zScimId,
        response: zNoContent,
        status: 204,
        handler: async ({ tx, scope, params }) => {
          await archivePerson(tx, scope, params.id);
          return null;
        },
      });

      route({
        method: 'GET',
        url: '/Groups',
        summary: 'SCIM: list user types as groups (filter displayName or id eq)',
        query: zListQuery,
        response: listOf(zScimGroup),
        handler: async ({ tx, scope, query }) => {
          const filter = parseFilter(query.filter, ['displayname', 'id']);
          const { start, size, offset } = paging(query.startIndex, query.count);
          const withMembers = !/\bmembers\b/i.test(query.excludedAttributes ?? '');
          const { total, groups } = await listGroups(tx, scope, filter, offset, size, withMembers);
          return list(groups, total, start);
        },
      });
      route({
        method: 'GET',
        url: '/Groups/{id}',
        summary: 'SCIM: one user type as a group, with its members (unless excludedAttributes=members)',
        params: zScimId,
        query: zListQuery,
        response: zScimGroup,
        handler: async ({ tx, scope, params, query }) => getGroup(tx, scope, params.id, !/\bmembers\b/i.test(query.excludedAttributes ?? '')),
      });
      route({
        method: 'PATCH',
        url: '/Groups/{id}',
        summary: 'SCIM: change a group’s members (moves people to or out of the user type) or its name',
        params: zScimId,
        body: zPatchOp,
        response: zScimGroup,
        handler: async ({ tx, scope, params, body }) => patchGroup(tx, scope, params.id, body.Operations),
      });
    },
    { prefix: '/scim/v2' },
  );
};

/** The console side: an administrator creates (or rotates) and revokes the organisation's SCIM token. */
export const scimTokenRoutes = defineRoutes((r, services) => {
  const adminOnly = (roleKey: string | null, isSupport: boolean) => {
    if (roleKey !== 'admin' && !isSupport) throw forbidden();
  };
  r.route({
    method: 'POST',
    url: '/api/integration/scim-token/{entityId}',
    summary: 'Create or rotate the SCIM provisioning token (shown once; the earlier one stops working)',
    permission: 'integration',
    tags: ['integrations'],
    params: zEntityIdParam,
    response: zScimTokenSaved,
    handler: async ({ tenant, actor, audit, t }) => {
      adminOnly(actor.roleKey, actor.isSupport);
      const token = await tenant(async (tx) => {
        const issued = await issueToken(tx, services.config.secretKey, actor.entityId, actor.userId);
        await audit(tx, 'generate', 'scim_token', actor.entityId);
        return issued;
      });
      return { message: t('integrations.scim_token_created'), data: { token, url: `${services.config.publicUrl}/scim/v2` } };
    },
  });
  r.route({
    method: 'DELETE',
    url: '/api/integration/scim-token/{entityId}',
    summary: 'Revoke the SCIM provisioning token',
    permission: 'integration',
    tags: ['integrations'],
    params: zEntityIdParam,
    response: zMessage,
    handler: async ({ tenant, actor, audit, t }) => {
      adminOnly(actor.roleKey, actor.isSupport);
      await tenant(async (tx) => {
        await revokeToken(tx, services.config.secretKey, actor.entityId);
        await audit(tx, 'delete', 'scim_token', actor.entityId);
      });
      return { message: t('integrations.scim_token_revoked') };
    },
  });
});
