import type { UserRolePayload } from '@gatehouse/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { roles, sites, userSites, userTypes, userUserTypes, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';

/**
 * What the "Permissions Updated" notice tells a person (rules 67-69): the role before and after, and the sites
 * and user types they are granted (every one when the person is not restricted).
 */
export async function roleNotice(tx: Db, entityId: number, userId: number, oldRoleId: number | null, updatedBy: number): Promise<UserRolePayload | null> {
  const [person] = await tx.select().from(users).where(and(eq(users.entityId, entityId), eq(users.id, userId)));
  if (!person) return null;
  const roleIds = [oldRoleId, person.roleId].filter((v): v is number => v != null);
  const names = new Map(
    roleIds.length ? (await tx.select({ id: roles.id, name: roles.name }).from(roles).where(and(eq(roles.entityId, entityId), inArray(roles.id, roleIds)))).map((r) => [r.id, r.name]) : [],
  );
  const siteNames = person.allSites
    ? await tx.select({ name: sites.name }).from(sites).where(eq(sites.entityId, entityId)).orderBy(sites.name)
    : await tx
        .select({ name: sites.name })
        .from(userSites)
        .innerJoin(sites, eq(sites.id, userSites.siteId))
        .where(and(eq(userSites.entityId, entityId), eq(userSites.userId, userId)))
        .orderBy(sites.name);
  const typeNames = person.allUserTypes
    ? await tx.select({ name: userTypes.name }).from(userTypes).where(eq(userTypes.entityId, entityId)).orderBy(userTypes.name)
    : await tx
        .select({ name: userTypes.name })
        .from(userUserTypes)
        .innerJoin(userTypes, eq(userTypes.id, userUserTypes.userTypeId))
        .where(and(eq(userUserTypes.entityId, entityId), eq(userUserTypes.userId, userId)))
        .orderBy(userTypes.name);
  return {
    user_id: userId,
    updated_by: updatedBy,
    oldRole: oldRoleId ? (names.get(oldRoleId) ?? null) : null,
    newRole: person.roleId ? (names.get(person.roleId) ?? null) : null,
    siteNames: siteNames.map((s) => s.name),
    userTypeNames: typeNames.map((t) => t.name),
  };
}
