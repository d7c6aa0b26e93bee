import type { ListQuery } from '@gatehouse/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { userTypes, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { type Access, visibleTo } from './policy';
import { presentUserRow } from './present';

/** Names at least this similar (pg_trgm) count as a suspected duplicate. */
export const NAME_SIMILARITY = 0.6;

const rowsOf = <R>(res: unknown) => (res as { rows: R[] }).rows;
const REASONS = ['email', 'phone', 'id_number', 'name'] as const;

/**
 * Suspected duplicate pairs among the visible people (rule 286): the same e-mail (ignoring dots and +tags), phone
 * (last 9 digits, so a country code does not hide it) or ID (ignoring case and punctuation), or names similar by
 * trigram similarity. Each pair once (a < b) with its reasons, paged; filterBy.reason narrows to one reason.
 */
export async function findDuplicates(tx: Db, entityId: number, access: Access, q: ListQuery) {
  // Only the reasons asked for are computed. The same e-mail, phone or ID joins the people on the database's
  // normalised keys (users.dup_*), read from their indexes; similar names compare every pair (see docs/decisions.md).
  const only = REASONS.find((r) => r === q.filterBy.reason);
  const wanted = only ? [only] : typeof q.filterBy.reason === 'string' ? [] : REASONS;
  if (!wanted.length) return { data: [], count: 0 };
  const vis = visibleTo(access);
  // The people the actor may see, when their grants are limited: both people of a pair must be among them.
  const visibleIds = vis ? sql`(select ${users.id} from ${users} where ${users.entityId} = ${entityId} and ${users.status} = 'active' and ${vis})` : undefined;
  const bothVisible = visibleIds ? sql` and a.id in ${visibleIds} and b.id in ${visibleIds}` : sql``;
  const sameKey = (r: Exclude<(typeof REASONS)[number], 'name'>) => {
    const key = sql.raw(`dup_${r}`);
    return sql`select a.id as a, b.id as b, ${r}::text as reason, 1.0::real as score
      from users a join users b on b.entity_id = ${entityId} and b.status = 'active' and b.${key} = a.${key} and b.id > a.id
      where a.entity_id = ${entityId} and a.status = 'active' and a.${key} is not null${bothVisible}`;
  };
  if (wanted.includes('name')) await tx.execute(sql`select set_limit(${NAME_SIMILARITY})`);
  const names = sql`select a.id as a, b.id as b, 'name'::text as reason, similarity(a.name, b.name) as score from p a join p b on a.name % b.name and a.id < b.id`;
  const pairs = sql`
    with p as (
      select id, lower(first_name || ' ' || last_name) as name from users
      where entity_id = ${entityId} and status = 'active'${visibleIds ? sql` and id in ${visibleIds}` : sql``}),
    pairs as (${sql.join(
      wanted.map((r) => (r === 'name' ? names : sameKey(r))),
      sql` union all `,
    )}),
    grouped as (select a, b, array_agg(distinct reason order by reason) as reasons, max(score) as score from pairs group by a, b)`;
  const list = rowsOf<{ a: number; b: number; reasons: string[]; score: number }>(
    await tx.execute(sql`${pairs} select a, b, reasons, score from grouped order by score desc, a, b limit ${q.limit} offset ${(q.page - 1) * q.limit}`),
  );
  const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`${pairs} select count(*)::int as n from grouped`));
  const ids = [...new Set(list.flatMap((p) => [Number(p.a), Number(p.b)]))];
  const people = ids.length
    ? await tx.select({ u: users, typeName: userTypes.name }).from(users).leftJoin(userTypes, eq(userTypes.id, users.userTypeId)).where(and(eq(users.entityId, entityId), inArray(users.id, ids)))
    : [];
  const byId = new Map(people.map((p) => [p.u.id, presentUserRow(p.u, p.typeName)]));
  return {
    data: list.map((p) => ({ user: byId.get(Number(p.a))!, duplicate: byId.get(Number(p.b))!, reasons: p.reasons, similarity: Math.round(Number(p.score) * 100) / 100 })),
    count: Number(n),
  };
}
