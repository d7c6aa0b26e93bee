import type { UserRolePayload } from '@gatehouse/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { roles, sites, userTypes, users } from '../../db/schema/index';
import { grantsOf } from '../../platform/auth/grants';
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
  const grants = await grantsOf(tx, { entityId, userId, allSites: person.allSites, allUserTypes: person.allUserTypes });
  const siteNames = await tx.select({ name: sites.name }).from(sites).where(and(eq(sites.entityId, entityId), grants.siteCondition(sites.id))).orderBy(sites.name);
  const typeNames = await tx.select({ name: userTypes.name }).from(userTypes).where(and(eq(userTypes.entityId, entityId), grants.userTypeCondition(userTypes.id))).orderBy(userTypes.name);
  return {
    user_id: userId,
    updated_by: updatedBy,
    oldRole: oldRoleId ? (names.get(oldRoleId) ?? null) : null,
    newRole: person.roleId ? (names.get(person.roleId) ?? null) : null,
    siteNames: siteNames.map((s) => s.name),
    userTypeNames: typeNames.map((t) => t.name),
  };
}
