import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { userTypes, users, userUserTypes } from '../../db/schema/index';
import { rowsOf } from '../../platform/db/client';
import { asSystem, withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createMember, createOrg, type Org } from '../../../test/factories';
import { NAMES_INLINE } from './duplicates';
import { compareAllQueued, compareQueuedNames } from './name-pairs';

// Without the job queue: these tests run the background comparison themselves, batch by batch.
let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp({ jobs: false });
});
afterAll(() => h.close());
const db = () => h.services.database.db;

async function typeOf(org: Org, name = 'Visitor') {
  const [t] = await withTenant(db(), org.entityId, (tx) => tx.insert(userTypes).values({ entityId: org.entityId, name }).returning());
  return t.id;
}
async function person(org: Org, typeId: number, first: string, last: string) {
  const res = await api(h.app, org.token).post('/api/users', { user_type_id: typeId, first_name: first, last_name: last });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}
type Page = { data: { user: { id: number }; duplicate: { id: number }; reasons: string[]; similarity: number }[]; count: number; names_pending: number; count_capped: boolean };
/** The board's page of similar-name pairs, or of every reason (`reason` null). */
async function board(org: Org, token = org.token, reason: string | null = 'name') {
  const res = await api(h.app, token).get(`/api/get_users_duplicate/${org.entityId}?limit=100&filterBy=${encodeURIComponent(JSON.stringify(reason ? { reason } : {}))}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Page;
}
const pairsOf = (page: Page) => page.data.map((p) => [p.user.id, p.duplicate.id].sort((x, y) => x - y).join('-')).sort();
const pair = (x: number, y: number) => [x, y].sort((p, q) => p - q).join('-');
/** A made-up family name unlike the others (eight letters drawn from i). */
const unlike = (i: number) => Array.from({ length: 8 }, (_, k) => String.fromCharCode(97 + ((i * 7919 + k * 104729 + k * k * i) % 26))).join('');
/** Inserts `n` people at once as the database's owner (as an import or a sync writes them). */
async function bulk(org: Org, typeId: number, n: number, name: (i: number) => string) {
  await db().execute(sql`insert into users (entity_id, first_name, last_name, user_type_id)
    select ${org.entityId}, 'Bulk', v.last, ${typeId} from unnest(${`{${Array.from({ length: n }, (_, i) => `"${name(i)}"`).join(',')}}`}::text[]) as v(last)`);
}

describe('similar-name pairs (rule 286, issue 15 part 1)', () => {
  it('pairs spellings of one name ("Mohammed Khan"/"Muhammad Khan", "Hannah Park"/"Hana Park"), not different names', async () => {
    const org = await createOrg(h);
    const t = await typeOf(org);
    const mohammed = await person(org, t, 'Mohammed', 'Khan');
    const muhammad = await person(org, t, 'Muhammad', 'Khan');
    const hannah = await person(org, t, 'Hannah', 'Park');
    const hana = await person(org, t, 'Hana', 'Park');
    await person(org, t, 'Bruno', 'Costa');
    await person(org, t, 'Hannah', 'Costa');
    await person(org, t, 'Julia', 'Khan');
    const page = await board(org);
    expect(pairsOf(page)).toEqual([pair(mohammed, muhammad), pair(hannah, hana)].sort());
    expect(page.count).toBe(2);
    expect(page.names_pending).toBe(0);
    // Spelled alike (their skeletons "mhmd khn" are the same): the better of the two similarities is the score.
    expect(page.data.find((p) => pair(p.user.id, p.duplicate.id) === pair(mohammed, muhammad))!.similarity).toBe(1);
  });

  it('a rename removes the old pairs and finds the new ones; archiving and deleting remove them', async () => {
    const org = await createOrg(h);
    const t = await typeOf(org);
    const hannah = await person(org, t, 'Hannah', 'Park');
    const hana = await person(org, t, 'Hana', 'Park');
    const bruno = await person(org, t, 'Bruno', 'Costa');
    const mohammed = await person(org, t, 'Mohammed', 'Khan');
    const muhammad = await person(org, t, 'Muhammad', 'Khan');
    expect(pairsOf(await board(org))).toEqual([pair(hannah, hana), pair(mohammed, muhammad)].sort());
    const rename = async (id: number, first: string, last: string) => {
      const res = await api(h.app, org.token).post(`/api/users/update/${id}`, { user_type_id: t, first_name: first, last_name: last });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await rename(hana, 'Bruna', 'Costa');
    expect(pairsOf(await board(org))).toEqual([pair(bruno, hana), pair(mohammed, muhammad)].sort());
    // The pairs a rename removes are gone at once, before the renamed person is compared again.
    await withTenant(db(), org.entityId, (tx) => tx.update(users).set({ firstName: 'Zebedee' }).where(eq(users.id, muhammad)));
    const kept = await withTenant(db(), org.entityId, async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from duplicate_name_pairs where ${muhammad} in (user_a, user_b)`)));
    expect(kept[0]!.n).toBe(0);
    expect(pairsOf(await board(org))).toEqual([pair(bruno, hana)]);
    await withTenant(db(), org.entityId, (tx) => tx.update(users).set({ status: 'archived' }).where(eq(users.id, bruno)));
    expect(pairsOf(await board(org))).toEqual([]);
    await withTenant(db(), org.entityId, (tx) => tx.update(users).set({ status: 'active' }).where(eq(users.id, bruno)));
    expect(pairsOf(await board(org))).toEqual([pair(bruno, hana)]);
    await withTenant(db(), org.entityId, (tx) => tx.delete(users).where(eq(users.id, hana)));
    expect(pairsOf(await board(org))).toEqual([]);
  });

  it("another organisation's people never pair with ours", async () => {
    const ours = await createOrg(h);
    const theirs = await createOrg(h);
    const a = await person(ours, await typeOf(ours), 'Mohammed', 'Khan');
    const theirType = await typeOf(theirs);
    const b = await person(theirs, theirType, 'Muhammad', 'Khan');
    const c = await person(theirs, theirType, 'Mohammed', 'Khan');
    expect(pairsOf(await board(ours))).toEqual([]);
    expect(pairsOf(await board(theirs))).toEqual([pair(b, c)]);
    const crossing = await asSystem(db(), async (tx) =>
      rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from duplicate_name_pairs p join users x on x.id = p.user_a join users y on y.id = p.user_b
        where x.entity_id <> y.entity_id or x.entity_id <> p.entity_id or ${a} in (p.user_a, p.user_b)`)),
    );
    expect(crossing[0]!.n).toBe(0);
  });

  it("reads under the caller's user-type grants: both people of a pair must be visible (rule 96)", async () => {
    const org = await createOrg(h);
    const pupil = await typeOf(org, 'Pupil');
    const staff = await typeOf(org, 'Staff');
    const p1 = await person(org, pupil, 'Hannah', 'Park');
    const p2 = await person(org, pupil, 'Hana', 'Park');
    await person(org, staff, 'Mohammed', 'Khan');
    const s2 = await person(org, staff, 'Muhammad', 'Khan');
    const p3 = await person(org, pupil, 'Muhammed', 'Khan');
    const member = await createMember(h, org, 'employee');
    await withTenant(db(), org.entityId, async (tx) => {
      await tx.update(users).set({ allUserTypes: false }).where(eq(users.id, member.userId));
      await tx.insert(userUserTypes).values({ entityId: org.entityId, userId: member.userId, userTypeId: pupil });
    });
    expect((await board(org)).count).toBe(4);
    const limited = await board(org, member.token);
    expect(pairsOf(limited)).toEqual([pair(p1, p2)]);
    expect(limited.count).toBe(1);
    expect(pairsOf(await board(org, member.token, null))).toEqual([pair(p1, p2)]);
    expect(pairsOf(await board(org)).includes(pair(s2, p3))).toBe(true);
  });

  it('after an import the board says how many people are still being compared; the background compares them in bounded batches', async () => {
    const org = await createOrg(h);
    const t = await typeOf(org);
    const first = await person(org, t, 'Bulk', 'Haddad');
    expect((await board(org)).names_pending).toBe(0);
    const n = 250;
    await bulk(org, t, n, (i) => (i === 0 ? 'Hadad' : unlike(i)));
    const pending = await board(org);
    expect(pending.names_pending).toBe(n);
    expect(pending.names_pending).toBeGreaterThan(NAMES_INLINE);
    expect(pending.count).toBe(0);
    // One batch compares at most its size, in its own transaction.
    const compared = await withTenant(db(), org.entityId, (tx) => compareQueuedNames(tx, org.entityId, 100));
    expect(compared).toBe(100);
    expect((await board(org)).names_pending).toBe(n - 100);
    // A batch claims no more people once its time budget is spent: here at once, after its first person.
    expect(await withTenant(db(), org.entityId, (tx) => compareQueuedNames(tx, org.entityId, 500, { budgetMs: 0 }))).toBe(1);
    expect((await board(org)).names_pending).toBe(n - 101);
    // A process that is stopping runs no more batches: the queue keeps the rest for the next start.
    expect(await compareAllQueued(db(), 100, Infinity, () => true)).toBe(0);
    expect((await board(org)).names_pending).toBe(n - 101);
    // The rest, without a time budget: two more batches of at most 100 (the last one short).
    expect(await compareAllQueued(db(), 100, Infinity)).toBe(2);
    const done = await board(org);
    expect(done.names_pending).toBe(0);
    const hadad = await withTenant(db(), org.entityId, async (tx) => (await tx.select({ id: users.id }).from(users).where(eq(users.lastName, 'Hadad')))[0]!.id);
    expect(pairsOf(done)).toContain(pair(first, hadad));
  });
});
