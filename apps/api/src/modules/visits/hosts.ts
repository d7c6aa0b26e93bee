import { and, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import type { FlowType } from './link';

/**
 * Who can host a visitor of this flow (rule 197's host settings): the active people of the flow's host user
 * types, or, when it names none, the organisation's console users (staff with a role). The kiosk and the console
 * read the same flow settings.
 */
export function hostCondition(entityId: number, flow: Pick<FlowType['flow'], 'hostUserTypeIds'>) {
  const types = flow.hostUserTypeIds;
  return and(eq(users.entityId, entityId), eq(users.status, 'active'), types.length ? inArray(users.userTypeId, types) : isNotNull(users.roleId));
}

/** Hosts whose first, last or full name contains the search: ids and names only (nothing else is public). */
export async function searchHosts(tx: Db, entityId: number, flow: Pick<FlowType['flow'], 'hostUserTypeIds'>, search: string, limit = 10) {
  const like = `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(hostCondition(entityId, flow), or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like))))
    .orderBy(users.lastName, users.firstName)
    .limit(limit);
  return rows.map((r) => ({ id: r.id, full_name: `${r.firstName} ${r.lastName}` }));
}

export async function isHost(tx: Db, entityId: number, flow: Pick<FlowType['flow'], 'hostUserTypeIds'>, userId: number) {
  const [row] = await tx.select({ id: users.id }).from(users).where(and(hostCondition(entityId, flow), eq(users.id, userId)));
  return !!row;
}
