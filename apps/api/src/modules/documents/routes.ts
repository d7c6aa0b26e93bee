import { zDocumentBody, zDocumentRecords, zDocumentStatusBody, zDocumentTypes, zEntityIdParam, zIdParam, zListQuery, zUserDocumentSaved } from '@gatehouse/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { userDocuments, users } from '../../db/schema/index';
import { found, notFound } from '../../platform/errors';
import { readMultipart } from '../../platform/http/multipart';
import { defineRoutes } from '../../platform/http/route';
import { parseBody } from '../../platform/http/validation';
import { accessOf, loadVisible, presentDocument, visibleTo } from '../users';
import { createDocument, DOCUMENT_FILE_MAX, ensureDocumentTypes, ownDocument, storeDocumentFile } from './create-document';

const tags = ['documents'];
const perm = ['users', 'compliances'] as const;
/** The record's attached certificate. */
const FILES = { file: { maxBytes: DOCUMENT_FILE_MAX, types: ['application/pdf', 'image/jpeg', 'image/png'] } };

export default defineRoutes((r, services) => {
  r.route({
    method: 'POST', url: '/api/user_document', summary: 'Add a vaccine or PCR record with an optional attached file (rules 181-186)', tags, permission: [...perm], status: 201, multipart: { files: FILES }, bodyLimit: DOCUMENT_FILE_MAX + 64 * 1024,
    body: zDocumentBody, response: zUserDocumentSaved,
    handler: async ({ actor, req, tenant, audit, t }) => {
      let body: z.output<typeof zDocumentBody>;
      let file: Buffer | undefined;
      if (req.isMultipart()) {
        const form = await readMultipart(req, { fields: zDocumentBody, files: FILES });
        body = form.fields;
        file = form.files.file?.data;
      } else body = parseBody(zDocumentBody, req.body ?? {});
      if (body.entity_id !== undefined && body.entity_id !== actor.entityId) throw notFound();
      const row = await tenant(async (tx) => {
        await loadVisible(tx, actor, body.user_id);
        const path = file ? await storeDocumentFile(services.storage, actor.entityId, file) : null;
        const doc = await createDocument(tx, actor.entityId, actor.userId, body, path);
        await audit(tx, 'create', 'user_document', doc.id, { user_id: doc.userId, type: doc.type });
        return doc;
      });
      return { message: t('documents.created'), data: presentDocument(row) };
    },
  });

  r.route({
    method: 'PUT', url: '/api/user_document/{id}', summary: 'Toggle a record on or off, or mark it DELETED (rule 182)', tags, permission: [...perm],
    params: zIdParam, body: zDocumentStatusBody, response: zUserDocumentSaved,
    handler: ({ actor, params, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        const doc = found((await tx.select().from(userDocuments).where(ownDocument(actor.entityId, params.id)))[0]);
        if (doc.status === 'DELETED') throw notFound();
        await loadVisible(tx, actor, doc.userId);
        const status = body.status === 'toggle' ? (doc.status === 'enabled' ? 'disabled' : 'enabled') : body.status;
        const [row] = await tx
          .update(userDocuments)
          .set({ status, vaccineStatus: status === 'disabled' ? 'disabled' : status === 'enabled' && doc.vaccineStatus === 'disabled' ? 'unchecked' : doc.vaccineStatus, actionBy: actor.userId, updatedAt: sql`now()` })
          .where(ownDocument(actor.entityId, doc.id))
          .returning();
        await audit(tx, 'status', 'user_document', doc.id, { from: doc.status, to: status });
        return { message: t('documents.status_updated'), data: presentDocument(row) };
      }),
  });

  r.route({
    method: 'GET', url: '/api/get_type_for_user_document/{entityId}', summary: "The organisation's document types", tags, permission: [...perm],
    params: zEntityIdParam, response: zDocumentTypes,
    handler: ({ actor, tenant }) =>
      tenant(async (tx) => {
        const rows = await ensureDocumentTypes(tx, actor.entityId);
        return { data: rows.map((x) => ({ id: x.id, key: x.key, name: x.name })), count: rows.length };
      }),
  });

  r.route({
    method: 'GET', url: '/api/document_users', summary: 'Vaccine and PCR records with their people, paged (filterBy: user_id, type, vaccine_status, status)', tags, permission: [...perm],
    query: zListQuery, response: zDocumentRecords,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const f = query.filterBy;
        const where = and(
          eq(userDocuments.entityId, actor.entityId),
          visibleTo(await accessOf(tx, actor)),
          f.status ? eq(userDocuments.status, String(f.status) as 'enabled') : sql`${userDocuments.status} <> 'DELETED'`,
          f.user_id ? eq(userDocuments.userId, Number(f.user_id) || 0) : undefined,
          f.type ? eq(userDocuments.type, String(f.type) as 'test') : undefined,
          f.vaccine_status ? eq(userDocuments.vaccineStatus, String(f.vaccine_status)) : undefined,
        );
        const rows = await tx.select({ d: userDocuments, first: users.firstName, last: users.lastName }).from(userDocuments).innerJoin(users, eq(users.id, userDocuments.userId)).where(where)
          .orderBy(query.orderBy === 'asc' ? userDocuments.createdAt : desc(userDocuments.createdAt), desc(userDocuments.id)).limit(query.limit).offset((query.page - 1) * query.limit);
        const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(userDocuments).innerJoin(users, eq(users.id, userDocuments.userId)).where(where);
        return { data: rows.map((x) => ({ ...presentDocument(x.d), full_name: `${x.first} ${x.last}` })), count: Number(n) };
      }),
  });

  r.route({
    method: 'GET', url: '/api/files/documents/{file}', summary: 'An attached certificate (members of the organisation only)', tags, permission: [...perm],
    params: z.object({ file: z.string().regex(/^\d+-[a-f0-9]{16}\.(pdf|jpg|png)$/) }), raw: true, produces: ['application/pdf', 'image/jpeg', 'image/png'],
    handler: async ({ actor, params, reply, tenant }) => {
      if (Number(params.file.split('-')[0]) !== actor.entityId) throw notFound();
      // Only a document of a person the member may see (rule 96, issue 16 part 3): another site's or type's is 404.
      const [doc] = await tenant(async (tx) =>
        tx
          .select({ id: userDocuments.id })
          .from(userDocuments)
          .innerJoin(users, eq(users.id, userDocuments.userId))
          .where(and(eq(userDocuments.entityId, actor.entityId), eq(userDocuments.file, `/api/files/documents/${params.file}`), visibleTo(await accessOf(tx, actor))))
          .limit(1),
      );
      if (!doc) throw notFound();
      const data = await services.storage.get(`documents/${params.file}`).catch(() => null);
      if (!data) throw notFound();
      const type = params.file.endsWith('.pdf') ? 'application/pdf' : params.file.endsWith('.png') ? 'image/png' : 'image/jpeg';
      reply.type(type).header('cache-control', 'private, max-age=3600').header('content-disposition', 'attachment').send(data);
    },
  });
});
