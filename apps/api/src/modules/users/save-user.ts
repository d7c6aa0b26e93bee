import type { UserBody } from '@gatehouse/contract';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { departments, labels, roles, sites, userLabels, userSites, userTypes, userUserTypes, users } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import { savedGrantsOf } from '../../platform/auth/grants';
import type { Db } from '../../platform/db/client';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { checkCustomFieldValues, writeCustomFieldValues } from '../custom-fields';
import { canUseType } from '../user-types';
import { type Access, accessOf } from './policy';
import { assertMay, type MemberChange, protectedOf } from './protection';

/** Rule 171: e-mail, phone and ID are unique per organisation; 409 with the documented message. */
export async function assertUnique(tx: Db, entityId: number, v: { email?: string | null; phone?: string | null; idNumber?: string | null; rfid?: string | null }, exceptId?: number) {
  const checks: [string, SQL, string][] = [];
  if (v.email) checks.push(['email', sql`lower(${users.email}) = ${v.email.toLowerCase()}`, 'unique.email']);
  if (v.phone) checks.push(['phone', eq(users.phone, v.phone), 'unique.phone']);
  if (v.idNumber) checks.push(['id_number', eq(users.idNumber, v.idNumber), 'unique.id_number']);
  if (v.rfid) checks.push(['rfid', eq(users.rfid, v.rfid), 'people.rfid_taken']);
  for (const [field, cond, key] of checks) {
    const rows = await tx.select({ id: users.id }).from(users).where(and(eq(users.entityId, entityId), cond, exceptId ? ne(users.id, exceptId) : undefined)).limit(1);
    if (rows.length) throw conflict(key, { [field]: [key] });
  }
}

/** A unique-index race (two saves at once) answers the same 409 as the check above. */
function uniqueConflict(err: unknown) {
  const cause = (err as { cause?: { code?: string; constraint?: string } }).cause ?? (err as { code?: string; constraint?: string });
  if (cause?.code !== '23505') return null;
  const c = cause.constraint ?? '';
  const [field, key] = c.includes('email') ? ['email', 'unique.email'] : c.includes('phone') ? ['phone', 'unique.phone'] : c.includes('idnumber') ? ['id_number', 'unique.id_number'] : c.includes('rfid') ? ['rfid', 'people.rfid_taken'] : ['', ''];
  return field ? conflict(key, { [field]: [key] }) : null;
}

/** Finds or creates labels by name (case-insensitive) and answers their ids. */
export async function labelIds(tx: Db, entityId: number, names: string[]) {
  const wanted = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
  if (!wanted.length) return [];
  await tx.insert(labels).values(wanted.map((name) => ({ entityId, name }))).onConflictDoNothing();
  const rows = await tx.select({ id: labels.id }).from(labels).where(and(eq(labels.entityId, entityId), inArray(sql`lower(${labels.name})`, wanted.map((n) => n.toLowerCase()))));
  return rows.map((r) => r.id);
}

const sameSet = (a: number[], b: number[]) => new Set(a).size === new Set(b).size && a.every((x) => b.includes(x));

/**
 * What a save changes of the person's use of the dashboard, for the protection policy: the role, the e-mail, and
 * (for a person who holds or is given a role) the sites and user types they are granted.
 */
async function consoleChanges(tx: Db, existing: typeof users.$inferSelect | undefined, body: Partial<UserBody>): Promise<MemberChange[]> {
  const changes: MemberChange[] = [];
  if (body.role_id !== undefined && body.role_id !== (existing?.roleId ?? null)) changes.push('role');
  if (!existing) return changes;
  if (body.email !== undefined && (body.email ?? '').toLowerCase() !== (existing.email ?? '').toLowerCase()) changes.push('email');
  if (existing.roleId === null && !body.role_id) return changes;
  const saved = async () => (await savedGrantsOf(tx, existing.entityId, [existing.id])).get(existing.id)!;
  const grants =
    (body.all_sites !== undefined && body.all_sites !== existing.allSites) ||
    (body.all_user_types !== undefined && body.all_user_types !== existing.allUserTypes) ||
    (body.sites !== undefined && !sameSet(body.sites, (await saved()).siteIds)) ||
    (body.user_types !== undefined && !sameSet(body.user_types, (await saved()).userTypeIds));
  if (grants) changes.push('grants');
  return changes;
}

const ownIds = async (tx: Db, table: typeof sites | typeof userTypes, entityId: number, ids: number[]) =>
  ids.length ? (await tx.select({ id: table.id }).from(table).where(and(eq(table.entityId, entityId), inArray(table.id, ids)))).length === new Set(ids).size : true;

/**
 * Creates (no id) or updates a person with everything of the user form; the caller checked access. Answers the
 * row and what changed of the person's use of the dashboard (role, e-mail, grants).
 */
