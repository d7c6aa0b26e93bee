import { planAllowsCustomFields } from '@gatehouse/contract';
import { and, asc, eq, or } from 'drizzle-orm';
import { customFields, entities, sections } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import { checkCustomFieldValues } from '../custom-fields';
import type { FlowType } from './link';

/**
 * The custom fields a visitor fills in at pre-registration (rule 217: fillable by the user or required at
 * pre-registration), in section order, limited to the flow's sections when it names some (rule 197's section).
 * None below the professional plan (rule 12).
 */
export async function preRegFields(tx: Db, entityId: number, flow: FlowType['flow'] | null) {
  const [entity] = await tx.select({ plan: entities.plan }).from(entities).where(eq(entities.id, entityId));
  if (!planAllowsCustomFields(entity?.plan)) return [];
  const rows = await tx
    .select({ section: sections, field: customFields })
    .from(customFields)
    .innerJoin(sections, and(eq(sections.id, customFields.sectionId), eq(sections.entityId, customFields.entityId)))
    .where(and(eq(customFields.entityId, entityId), or(eq(customFields.fillableByUser, true), eq(customFields.requiredAtPreRegistration, true))))
    .orderBy(asc(sections.sortOrder), asc(sections.id), asc(customFields.sortOrder), asc(customFields.id));
  return flow?.sectionIds.length ? rows.filter((r) => flow.sectionIds.includes(r.section.id)) : rows;
}

/**
 * A visitor's custom-field values (rule 218): each a field offered at pre-registration and valid for its type,
 * and every field required at pre-registration given. Errors are keyed `custom_fields.{id}` (400).
 */
export async function checkPreRegValues(tx: Db, entityId: number, flow: FlowType['flow'], input: { custom_field_id: number; value: string }[] | undefined) {
  const offered = await preRegFields(tx, entityId, flow);
  const ids = new Set(offered.map((r) => r.field.id));
  const errors: Record<string, string[]> = {};
  for (const item of input ?? []) if (!ids.has(item.custom_field_id)) errors[`custom_fields.${item.custom_field_id}`] = ['people.custom_field_unknown'];
  if (Object.keys(errors).length) throw badRequest(errors);
  const values = (await checkCustomFieldValues(tx, entityId, input)) ?? [];
  for (const { field } of offered) {
    if (field.requiredAtPreRegistration && !values.some((v) => v.customFieldId === field.id && v.value !== '' && v.value !== '[]')) {
      errors[`custom_fields.${field.id}`] = ['validation.required'];
    }
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return values;
}
