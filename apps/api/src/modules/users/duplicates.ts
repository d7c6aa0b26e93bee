import type { ListQuery } from '@gatehouse/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { userTypes, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { type Access, visibleTo } from './policy';
import { presentUserRow } from './present';

/** Names at least this similar (pg_trgm) count as a suspected duplicate. */
export const NAME_SIMILARITY = 0.6;

const rowsOf = <R>(res: unknown) => (res as { rows: R[] }).rows;

/**
 * Suspected duplicate pairs among the visible people (rule 286): the same e-mail (ignoring dots and +tags), phone
 * (last 9 digits, so a country code does not hide it) or ID (ignoring case and punctuation), or names similar by
 * trigram similarity. Each pair once (a < b) with its reasons, paged; filterBy.reason narrows to one reason.
 */
export async function findDuplicates(tx: Db, entityId: number, access: Access, q: ListQuery) {
  const reason = typeof q.filterBy.reason === 'string' ? q.filterBy.reason : undefined;
  const vis = visibleTo(access);
  // The visible people as a set of ids the pair query joins against.
  const visibleIds = vis
    ? sql`(select ${users.id} from ${users} where ${users.entityId} = ${entityId} and ${users.status} = 'active' and ${vis})`
    : sql`(select id from users where entity_id = ${entityId} and status = 'active')`;
  await tx.execute(sql`select set_limit(${NAME_SIMILARITY})`);
  const pairs = sql`
    with p as (
      select id, lower(first_name || ' ' || last_name) as name,
        -- e-mail without dots and +tags in the local part; the last 9 digits of the phone; the ID without punctuation
        case when email is null then null else regexp_replace(split_part(lower(email), '@', 1), '([+].*$)|[.]', '', 'g') || '@' || split_part(lower(email), '@', 2) end as email,
        case when length(phone) >= 9 then right(phone, 9) else phone end as phone,
        nullif(regexp_replace(lower(id_number), '[^a-z0-9]', '', 'g'), '') as id_number
      from users where entity_id = ${entityId} and id in ${visibleIds}),
    pairs as (
      select a.id as a, b.id as b, 'email' as reason, 1.0::real as score from p a join p b on a.email = b.email and a.id < b.id
      union all select a.id, b.id, 'phone', 1.0::real from p a join p b on a.phone = b.phone and a.id < b.id
      union all select a.id, b.id, 'id_number', 1.0::real from p a join p b on a.id_number = b.id_number and a.id < b.id
      union all select a.id, b.id, 'name', similarity(a.name, b.name) from p a join p b on a.name % b.name and a.id < b.id
    ),
    grouped as (select a, b, array_agg(distinct reason order by reason) as reasons, max(score) as score from pairs ${reason ? sql`where reason = ${reason}` : sql``} group by a, b)`;
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
