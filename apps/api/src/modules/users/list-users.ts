import type { ListQuery } from '@gatehouse/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { userLabels, userTypes, users } from '../../db/schema/index';
import { personTiedTo } from '../../platform/auth/grants';
import type { Db } from '../../platform/db/client';
import { type Access, visibleTo } from './policy';
import { presentUserRow } from './present';

const ids = (v: unknown): number[] | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  const list = (Array.isArray(v) ? v : String(v).split(',')).map(Number).filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31);
  return list.slice(0, 500);
};

const SORTS: Record<string, SQL | ReturnType<typeof sql>> = {
  first_name: sql`${users.firstName}`,
  last_name: sql`${users.lastName}`,
  email: sql`${users.email}`,
  phone: sql`${users.phone}`,
  id_number: sql`${users.idNumber}`,
  company_name: sql`${users.companyName}`,
  user_type_id: sql`${users.userTypeId}`,
  created_at: sql`${users.createdAt}`,
  id: sql`${users.id}`,
};

/** Escapes LIKE wildcards in user input. */
export const likeText = (s: string) => `%${s.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;

/**
 * The users grid (rule 164): server-side paging, sorting and filters from filterBy: status (active|archived),
 * user_type_id, label (id), site_id, department_id, role_id, has_passport, invitable, has_rfid, search. Only visible people (rule 96).
 */
export async function listUsers(tx: Db, entityId: number, access: Access, q: ListQuery) {
  const f = q.filterBy;
  const conds: (SQL | undefined)[] = [eq(users.entityId, entityId), visibleTo(access)];
  conds.push(eq(users.status, f.status === 'archived' ? 'archived' : 'active'));
  const typeIds = ids(f.user_type_id);
  if (typeIds) conds.push(typeIds.length ? inArray(users.userTypeId, typeIds) : sql`false`);
  const labelIds = ids(f.label ?? f.label_id);
  if (labelIds) conds.push(sql`exists (select 1 from ${userLabels} l where l.user_id = ${users.id} and l.label_id in ${labelIds.length ? labelIds : [0]})`);
  const siteIds = ids(f.site ?? f.site_id);
  if (siteIds) conds.push(personTiedTo(users.id, users.allSites, siteIds));
  const deptIds = ids(f.department_id);
  if (deptIds) conds.push(inArray(users.departmentId, deptIds.length ? deptIds : [0]));
  const roleIds = ids(f.role_id);
  if (roleIds) conds.push(inArray(users.roleId, roleIds.length ? roleIds : [0]));
  if (f.has_passport === 1 || f.has_passport === '1') conds.push(sql`${users.accountId} is not null`);
  // RFID enrolment state (the /rfid-enrollment page).
  if (f.has_rfid === 1 || f.has_rfid === '1') conds.push(sql`${users.rfid} is not null`);
  if (f.has_rfid === 0 || f.has_rfid === '0') conds.push(sql`${users.rfid} is null`);
  // People who can be invited to the dashboard (rule 166): an e-mail and no passport yet.
  if (f.invitable === 1 || f.invitable === '1') conds.push(sql`${users.accountId} is null and ${users.email} is not null`);
  if (typeof f.search === 'string' && f.search.trim()) {
    const s = f.search.trim().slice(0, 100);
    const like = likeText(s);
    conds.push(
      sql`${users.searchText} like ${like}`,
    );
  }
  const where = and(...conds);
  const dir = q.orderBy === 'desc' ? desc : asc;
  const key = q.sortField && Object.hasOwn(SORTS, q.sortField) ? q.sortField : q.sortField === 'full_name' ? 'full_name' : undefined;
  // Each order is the column of one (entity, status, column, id) index; names sort by first then last name.
  const order = key === 'full_name' || key === 'first_name' || !key ? [dir(users.firstName), dir(users.lastName), dir(users.id)] : [dir(SORTS[key]), dir(users.id)];
  // The page's ids first, from the index alone (a deep page skips narrow index entries, not whole rows), then
  // those rows with their user type.
  const page = await tx
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const pageIds = page.map((r) => r.id);
  const rows = pageIds.length
    ? await tx
        .select({ u: users, typeName: userTypes.name })
        .from(users)
        .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
        .where(and(eq(users.entityId, entityId), inArray(users.id, pageIds)))
    : [];
  const byId = new Map(rows.map((r) => [r.u.id, r]));
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  return { data: pageIds.map((id) => byId.get(id)!).filter(Boolean).map((r) => presentUserRow(r.u, r.typeName)), count: Number(n) };
}
