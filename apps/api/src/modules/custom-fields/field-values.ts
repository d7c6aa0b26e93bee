import type { z } from 'zod';
import type { zCustomFieldValue } from '@gatehouse/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { customFields, customFieldValues, sections } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';

type Item = z.output<typeof zCustomFieldValue>;
type Field = typeof customFields.$inferSelect;

/**
 * Normalises one value for its field type (rules 216, 218): checkboxes become a JSON string of chosen options,
 * toggles 1 or 0, ratings 1-5 (or one of the labels), radios one option. Answers null when it does not fit.
 */
export function normaliseValue(field: Field, raw: Item['value']): string | null {
  if (raw === null || raw === '') return '';
  const s = Array.isArray(raw) ? null : String(raw).trim();
  switch (field.type) {
    case 'text':
      return s !== null && s.length <= 500 ? s : null;
    case 'long_text':
      return s !== null && s.length <= 5000 ? s : null;
    case 'number':
      return s !== null && /^-?\d{1,15}(\.\d{1,6})?$/.test(s) ? s : null;
    case 'date':
      return s !== null && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)) ? s : null;
    case 'toggle':
      return s === '1' || s === 'true' ? '1' : s === '0' || s === 'false' ? '0' : null;
    case 'radio':
      return s !== null && field.options.includes(s) ? s : null;
    case 'rating':
      if (field.display === 'labels') return s !== null && field.options.includes(s) ? s : null;
      return s !== null && /^[1-5]$/.test(s) ? s : null;
    case 'checkboxes': {
      let list: unknown = raw;
      if (typeof raw === 'string') {
        try {
          list = JSON.parse(raw);
        } catch {
          return null;
        }
      }
      if (!Array.isArray(list) || !list.every((v) => typeof v === 'string' && field.options.includes(v))) return null;
      return JSON.stringify([...new Set(list as string[])]);
    }
    default:
      return null;
  }
}

/** Parses a payload's custom_fields (array, or the JSON string forms send) and checks every value (400). */
export async function checkCustomFieldValues(tx: Db, entityId: number, input: Item[] | string | undefined) {
  if (input === undefined) return undefined;
  let items: Item[];
  if (typeof input === 'string') {
    try {
      items = input.trim() ? (JSON.parse(input) as Item[]) : [];
    } catch {
      throw badRequest({ custom_fields: ['people.custom_field_value'] });
    }
    if (!Array.isArray(items)) throw badRequest({ custom_fields: ['people.custom_field_value'] });
  } else items = input;
  if (!items.length) return [];
  const ids = items.map((i) => Number(i.custom_field_id));
  const fields = ids.every((i) => Number.isInteger(i) && i > 0)
    ? await tx.select().from(customFields).where(and(eq(customFields.entityId, entityId), inArray(customFields.id, ids)))
    : [];
  const byId = new Map(fields.map((f) => [f.id, f]));
  const errors: Record<string, string[]> = {};
  const out: { customFieldId: number; value: string }[] = [];
  items.forEach((item, i) => {
    const field = byId.get(Number(item.custom_field_id));
    if (!field) return void (errors[`custom_fields.${i}`] = ['people.custom_field_unknown']);
    const v = normaliseValue(field, item.value);
    if (v === null) errors[`custom_fields.${i}`] = ['people.custom_field_value'];
    else out.push({ customFieldId: field.id, value: v });
  });
  if (Object.keys(errors).length) throw badRequest(errors);
  return out;
}

/** Stores a person's values (an empty value removes it). */
export async function writeCustomFieldValues(tx: Db, entityId: number, userId: number, values: { customFieldId: number; value: string }[]) {
  for (const v of values) {
    if (v.value === '') {
      await tx.delete(customFieldValues).where(and(eq(customFieldValues.entityId, entityId), eq(customFieldValues.userId, userId), eq(customFieldValues.customFieldId, v.customFieldId)));
      continue;
    }
    await tx
      .insert(customFieldValues)
      .values({ entityId, userId, customFieldId: v.customFieldId, value: v.value })
      .onConflictDoUpdate({ target: [customFieldValues.userId, customFieldValues.customFieldId], set: { value: v.value, updatedAt: sql`now()` } });
  }
}

/** A person's values grouped by section, every field of the organisation listed (rule 218 shape). */
export async function sectionsOfUser(tx: Db, entityId: number, userId: number) {
  const rows = await tx
    .select({ sectionId: sections.id, section: sections.value, field: customFields, value: customFieldValues.value })
    .from(customFields)
    .innerJoin(sections, eq(sections.id, customFields.sectionId))
    .leftJoin(customFieldValues, and(eq(customFieldValues.customFieldId, customFields.id), eq(customFieldValues.userId, userId)))
    .where(eq(customFields.entityId, entityId))
    .orderBy(sections.sortOrder, sections.id, customFields.sortOrder, customFields.id);
  const out = new Map<number, { section_id: number; value: string; custom_fields: { custom_field_id: number; name: string; type: string; value: string | null }[] }>();
  for (const r of rows) {
    const s = out.get(r.sectionId) ?? { section_id: r.sectionId, value: r.section, custom_fields: [] };
    s.custom_fields.push({ custom_field_id: r.field.id, name: r.field.name, type: r.field.type, value: r.value });
    out.set(r.sectionId, s);
  }
  return [...out.values()];
}
