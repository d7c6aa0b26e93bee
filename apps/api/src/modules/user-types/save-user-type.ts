import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { zUserTypeBody } from '@gatehouse/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { journeyFlows, journeys, userTypes } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';

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
  // A body without translations keeps the stored ones.
  ...(b.name_i18n ? { nameI18n: b.name_i18n } : {}),
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

/**
 * Rule 192 when a type becomes 'registration not required': a journey with a flow for it must have no flow for
 * another such type (the journey builder refuses the second flow; this refuses the edit that would make one).
 */
async function assertNotRequiredOnce(tx: Db, entityId: number, id: number) {
  const [clash] = await tx
    .select({ journey: journeys.name })
    .from(journeyFlows)
    .innerJoin(journeys, and(eq(journeys.id, journeyFlows.journeyId), eq(journeys.entityId, entityId)))
    .innerJoin(userTypes, and(eq(userTypes.id, journeyFlows.userTypeId), eq(userTypes.entityId, entityId)))
    .where(
      and(
        eq(journeyFlows.entityId, entityId),
        ne(journeyFlows.userTypeId, id),
        eq(userTypes.registrationMethod, 'not_required'),
        sql`${journeyFlows.journeyId} in (select f.journey_id from journey_flows f where f.entity_id = ${entityId} and f.user_type_id = ${id})`,
      ),
    )
    .limit(1);
  if (clash) throw new AppError(400, 'user_types.not_required_once', { errors: { registration_method: ['user_types.not_required_once'] }, vars: { journey: clash.journey } });
}

export async function saveUserType(tx: Db, entityId: number, body: Body, id?: number) {
  if (await nameTaken(tx, entityId, body.name, id)) throw conflict('user_types.name_exists', { name: ['user_types.name_exists'] });
  await checkParent(tx, entityId, id ?? null, body.parent_id);
  if (id !== undefined && body.registration_method === 'not_required') await assertNotRequiredOnce(tx, entityId, id);
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
