import { and, eq, sql } from 'drizzle-orm';
import { customFieldValues, importRows, invitations, userDocuments, userLabels, userSites, userUserTypes, users } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/errors';

const rowsOf = <R>(res: unknown) => (res as { rows: R[] }).rows;
/** Tables merged by hand below (their keys would collide), every other reference to users is moved generically. */
const HANDLED = new Set(['user_labels', 'user_sites', 'user_user_types', 'custom_field_values']);
/** Kept by the duplicates search about each person (name-pairs.ts): `drop`'s rows go with it, `keep`'s still hold. */
const DERIVED = new Set(['duplicate_name_pairs', 'duplicate_name_queue']);

/**
 * Merges person `drop` into person `keep` (rule 286). Nothing is lost: every visit, scan, document, label,
 * site and type grant, invitation and any other row that points at `drop` (found through the foreign keys, so
 * tables added by other areas are covered) now points at `keep`; custom-field values `keep` lacks are taken from
 * `drop` (a conflicting value is kept in the audit entry); empty details of `keep` are filled from `drop`.
 */
export async function mergeUsers(tx: Db, actor: MemberActor, keep: typeof users.$inferSelect, drop: typeof users.$inferSelect) {
  const e = actor.entityId;
  const [a, b] = [keep.id, drop.id];
  // Join tables with composite keys: copy what `keep` lacks, then remove the rest of `drop`'s rows.
  await tx.execute(sql`insert into user_labels (entity_id, user_id, label_id) select entity_id, ${a}, label_id from user_labels where user_id = ${b} and entity_id = ${e} on conflict do nothing`);
  await tx.execute(sql`insert into user_sites (entity_id, user_id, site_id) select entity_id, ${a}, site_id from user_sites where user_id = ${b} and entity_id = ${e} on conflict do nothing`);
  await tx.execute(sql`insert into user_user_types (entity_id, user_id, user_type_id) select entity_id, ${a}, user_type_id from user_user_types where user_id = ${b} and entity_id = ${e} on conflict do nothing`);
  const conflicts = rowsOf<{ custom_field_id: number; value: string }>(
    await tx.execute(sql`select d.custom_field_id, d.value from custom_field_values d join custom_field_values k on k.custom_field_id = d.custom_field_id and k.user_id = ${a} where d.user_id = ${b} and d.entity_id = ${e} and d.value <> k.value`),
  );
  await tx.execute(sql`insert into custom_field_values (entity_id, user_id, custom_field_id, value) select entity_id, ${a}, custom_field_id, value from custom_field_values where user_id = ${b} and entity_id = ${e} on conflict do nothing`);
  for (const t of [userLabels, userSites, userUserTypes, customFieldValues]) await tx.delete(t).where(and(eq(t.entityId, e), eq(t.userId, b)));
  // Columns that point at people without a foreign key.
  await tx.update(invitations).set({ userId: a }).where(and(eq(invitations.entityId, e), eq(invitations.userId, b)));
  await tx.update(importRows).set({ userId: a }).where(and(eq(importRows.entityId, e), eq(importRows.userId, b)));
  await tx.update(userDocuments).set({ userId: a }).where(and(eq(userDocuments.entityId, e), eq(userDocuments.userId, b)));
  // Every foreign key to users(id): visits, scans, hosts and whatever other areas add.
  const refs = rowsOf<{ table_name: string; column_name: string }>(
    await tx.execute(sql`
      select c.conrelid::regclass::text as table_name, a.attname as column_name
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'public.users'::regclass and array_length(c.conkey, 1) = 1`),
  );
  for (const r of refs) {
    const table = r.table_name.replace(/^public\./, '').replace(/"/g, '');
    if (HANDLED.has(table) || DERIVED.has(table) || table === 'users') continue;
    try {
      await tx.transaction((sp) => sp.execute(sql`update ${sql.identifier(table)} set ${sql.identifier(r.column_name)} = ${a} where ${sql.identifier(r.column_name)} = ${b}`));
    } catch {
      // A row that cannot move (a unique key of another area) would be lost with `drop`: refuse the whole merge.
      throw new AppError(409, 'errors.server', { errors: { merge: [table] } });
    }
  }
  // Fill `keep`'s empty details from `drop` (unique columns freed first).
  const fill = <K extends keyof typeof keep>(k: K) => (keep[k] === null || keep[k] === '' ? drop[k] : keep[k]);
  const filled = {
    email: fill('email'), phone: fill('phone'), phoneCode: fill('phoneCode'), idNumber: fill('idNumber'), companyName: fill('companyName'), image: fill('image'),
    rfid: fill('rfid'), faceId: fill('faceId'), departmentId: fill('departmentId'), userTypeId: fill('userTypeId'), accountId: fill('accountId'), roleId: fill('roleId'),
    resources: { ...drop.resources, ...keep.resources },
  };
  await tx.delete(users).where(and(eq(users.entityId, e), eq(users.id, b)));
  const [merged] = await tx.update(users).set({ ...filled, updatedAt: sql`now()` }).where(and(eq(users.entityId, e), eq(users.id, a))).returning();
  return { merged, conflicts, dropped: drop };
}
