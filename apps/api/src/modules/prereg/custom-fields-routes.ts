import { planAllowsCustomFields, zLang, zLinkCode } from '@gatehouse/contract';
import { and, asc, eq, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { customFields, entities, sections } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { defineRoutes } from '../../platform/http/route';
import { resolveLink } from './link';

const zField = z.object({
  custom_field_id: z.number(),
  name: z.string(),
  type: z.string(),
  display: z.string().nullable(),
  options: z.array(z.string()),
  required: z.union([z.literal(0), z.literal(1)]),
});
const zSection = z.object({ section_id: z.number(), value: z.string(), custom_fields: z.array(zField) });

/**
 * The custom fields a visitor fills in on a pre-registration link (rule 217: fillable by the user or required at
 * pre-registration), grouped by section. Sent without a bearer token (rule 87); `link` is the pre-registration
 * link code. Organisations below the professional plan have none (rule 12).
 */
export default defineRoutes((r, services) => {
  const db = services.database.db;
  r.route({
    method: 'GET',
    url: '/api/get_custom_fields_to_expected_visit/{lang}',
    summary: 'Custom fields of a pre-registration link, by section (public)',
    access: 'public',
    tags: ['prereg'],
    params: z.object({ lang: zLang }),
    query: z.object({ link: zLinkCode }),
    response: z.object({ data: z.array(zSection) }),
    rateLimit: { max: 60, timeWindow: 60_000, key: (req: FastifyRequest) => `prereg:${req.ip}` },
    handler: async ({ query }) => {
      const link = await resolveLink(db, query.link);
      return withTenant(db, link.entity.id, async (tx) => {
        const [entity] = await tx.select({ plan: entities.plan }).from(entities).where(eq(entities.id, link.entity.id));
        if (!planAllowsCustomFields(entity?.plan)) return { data: [] };
        const rows = await tx
          .select({ section: sections, field: customFields })
          .from(customFields)
          .innerJoin(sections, and(eq(sections.id, customFields.sectionId), eq(sections.entityId, customFields.entityId)))
          .where(and(eq(customFields.entityId, link.entity.id), or(eq(customFields.fillableByUser, true), eq(customFields.requiredAtPreRegistration, true))))
          .orderBy(asc(sections.sortOrder), asc(sections.id), asc(customFields.sortOrder), asc(customFields.id));
        const bySection = new Map<number, z.infer<typeof zSection>>();
        for (const { section, field } of rows) {
          const s = bySection.get(section.id) ?? { section_id: section.id, value: section.value, custom_fields: [] };
          s.custom_fields.push({ custom_field_id: field.id, name: field.name, type: field.type, display: field.display, options: field.options, required: field.requiredAtPreRegistration ? 1 : 0 });
          bySection.set(section.id, s);
        }
        return { data: [...bySection.values()] };
      });
    },
  });
});
