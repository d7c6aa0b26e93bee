import type { ListQuery } from '@gatehouse/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { userTypes, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { type Access, visibleTo } from './policy';
import { presentUserRow } from './present';

/**
 * Names at least this similar (pg_trgm) count as a suspected duplicate. Migration 0019's trigger keeps such pairs
 * in `user_name_pairs` (its function's own `pg_trgm.similarity_threshold`: change both together).
 */
export const NAME_SIMILARITY = 0.6;
/** The most name pairs the board lists, the most similar first; pairs by e-mail, phone or ID are all listed. */
export const NAME_PAIRS_MAX = 10_000;

const rowsOf = <R>(res: unknown) => (res as { rows: R[] }).rows;
type Reason = 'email' | 'phone' | 'id_number' | 'name';
const REASONS: Reason[] = ['email', 'phone', 'id_number', 'name'];

/**
 * Suspected duplicate pairs among the visible people (rule 286): the same e-mail (ignoring dots and +tags), phone
 * (last 9 digits, so a country code does not hide it) or ID (ignoring case and punctuation), or names similar by
 * trigram similarity. Each pair once (a < b) with its reasons, paged; filterBy.reason narrows to one reason.
 *
 * Bounded (issue 15 part 1): the same keys are found by one hash join over the visible people (no pair of people
 * is compared), and similar names are not compared here at all: `user_name_pairs` holds them (kept on every
 * insert and rename through the trigram index, up to 20 a person) and is read in its index order, at most
 * NAME_PAIRS_MAX of them.
 */
export async function findDuplicates(tx: Db, entityId: number, access: Access, q: ListQuery) {
  const only = REASONS.find((r) => r === q.filterBy.reason);
  const wanted = only ? [only] : REASONS;
  const vis = visibleTo(access);
  const keyed = wanted
    .filter((r) => r !== 'name')
    .map((r) => sql`select a.id as a, b.id as b, ${r}::text as reason, 1.0::real as score from p a join p b on a.${sql.raw(r)} = b.${sql.raw(r)} and a.id < b.id`);
  const named = wanted.includes('name')
    ? [
        sql`select * from (select n.a, n.b, 'name'::text as reason, n.score from user_name_pairs n
          where n.entity_id = ${entityId} and n.score >= ${NAME_SIMILARITY} and n.a in (select id from p) and n.b in (select id from p)
          order by n.score desc, n.a, n.b limit ${NAME_PAIRS_MAX}) named`,
      ]
    : [];
  const pairs = sql`
    with p as materialized (
      select id,
        -- e-mail without dots and +tags in the local part; the last 9 digits of the phone; the ID without punctuation
        case when email is null then null else regexp_replace(split_part(lower(email), '@', 1), '([+].*$)|[.]', '', 'g') || '@' || split_part(lower(email), '@', 2) end as email,
        case when length(phone) >= 9 then right(phone, 9) else phone end as phone,
        nullif(regexp_replace(lower(id_number), '[^a-z0-9]', '', 'g'), '') as id_number
      from ${users} where ${users.entityId} = ${entityId} and ${users.status} = 'active'${vis ? sql` and ${vis}` : sql``}),
    pairs as (${sql.join([...keyed, ...named], sql` union all `)}),
    grouped as (select a, b, array_agg(distinct reason order by reason) as reasons, max(score) as score from pairs group by a, b)`;
  const list = rowsOf<{ a: number; b: number; reasons: string[]; score: number; n: number }>(
    await tx.execute(sql`${pairs} select a, b, reasons, score, count(*) over ()::int as n from grouped order by score desc, a, b limit ${q.limit} offset ${(q.page - 1) * q.limit}`),
  );
  // Past the last page the window has no row to count on.
  const n = list.length ? list[0]!.n : rowsOf<{ n: number }>(await tx.execute(sql`${pairs} select count(*)::int as n from grouped`))[0]!.n;
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
