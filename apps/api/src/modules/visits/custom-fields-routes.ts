import { localized, localizedList, zId, zLang, zLinkCode, zPreRegSection, zPreRegSections } from '@gatehouse/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { linkData } from '../../platform/auth/link-caller';
import { defineRoutes } from '../../platform/http/route';
import { offeredFlow } from './link';
import { PREREG_LINK } from './link-kinds';
import { preRegFields } from './prereg-fields';


/**
 * The custom fields a visitor fills in on a pre-registration link (rule 217: fillable by the user or required at
 * pre-registration), grouped by section; with `user_type_id`, only the sections of that user type's flow.
 * Sent without a bearer token (rule 87); `link` is the pre-registration link code. Organisations below the
 * professional plan have none (rule 12).
 */
export default defineRoutes((r) => {
  r.route({
    method: 'GET',
    url: '/api/get_custom_fields_to_expected_visit/{lang}',
    summary: "Custom fields of a pre-registration link (query link = code, optional user_type_id for its flow's sections), by section (a pre-registration link's call)",
    access: 'link',
    link: { kinds: [PREREG_LINK], in: 'query', name: 'link' },
    tags: ['prereg'],
    params: z.object({ lang: zLang }),
    query: z.object({ link: zLinkCode, user_type_id: zId.optional() }),
    response: zPreRegSections,
    rateLimit: { max: 60, timeWindow: 60_000, key: (req: FastifyRequest) => `prereg:${req.ip}` },
    handler: async ({ link: l, tenant, query, lang }) => {
      const link = linkData(l, PREREG_LINK)!;
      return tenant(async (tx) => {
        const flow = query.user_type_id ? (await offeredFlow(tx, link, query.user_type_id)).flow : null;
        const bySection = new Map<number, z.infer<typeof zPreRegSection>>();
        for (const { section, field } of await preRegFields(tx, link.entity.id, flow)) {
          const s = bySection.get(section.id) ?? { section_id: section.id, value: section.value, custom_fields: [] };
          // Names and option labels in the visitor's language; the written options stay the values sent back.
          s.custom_fields.push({ custom_field_id: field.id, name: localized(field.name, field.nameI18n, lang), type: field.type, display: field.display, options: field.options, option_labels: localizedList(field.options, field.optionsI18n, lang), required: field.requiredAtPreRegistration ? 1 : 0 });
          bySection.set(section.id, s);
        }
        return { data: [...bySection.values()] };
      });
    },
  });
});
