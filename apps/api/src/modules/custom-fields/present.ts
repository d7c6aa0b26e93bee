import { flag } from '@gatehouse/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { customFields, sections } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';

export const presentField = (f: typeof customFields.$inferSelect) => ({
  id: f.id,
  section_id: f.sectionId,
  name: f.name,
  name_i18n: f.nameI18n,
  type: f.type,
  display: f.display,
  options: f.options,
  options_i18n: f.options.map((_, i) => f.optionsI18n[i] ?? {}),
  binding: f.binding,
  badge_printable: flag(f.badgePrintable),
  fillable_by_user: flag(f.fillableByUser),
  required_at_pre_registration: flag(f.requiredAtPreRegistration),
});

/** Sections with their fields, in order. */
export async function sectionsWithFields(tx: Db, entityId: number, ids?: number[]) {
  const rows = await tx.select().from(sections).where(and(eq(sections.entityId, entityId), ids ? inArray(sections.id, ids.length ? ids : [0]) : undefined)).orderBy(asc(sections.sortOrder), asc(sections.id));
  const fields = rows.length ? await tx.select().from(customFields).where(and(eq(customFields.entityId, entityId), inArray(customFields.sectionId, rows.map((r) => r.id)))).orderBy(asc(customFields.sortOrder), asc(customFields.id)) : [];
  return rows.map((s) => ({ id: s.id, entity_id: s.entityId, value: s.value, custom_fields: fields.filter((f) => f.sectionId === s.id).map(presentField) }));
}