export async function saveUser(tx: Db, actor: MemberActor, body: Partial<UserBody> & { image?: string | null; department?: string }, id?: number, access?: Access) {
  const entityId = actor.entityId;
  const acc = access ?? (await accessOf(tx, actor));
  const existing = id ? (await tx.select().from(users).where(and(eq(users.entityId, entityId), eq(users.id, id))))[0] : undefined;
  if (id && !existing) throw notFound();
  const errors: Record<string, string[]> = {};
  let mandatory: string[] = [];
  if (body.user_type_id !== undefined) {
    const [type] = await tx.select().from(userTypes).where(and(eq(userTypes.entityId, entityId), eq(userTypes.id, body.user_type_id)));
    if (!type) errors.user_type_id = ['people.user_type_unknown'];
    else if (!canUseType(acc.types, type.id)) throw forbidden('people.out_of_access');
    else mandatory = type.mandatoryData;
  }
  // The user type's mandatory data (rule 194).
  for (const f of mandatory) {
    if (f === 'photo') continue;
    const v = (body as Record<string, unknown>)[f] ?? (existing as Record<string, unknown> | undefined)?.[f === 'id_number' ? 'idNumber' : f === 'company_name' ? 'companyName' : f];
    if (v === undefined || v === null || v === '') errors[f] = ['people.field_required'];
  }
  // Roles, and the e-mail and grants of people who hold one, follow the protection policy (issue 16 part 1).
  const changes = await consoleChanges(tx, existing, body);
  if (changes.length) {
    const p = await protectedOf(tx, entityId);
    for (const change of changes) assertMay(actor, existing ?? { id: 0, roleId: null }, change, p, body.role_id);
  }
  if (changes.includes('role') && body.role_id != null && !(await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.entityId, entityId), eq(roles.id, body.role_id)))).length) {
    errors.role_id = ['people.role_unknown'];
  }
  let departmentId = body.department_id;
  if (departmentId != null && !(await tx.select({ id: departments.id }).from(departments).where(and(eq(departments.entityId, entityId), eq(departments.id, departmentId)))).length) errors.department_id = ['people.department_unknown'];
  if (body.department && departmentId === undefined) {
    await tx.insert(departments).values({ entityId, name: body.department }).onConflictDoNothing();
    departmentId = (await tx.select({ id: departments.id }).from(departments).where(and(eq(departments.entityId, entityId), sql`lower(${departments.name}) = lower(${body.department})`)))[0]?.id;
  }
  if (body.sites && !(await ownIds(tx, sites, entityId, body.sites))) errors.sites = ['errors.not_found'];
  if (body.user_types && !(await ownIds(tx, userTypes, entityId, body.user_types))) errors.user_types = ['errors.not_found'];
  const values = await checkCustomFieldValues(tx, entityId, body.custom_fields).catch((e: { extra?: { errors?: Record<string, string[]> } }) => {
    Object.assign(errors, e.extra?.errors ?? { custom_fields: ['people.custom_field_value'] });
    return undefined;
  });
  if (Object.keys(errors).length) throw badRequest(errors);
  await assertUnique(tx, entityId, { email: body.email, phone: body.phone, idNumber: body.id_number, rfid: body.rfid }, id);

  const cols = Object.fromEntries(
    Object.entries({
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      phone: body.phone,
      phoneCode: body.phone_code,
      idNumber: body.id_number,
      companyName: body.company_name,
      userTypeId: body.user_type_id,
      roleId: body.role_id,
      departmentId,
      rfid: body.rfid,
      lang: body.lang,
      resources: body.resources,
      allSites: body.all_sites,
      allUserTypes: body.all_user_types,
      image: body.image,
    }).filter(([, v]) => v !== undefined),
  );
  let row: typeof users.$inferSelect;
  try {
    if (existing) {
      [row] = await tx.update(users).set({ ...cols, updatedAt: sql`now()` }).where(and(eq(users.entityId, entityId), eq(users.id, existing.id))).returning();
    } else {
      [row] = await tx.insert(users).values({ entityId, firstName: body.first_name!, lastName: body.last_name!, ...cols }).returning();
    }
  } catch (err) {
    throw uniqueConflict(err) ?? err;
  }
  if (body.labels) {
    const ids = await labelIds(tx, entityId, body.labels);
    await tx.delete(userLabels).where(and(eq(userLabels.entityId, entityId), eq(userLabels.userId, row.id)));
    if (ids.length) await tx.insert(userLabels).values(ids.map((labelId) => ({ entityId, userId: row.id, labelId })));
  }
  if (body.sites) {
    await tx.delete(userSites).where(and(eq(userSites.entityId, entityId), eq(userSites.userId, row.id)));
    if (body.sites.length) await tx.insert(userSites).values([...new Set(body.sites)].map((siteId) => ({ entityId, userId: row.id, siteId })));
  }
  if (body.user_types) {
    await tx.delete(userUserTypes).where(and(eq(userUserTypes.entityId, entityId), eq(userUserTypes.userId, row.id)));
    if (body.user_types.length) await tx.insert(userUserTypes).values([...new Set(body.user_types)].map((userTypeId) => ({ entityId, userId: row.id, userTypeId })));
  }
  if (values?.length) await writeCustomFieldValues(tx, entityId, row.id, values);
  return { row, changes };
}
