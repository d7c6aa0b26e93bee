import { and, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import type { ResolvedLink } from './link';

/**
 * Who can host through a link: the active people of the link's host user types, or, when it names none, the
 * organisation's console users (staff with a role).
 */
export function hostCondition(link: NonNullable<ResolvedLink>) {
  const types = link.link.hostUserTypeIds;
  return and(eq(users.entityId, link.entity.id), eq(users.status, 'active'), types.length ? inArray(users.userTypeId, types) : isNotNull(users.roleId));
}

export async function searchHosts(tx: Db, link: NonNullable<ResolvedLink>, search: string, limit = 10) {
  const like = `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(hostCondition(link), or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like))))
    .orderBy(users.lastName, users.firstName)
    .limit(limit);
  return rows.map((r) => ({ id: r.id, full_name: `${r.firstName} ${r.lastName}` }));
}

export async function isHost(tx: Db, link: NonNullable<ResolvedLink>, userId: number) {
  const [row] = await tx.select({ id: users.id }).from(users).where(and(hostCondition(link), eq(users.id, userId)));
  return !!row;
}
