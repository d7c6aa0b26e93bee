import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { zUserTypeBody } from '@gatehouse/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { userTypes } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { badRequest, conflict, notFound } from '../../platform/errors';

type Body = z.output<typeof zUserTypeBody>;

/** The ids of a type and all its descendants. */
export async function descendantsOf(tx: Db, entityId: number, id: number): Promise<number[]> {
  const rows = await tx.execute<{ id: number }>(sql`
    with recursive d(id) as (select ${id}::int union select t.id from user_types t join d on t.parent_id = d.id where t.entity_id = ${entityId})
    select id from d`);
  return (rows as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

/** Refuses a parent that does not exist or would make a cycle (a type under itself or its descendants). */
export async function checkParent(tx: Db, entityId: number, id: number | null, parentId: number | null | undefined) {
  if (parentId == null) return;
  const [parent] = await tx.select({ id: userTypes.id }).from(userTypes).where(and(eq(userTypes.entityId, entityId), eq(userTypes.id, parentId)));
  if (!parent) throw badRequest({ parent_id: ['user_types.parent_unknown'] });
  if (id !== null && (await descendantsOf(tx, entityId, id)).includes(parentId)) throw badRequest({ parent_id: ['user_types.parent_cycle'] });
}

/** Rule 189: names are unique per organisation (case-insensitive). */
export async function nameTaken(tx: Db, entityId: number, name: string, exceptId?: number) {
  const rows = await tx
    .select({ id: userTypes.id })
    .from(userTypes)
    .where(and(eq(userTypes.entityId, entityId), sql`lower(${userTypes.name}) = lower(${name})`, exceptId ? ne(userTypes.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

const columns = (b: Body) => ({
  name: b.name,
  parentId: b.parent_id ?? null,
  registrationMethod: b.registration_method,
  gracePeriod: b.grace_period,
  mandatoryData: b.mandatory_data,
  profilePhoto: b.profile_photo,
  allowSwitch: b.allow_switch,
  isStaff: b.is_staff,
  allowNotSelectHost: b.allowNotSelectHost,
  hostUserTypeIds: b.host_user_type_ids,
});

export async function saveUserType(tx: Db, entityId: number, body: Body, id?: number) {
  if (await nameTaken(tx, entityId, body.name, id)) throw conflict('user_types.name_exists', { name: ['user_types.name_exists'] });
  await checkParent(tx, entityId, id ?? null, body.parent_id);
  if (id === undefined) {
    const [row] = await tx.insert(userTypes).values({ entityId, ...columns(body), qrToken: randomBytes(12).toString('hex') }).returning();
    return row;
  }
  const [row] = await tx
    .update(userTypes)
    .set({ ...columns(body), updatedAt: sql`now()` })
    .where(and(eq(userTypes.entityId, entityId), eq(userTypes.id, id)))
    .returning();
  if (!row) throw notFound();
  return row;
}
