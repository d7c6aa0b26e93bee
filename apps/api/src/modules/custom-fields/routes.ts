import { flag, listOf, one, zId, zIdParam, zMessage, zSection, zSectionBody, zSectionSaved, zUniqueCheck } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { sections } from '../../db/schema/index';
import { found } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { sectionsWithFields } from './present';
import { saveSection, sectionTaken } from './save-section';

const tags = ['custom-fields'];
const perm = 'custom fields' as const;
/** Rule 12: custom fields need the professional or enterprise plan (403 otherwise, enforced by the route). */
const plan = 'custom_fields' as const;

export default defineRoutes((r) => {
  r.route({
    method: 'GET', url: '/api/sections/unique', summary: 'Is a section name free (rule 219)?', tags, permission: perm, plan,
    query: z.object({ entity_id: zId.optional(), value: z.string().trim().min(1).max(100), section_id: zId.optional() }),
    response: zUniqueCheck,
    handler: async ({ actor, query, tenant, t }) => {
      const taken = await tenant((tx) => sectionTaken(tx, actor.entityId, query.value, query.section_id));
      return { message: t(taken ? 'custom_fields.section_exists' : 'custom_fields.section_available'), data: { unique: flag(!taken) } };
    },
  });

  r.route({
    method: 'GET', url: '/api/section/with_custom_field', summary: 'Every section with its custom fields (the user form and the custom-fields page)', tags, permission: [perm, 'users'], plan,
    query: z.object({ entity_id: zId.optional() }), response: listOf(zSection),
    handler: ({ actor, tenant }) => tenant(async (tx) => { const data = await sectionsWithFields(tx, actor.entityId); return { data, count: data.length }; }),
  });

  r.route({
    method: 'GET', url: '/api/sections/{id}', summary: 'One section with its custom fields', tags, permission: [perm, 'users'], plan,
    params: zIdParam, response: one(zSection),
    handler: ({ actor, params, tenant }) => tenant(async (tx) => ({ data: found((await sectionsWithFields(tx, actor.entityId, [params.id]))[0]) })),
  });

  r.route({
    method: 'POST', url: '/api/section', summary: 'Create a section with its custom fields (rules 216-219)', tags, permission: perm, plan, status: 201,
    body: zSectionBody, response: zSectionSaved,
    handler: ({ actor, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        const s = await saveSection(tx, actor.entityId, body);
        await audit(tx, 'create', 'section', s.id, { value: s.value, fields: body.custom_fields.map((f) => f.name) });
        return { message: t('custom_fields.saved'), data: (await sectionsWithFields(tx, actor.entityId, [s.id]))[0] };
      }),
  });

  r.route({
    method: 'PUT', url: '/api/section/{id}', summary: 'Replace a section and its custom fields (left-out fields are removed with their values)', tags, permission: perm, plan,
    params: zIdParam, body: zSectionBody, response: zSectionSaved,
    handler: ({ actor, params, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        const s = await saveSection(tx, actor.entityId, body, params.id);
        await audit(tx, 'update', 'section', s.id, { value: s.value, fields: body.custom_fields.map((f) => f.name) });
        return { message: t('custom_fields.saved'), data: (await sectionsWithFields(tx, actor.entityId, [s.id]))[0] };
      }),
  });

  r.route({
    method: 'DELETE', url: '/api/section/delete_with_custom_field/{id}', summary: 'Delete a section with its custom fields and their values', tags, permission: perm, plan,
    params: zIdParam, response: zMessage,
    handler: ({ actor, params, tenant, audit, t }) =>
      tenant(async (tx) => {
        const [row] = await tx.delete(sections).where(and(eq(sections.entityId, actor.entityId), eq(sections.id, params.id))).returning();
        found(row);
        await audit(tx, 'delete', 'section', row.id, { value: row.value });
        return { message: t('custom_fields.deleted') };
      }),
  });
});
