import type { z } from 'zod';
import type { zSectionBody } from '@gatehouse/contract';
import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { customFields, sections } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { badRequest, conflict, notFound } from '../../platform/errors';

type Body = z.output<typeof zSectionBody>;

export async function sectionTaken(tx: Db, entityId: number, value: string, exceptId?: number) {
  const rows = await tx.select({ id: sections.id }).from(sections).where(and(eq(sections.entityId, entityId), sql`lower(${sections.value}) = lower(${value})`, exceptId ? ne(sections.id, exceptId) : undefined)).limit(1);
  return rows.length > 0;
}

/**
 * Creates or replaces a section and its fields (rules 216-219): fields with an id are updated, new ones created,
 * the ones left out removed with their values. Section, field and option names are unique (409 / 400).
 */
export async function saveSection(tx: Db, entityId: number, body: Body, id?: number) {
  if (await sectionTaken(tx, entityId, body.value, id)) throw conflict('custom_fields.section_exists', { value: ['custom_fields.section_exists'] });
  const names = body.custom_fields.map((f) => f.name.toLowerCase());
  const dupIndex = names.findIndex((n, i) => names.indexOf(n) !== i);
  if (dupIndex >= 0) throw conflict('custom_fields.name_exists', { [`custom_fields.${dupIndex}.name`]: ['custom_fields.name_exists'] });
  let section: typeof sections.$inferSelect;
  if (id === undefined) {
    [section] = await tx.insert(sections).values({ entityId, value: body.value }).returning();
  } else {
    const [row] = await tx.update(sections).set({ value: body.value, updatedAt: sql`now()` }).where(and(eq(sections.entityId, entityId), eq(sections.id, id))).returning();
    if (!row) throw notFound();
    section = row;
  }
  const keepIds = body.custom_fields.map((f) => f.id).filter((x): x is number => x !== undefined);
  if (keepIds.length) {
    const own = await tx.select({ id: customFields.id }).from(customFields).where(and(eq(customFields.entityId, entityId), eq(customFields.sectionId, section.id), inArray(customFields.id, keepIds)));
    if (own.length !== new Set(keepIds).size) throw badRequest({ custom_fields: ['errors.not_found'] });
  }
  await tx.delete(customFields).where(and(eq(customFields.entityId, entityId), eq(customFields.sectionId, section.id), keepIds.length ? notInArray(customFields.id, keepIds) : undefined));
  // Field names are unique across the organisation (other sections included).
  const clash = !names.length ? [] : await tx
    .select({ name: customFields.name })
    .from(customFields)
    .where(and(eq(customFields.entityId, entityId), ne(customFields.sectionId, section.id), inArray(sql`lower(${customFields.name})`, names)))
    .limit(1);
  if (clash.length) throw conflict('custom_fields.name_exists', { [`custom_fields.${names.indexOf(clash[0].name.toLowerCase())}.name`]: ['custom_fields.name_exists'] });
  // Renames could swap names inside the section: clear them first.
  if (keepIds.length) await tx.update(customFields).set({ name: sql`'~' || ${customFields.id}::text` }).where(and(eq(customFields.entityId, entityId), inArray(customFields.id, keepIds)));
  for (const [i, f] of body.custom_fields.entries()) {
    const cols = {
      name: f.name,
      ...(f.name_i18n ? { nameI18n: f.name_i18n } : {}),
      type: f.type,
      display: f.type === 'rating' ? (f.display ?? null) : null,
      options: f.options,
      // One entry per option, by index (a body without them keeps the stored ones).
      ...(f.options_i18n ? { optionsI18n: f.options.map((_, j) => f.options_i18n?.[j] ?? {}) } : {}),
      binding: f.binding ?? null,
      badgePrintable: f.badge_printable,
      fillableByUser: f.fillable_by_user,
      requiredAtPreRegistration: f.required_at_pre_registration,
      sortOrder: i,
    };
    if (f.id) await tx.update(customFields).set({ ...cols, updatedAt: sql`now()` }).where(and(eq(customFields.entityId, entityId), eq(customFields.id, f.id)));
    else await tx.insert(customFields).values({ entityId, sectionId: section.id, ...cols });
  }
  return section;
}
