import type { ListQuery } from '@gatehouse/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { userTypes, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { compareQueuedNames, queuedNames } from './name-pairs';
import { type Access, visibleTo } from './policy';
import { presentUserRow } from './present';

const rowsOf = <R>(res: unknown) => (res as { rows: R[] }).rows;
const REASONS = ['email', 'phone', 'id_number', 'name'] as const;
/** People waiting to be compared that the board compares itself before it reads (one short batch). */
export const NAMES_INLINE = 50;
/** Similar-name pairs counted at most: beyond it the count says "at least" (count_capped), and the pages stop there. */
export const NAME_COUNT_CAP = 1_000;

/**
 * Suspected duplicate pairs among the visible people (rule 286): the same e-mail (ignoring dots and +tags), phone
 * (last 9 digits, so a country code does not hide it) or ID (ignoring case and punctuation), or names similar by
 * trigram similarity. Each pair once (a < b) with its reasons, paged; filterBy.reason narrows to one reason.
 */
export async function findDuplicates(tx: Db, entityId: number, access: Access, q: ListQuery) {
  // Only the reasons asked for are computed. The same e-mail, phone or ID joins the people on the database's
  // normalised keys (users.dup_*), read from their indexes; similar names are read from the pairs the background
  // found (name-pairs.ts), ordered by an index: nothing compares every pair of names here.
  const only = REASONS.find((r) => r === q.filterBy.reason);
  const wanted = only ? [only] : typeof q.filterBy.reason === 'string' ? [] : REASONS;
  let namesPending = 0;
  if (wanted.includes('name')) {
    // A few people added or renamed since: compared now, so that the board is complete; more (an import): the
    // background compares them and the board says how many are left.
    namesPending = await queuedNames(tx, entityId);
    if (namesPending > 0 && namesPending <= NAMES_INLINE) {
      await compareQueuedNames(tx, entityId, NAMES_INLINE);
      namesPending = await queuedNames(tx, entityId);
    }
  }
  if (!wanted.length) return { data: [], count: 0, names_pending: 0, count_capped: false };
  const vis = visibleTo(access);
  // The people the actor may see, when their grants are limited: both people of a pair must be among them.
  const visibleIds = vis ? sql`(select ${users.id} from ${users} where ${users.entityId} = ${entityId} and ${users.status} = 'active' and ${vis})` : undefined;
  const bothVisible = visibleIds ? sql` and a.id in ${visibleIds} and b.id in ${visibleIds}` : sql``;
  const namedVisible = visibleIds ? sql` and n.user_a in ${visibleIds} and n.user_b in ${visibleIds}` : sql``;
  const sameKey = (r: Exclude<(typeof REASONS)[number], 'name'>) => {
    const key = sql.raw(`dup_${r}`);
    return sql`select a.id as a, b.id as b, ${r}::text as reason, 1.0::real as score
      from users a join users b on b.entity_id = ${entityId} and b.status = 'active' and b.${key} = a.${key} and b.id > a.id
      where a.entity_id = ${entityId} and a.status = 'active' and a.${key} is not null${bothVisible}`;
  };
  const keys = wanted.filter((r) => r !== 'name') as Exclude<(typeof REASONS)[number], 'name'>[];
  const withName = wanted.includes('name');
  const offset = (q.page - 1) * q.limit;
  // The kept name pairs in the board's order (score, then ids), read from duplicate_name_pairs_board_idx: its score
  // is DESC NULLS LAST, and a plain DESC (nulls first) would not match it (a sort of every pair: 0.96 s on 4.7 M).
  const named = (limit: number) => sql`select n.user_a as a, n.user_b as b, 'name'::text as reason, n.score from duplicate_name_pairs n
    where n.entity_id = ${entityId}${namedVisible} order by n.score desc nulls last, n.user_a, n.user_b limit ${limit}`;
  const keyed = keys.length ? sql.join(keys.map(sameKey), sql` union all `) : sql`select null::int as a, null::int as b, null::text as reason, null::real as score where false`;
  // A pair in the page is among the first (offset + limit) of either list; a pair with a same key also shows the
  // name reason when its names are similar, wherever its name score ranks.
  const pairs = sql`
    with keyed as (${keyed}),
    keyed_named as (select k.a, k.b, 'name'::text as reason, n.score from (select distinct a, b from keyed) k
      join duplicate_name_pairs n on n.user_a = k.a and n.user_b = k.b ${withName ? sql`` : sql`and false`}),
    pairs as (select * from keyed union all select * from keyed_named${withName ? sql` union all (${named(offset + q.limit)})` : sql``}),
    grouped as (select a, b, array_agg(distinct reason order by reason) as reasons, max(score) as score from pairs group by a, b)`;
  const list = rowsOf<{ a: number; b: number; reasons: string[]; score: number }>(
    await tx.execute(sql`${pairs} select a, b, reasons, score from grouped order by score desc, a, b limit ${q.limit} offset ${offset}`),
  );
  // The count: pairs by a same key, plus the name pairs (counted up to the cap), less those that are both.
  const [c] = rowsOf<{ keyed: number; overlap: number; named: number }>(
    await tx.execute(sql`with keyed as (${keyed})
      select (select count(*) from (select distinct a, b from keyed) k)::int as keyed,
        ${withName ? sql`(select count(*) from (select distinct k.a, k.b from keyed k join duplicate_name_pairs n on n.user_a = k.a and n.user_b = k.b) o)::int` : sql`0`} as overlap,
        ${withName ? sql`(select count(*) from (select 1 from duplicate_name_pairs n where n.entity_id = ${entityId}${namedVisible} limit ${NAME_COUNT_CAP + 1}) n)::int` : sql`0`} as named`),
  );
  const capped = Number(c!.named) > NAME_COUNT_CAP;
  const count = Number(c!.keyed) + Math.min(Number(c!.named), NAME_COUNT_CAP) - (capped ? 0 : Number(c!.overlap));
  const ids = [...new Set(list.flatMap((p) => [Number(p.a), Number(p.b)]))];
  const people = ids.length
    ? await tx.select({ u: users, typeName: userTypes.name }).from(users).leftJoin(userTypes, eq(userTypes.id, users.userTypeId)).where(and(eq(users.entityId, entityId), inArray(users.id, ids)))
    : [];
  const byId = new Map(people.map((p) => [p.u.id, presentUserRow(p.u, p.typeName)]));
  return {
    data: list.map((p) => ({ user: byId.get(Number(p.a))!, duplicate: byId.get(Number(p.b))!, reasons: p.reasons, similarity: Math.round(Number(p.score) * 100) / 100 })),
    count,
    names_pending: namesPending,
    count_capped: capped,
  };
}
