import { one, RESERVED_SUBDOMAINS, zCheckUniqueFieldBody, zClientTokenSaved, zEntity, zEntityBySubdomain, zEntityCreateBody, zEntityUpdateBody, zMemberships, zMessage, zSubdomain, zSubdomainCheck, zUniqueCheck } from '@gatehouse/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { entities, roles, users } from '../../db/schema/index';
import { switchSessionEntity } from '../../platform/auth/sessions';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { asSystem } from '../../platform/db/tenant';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { readMultipart } from '../../platform/http/multipart';
import { parseBody } from '../../platform/http/validation';
import { defineRoutes } from '../../platform/http/route';
import { membershipsOf } from '../auth';
import { createEntity } from './create-entity';
import { LOGO_FILE, storeLogo } from './logo';
import { presentEntityFull } from './present';
import { assertMayChangePackage, updateEntity } from './update-entity';

const zEntityIdQuery = z.object({ entity_id: z.coerce.number().int().positive() });

export default defineRoutes((r, services) => {
  const db = services.database.db;

  const subdomainFree = async (subdomain: string, exceptId?: number) => {
    if (RESERVED_SUBDOMAINS.includes(subdomain)) return false;
    const rows = await asSystem(db, (tx) =>
      tx.select({ id: entities.id }).from(entities).where(exceptId ? and(eq(entities.subdomain, subdomain), ne(entities.id, exceptId)) : eq(entities.subdomain, subdomain)),
    );
    return rows.length === 0;
  };

  r.route({
    method: 'POST',
    url: '/api/entity',
    summary: 'Create an organisation; the caller becomes its owner with the admin role',
    access: 'account',
    allowWithoutOtp: true,
    tags: ['entity'],
    body: zEntityCreateBody,
    response: one(zEntity),
    status: 201,
    rateLimit: { max: 10, timeWindow: 60 * 60_000, key: (req) => `${req.actor?.accountId ?? req.ip}` },
    handler: async ({ actor, body }) => {
      if (RESERVED_SUBDOMAINS.includes(body.subdomain)) throw badRequest({ subdomain: ['validation.subdomain_reserved'] });
      // A self-service organisation starts with the package and plan asked for (Cloud, lite by default); later
      // package and plan changes are the technical support account's (update-entity.ts).
      const created = await createEntity(db, { accountId: actor.accountId, name: body.name, subdomain: body.subdomain, package: body.package, plan: body.plan, subscription: body.subscription });
      if (!created) throw conflict('entity.subdomain_taken', { subdomain: ['entity.subdomain_taken'] });
      // A session that has no organisation yet (just signed up) moves into the new one, so the console can go on.
      if (!actor.entityId && actor.sessionKind === 'console') await switchSessionEntity(db, actor.sessionId, created.entity.id);
      return { data: presentEntityFull(created.entity) };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/entity/{id}',
    summary: 'Update company details (JSON, or multipart with a `logo` file)',
    permission: 'company_details',
    tags: ['entity'],
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: zEntityUpdateBody,
    multipart: { files: LOGO_FILE },
    response: one(zEntity),
    bodyLimit: 3 * 1024 * 1024,
    handler: async (ctx) => {
      const { actor, params, req } = ctx;
      if (params.id !== actor.entityId) throw notFound();
      let body: z.output<typeof zEntityUpdateBody>;
      let logo: string | undefined;
      if (req.isMultipart()) {
        const form = await readMultipart(req, { fields: zEntityUpdateBody, files: LOGO_FILE });
        body = form.fields;
        // Every refusal comes before the logo is stored, so a refused update leaves no file behind.
        assertMayChangePackage(actor, body);
        if (body.subdomain && !(await subdomainFree(body.subdomain, actor.entityId))) throw conflict('entity.subdomain_taken', { subdomain: ['entity.subdomain_taken'] });
        if (form.files.logo) logo = await storeLogo(services.storage, actor.entityId, form.files.logo.data);
      } else {
        body = parseBody(zEntityUpdateBody, req.body ?? {});
      }
      if (body.subdomain && !logo && !(await subdomainFree(body.subdomain, actor.entityId))) throw conflict('entity.subdomain_taken', { subdomain: ['entity.subdomain_taken'] });
      const entity = await updateEntity(ctx, body, logo);
      return { data: presentEntityFull(entity) };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/get-entity/{entity_id}',
    summary: 'The current organisation',
    standalone: true,
    allowWithoutOtp: true,
    tags: ['entity'],
    params: z.object({ entity_id: z.coerce.number().int().positive() }),
    response: one(zEntity),
    handler: async ({ tenant, params }) => {
      const [row] = await tenant((tx) => tx.select().from(entities).where(eq(entities.id, params.entity_id)));
      if (!row) throw notFound();
      return { data: presentEntityFull(row) };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/users_entities/{user_id}',
    summary: "The organisations the signed-in account belongs to (user_id is the account's id)",
    access: 'account',
    allowWithoutOtp: true,
    tags: ['entity'],
    params: z.object({ user_id: z.coerce.number().int().positive() }),
    response: zMemberships,
    handler: async ({ actor, params }) => {
      if (params.user_id !== actor.accountId && params.user_id !== actor.userId) throw notFound();
      const members = await membershipsOf(db, actor.accountId);
      if (!members.length) return { data: [], count: 0 };
      const rows = await asSystem(db, (tx) =>
        tx
          .select({ id: entities.id, name: entities.name, subdomain: entities.subdomain, logo: entities.logo, package: entities.package, roleId: users.roleId })
          .from(entities)
          .innerJoin(users, and(eq(users.entityId, entities.id), eq(users.accountId, actor.accountId)))
          .where(inArray(entities.id, members.map((m) => m.entityId)))
          .orderBy(entities.name),
      );
      const roleRows = await asSystem(db, (tx) => tx.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, rows.map((r) => r.roleId ?? 0))));
      const names = new Map(roleRows.map((r) => [r.id, r.name]));
      const data = rows.map((r) => ({ id: r.id, name: r.name, subdomain: r.subdomain, logo: r.logo, package: r.package, role: names.get(r.roleId ?? 0) ?? null, current: (r.id === actor.entityId ? 1 : 0) as 0 | 1 }));
      return { data, count: data.length };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/check_subdomain',
    summary: 'Is a subdomain free?',
    access: 'account',
    allowWithoutOtp: true,
    tags: ['entity'],
    query: z.object({ subdomain: zSubdomain }),
    response: zSubdomainCheck,
    rateLimit: { max: 120, timeWindow: 60_000 },
    handler: async ({ actor, query, t }) => {
      const available = await subdomainFree(query.subdomain, actor.entityId ?? undefined);
      return { message: t(available ? 'entity.subdomain_available' : 'entity.subdomain_taken'), data: { available: (available ? 1 : 0) as 0 | 1 } };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/entity_by_subdomain',
    summary: "An organisation's public face (name and logo) by subdomain, for its login page",
    access: 'public',
    tags: ['entity'],
    query: z.object({ subdomain: zSubdomain }),
    response: zEntityBySubdomain,
    rateLimit: { max: 60, timeWindow: 60_000 },
    handler: async ({ query }) => {
      const [row] = await asSystem(db, (tx) =>
        tx.select({ id: entities.id, name: entities.name, subdomain: entities.subdomain, logo: entities.logo }).from(entities).where(eq(entities.subdomain, query.subdomain)),
      );
      if (!row) throw notFound();
      return { data: row };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/client_token',
    summary: 'Generate the API integration token (shown once; replaces any earlier one)',
    permission: 'company_details',
    tags: ['entity'],
    body: zEntityIdQuery,
    response: zClientTokenSaved,
    handler: async ({ tenant, actor, audit, t }) => {
      const full = `ghe_${newToken().token}`;
      await tenant(async (tx) => {
        await tx.update(entities).set({ clientTokenHash: hashToken(full), clientTokenCreatedAt: sql`now()` }).where(eq(entities.id, actor.entityId));
        await audit(tx, 'generate', 'client_token', actor.entityId);
      });
      // The replaced token's sockets close (issue 16 part 4).
      services.realtime.endSessions({ clientTokenOf: actor.entityId });
      return { message: t('entity.token_generated'), data: { token: full } };
    },
  });

  r.route({
    method: 'DELETE',
    url: '/api/client_token',
    summary: 'Delete the API integration token',
    permission: 'company_details',
    tags: ['entity'],
    query: zEntityIdQuery,
    response: zMessage,
    handler: async ({ tenant, actor, audit, t }) => {
      await tenant(async (tx) => {
        await tx.update(entities).set({ clientTokenHash: null, clientTokenCreatedAt: null }).where(eq(entities.id, actor.entityId));
        await audit(tx, 'delete', 'client_token', actor.entityId);
      });
      services.realtime.endSessions({ clientTokenOf: actor.entityId });
      return { message: t('entity.token_deleted') };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/check-unique-field',
    summary: 'Is an e-mail, phone or ID free among the organisation’s people (or a subdomain among organisations)?',
    // Probing people's e-mails, phones and ids is for those who manage people (or the organisation's subdomain).
    permission: ['users', 'company_details'],
    standalone: true,
    tags: ['entity'],
    body: zCheckUniqueFieldBody,
    response: zUniqueCheck,
    handler: async ({ tenant, actor, body, t }) => {
      let unique: boolean;
      if (body.field === 'subdomain') {
        const parsed = zSubdomain.safeParse(body.value);
        unique = parsed.success && (await subdomainFree(parsed.data, actor.entityId));
      } else {
        const col = body.field === 'email' ? sql`lower(${users.email})` : body.field === 'phone' ? users.phone : users.idNumber;
        const value = body.field === 'email' ? body.value.toLowerCase() : body.value;
        const rows = await tenant((tx) =>
          tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.entityId, actor.entityId), sql`${col} = ${value}`, body.id ? ne(users.id, body.id) : undefined))
            .limit(1),
        );
        unique = rows.length === 0;
      }
      const taken = body.field === 'subdomain' ? 'entity.subdomain_taken' : `unique.${body.field}`;
      return { message: t(unique ? 'unique.available' : taken), data: { unique: (unique ? 1 : 0) as 0 | 1 } };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/files/logos/{file}',
    summary: 'An organisation logo',
    access: 'public',
    tags: ['entity'],
    params: z.object({ file: z.string().regex(/^\d+-[a-f0-9]{16}\.png$/) }),
    raw: true,
    produces: ['image/png'],
    handler: async ({ params, reply }) => {
      const data = await services.storage.get(`logos/${params.file}`).catch(() => null);
      if (!data) throw notFound();
      reply.type('image/png').header('cache-control', 'public, max-age=31536000, immutable').send(data);
    },
  });
});
