import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client';
import { asSystem, withTenant } from '../../platform/db/tenant';
import type { Services } from '../../platform/services';

/**
 * One background batch (one short transaction): at most this many people, and no more claimed after NAME_BUDGET_MS
 * (bench/duplicates.ts prints the batches' times).
 */
export const NAME_BATCH = 500;
export const NAME_BUDGET_MS = 40;
/** How often each process looks for people waiting to be compared. */
export const NAME_SWEEP_MS = 5_000;

/** The name the pairs compare: lower-cased first and last name (the expression of users_name_trgm_idx). */
const nameOf = (alias: string) => sql.raw(`lower(${alias}.first_name || ' ' || ${alias}.last_name)`);

/**
 * Compares up to `max` queued people of the organisation with everyone active in it (rule 286), in the caller's
 * tenant transaction: their old pairs go, their neighbours come from the trigram indexes (`%` on the lower-cased
 * name or on its skeleton, users.dup_name_key, at the 0.6 similarity threshold that duplicate_name_neighbours sets
 * for itself: never a cross join) with the better of the two similarities as the pair's score, kept once per pair
 * (the lower id first). An archived person keeps no pairs.
 *
 * The people are claimed a few at a time, in id order, and no more are claimed once `budgetMs` has passed: a batch
 * holds the embedded database's one connection about that long at most (plus one step's work). `skipLocked` (the
 * background) passes over people another transaction is comparing; the board waits for them instead, so that what
 * it then reads is complete. Answers how many people were compared.
 */
export async function compareQueuedNames(tx: Db, entityId: number, max: number, { skipLocked = false, budgetMs = Infinity } = {}) {
  const started = performance.now();
  let done = 0;
  let step = Math.min(FIRST_STEP, max);
  while (done < max) {
    const claimed = await compareStep(tx, entityId, Math.min(step, max - done), skipLocked);
    done += claimed;
    const spent = performance.now() - started;
    if (claimed < step || spent >= budgetMs) break;
    // The next step: as many people as the budget left has time for at this pace.
    if (Number.isFinite(budgetMs)) step = Math.max(1, Math.min(MAX_STEP, Math.floor(((budgetMs - spent) * done) / spent)));
    else step = MAX_STEP;
  }
  return done;
}

/** The people compared in a batch's first statement, and at most in one. */
const FIRST_STEP = 1;
const MAX_STEP = 100;

async function compareStep(tx: Db, entityId: number, n: number, skipLocked: boolean) {
  const claimed = rowsOf<{ user_id: number }>(
    await tx.execute(sql`with next as (
        select user_id from duplicate_name_queue where entity_id = ${entityId} order by user_id limit ${n} for update${skipLocked ? sql` skip locked` : sql``})
      delete from duplicate_name_queue q using next where q.user_id = next.user_id returning q.user_id`),
  ).map((r) => Number(r.user_id));
  if (!claimed.length) return 0;
  const ids = sql`${`{${claimed.join(',')}}`}::int[]`;
  await tx.execute(sql`delete from duplicate_name_pairs where entity_id = ${entityId} and (user_a = any(${ids}) or user_b = any(${ids}))`);
  const people = rowsOf<{ id: number; name: string; skeleton: string }>(
    await tx.execute(sql`select id, ${nameOf('users')} as name, dup_name_key as skeleton from users where entity_id = ${entityId} and status = 'active' and id = any(${ids})`),
  );
  // One statement a person: their neighbours come from duplicate_name_neighbours (migration 0025), which reads the
  // two trigram indexes (the planner, offered the organisation's btree indexes through the row-level policy,
  // preferred comparing every person of the organisation one by one). Two people of the same step meet twice (once
  // from each side): the pair is kept from the lower id's side.
  for (const p of people) {
    await tx.execute(sql`insert into duplicate_name_pairs (entity_id, user_a, user_b, score)
      select ${entityId}, least(${p.id}::int, n.id), greatest(${p.id}::int, n.id), n.score from duplicate_name_neighbours(${p.name}::text, ${p.skeleton}::text) n
      where n.id <> ${p.id} and not (n.id = any(${ids}) and n.id < ${p.id})
      on conflict (user_a, user_b) do update set score = excluded.score, found_at = now()`);
  }
  return claimed.length;
}

/** How many people of the organisation wait to be compared (the board says so rather than look complete). */
export async function queuedNames(tx: Db, entityId: number) {
  const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from duplicate_name_queue where entity_id = ${entityId}`));
  return Number(row?.n ?? 0);
}

/**
 * The background comparison: every organisation with people waiting, batch after batch, each batch its own short
 * tenant transaction in the background lane (a kiosk's scan or a console call waiting for the embedded database's
 * one connection goes first between two batches). Safe in several processes at once (claims skip locked rows); one
 * run at a time in this process.
 */
export function registerNamePairs(services: Services) {
  let running = false;
  services.jobs.repeat('users.duplicate-names', NAME_SWEEP_MS, async ({ stopping }) => {
    if (running) return;
    running = true;
    try {
      await compareAllQueued(services.database.db, NAME_BATCH, NAME_BUDGET_MS, stopping);
    } finally {
      running = false;
    }
  });
}

const ROUNDS_PER_TURN = 50;
/** Batches between two refreshes of the pairs table's statistics during a long comparison. */
const ANALYZE_EVERY = 100;

/**
 * The planner's picture of the pairs table, refreshed while a large comparison fills it: with a picture of an empty
 * table it removes a person's old pairs through the board's index (every pair of the organisation) rather than by
 * the person's id. The embedded database has no autovacuum to do it.
 */
export async function refreshPairStatistics(db: Db) {
  await asSystem(db, (tx) => tx.execute(sql`analyze duplicate_name_pairs`));
}

/**
 * Works through the queue of every organisation; answers the number of batches run. Gives up between two batches
 * once `stopping` says the process is stopping (the queue keeps what is left; a first comparison of 20,000 similar
 * names takes minutes, and a shutdown waited for it).
 */
export async function compareAllQueued(db: Db, batch = NAME_BATCH, budgetMs = NAME_BUDGET_MS, stopping: () => boolean = () => false) {
  let batches = 0;
  for (;;) {
    if (stopping()) return batches;
    const orgs = await asSystem(db, async (tx) => rowsOf<{ entity_id: number }>(await tx.execute(sql`select distinct entity_id from duplicate_name_queue limit 100`)));
    if (!orgs.length) return batches;
    let compared = 0;
    // A few batches of each organisation in turn: a large import does not keep the others waiting.
    for (const { entity_id } of orgs) {
      for (let round = 0; round < ROUNDS_PER_TURN; round++) {
        if (stopping()) return batches;
        const n = await withTenant(db, Number(entity_id), (tx) => compareQueuedNames(tx, Number(entity_id), batch, { skipLocked: true, budgetMs }));
        compared += n;
        if (n) batches++;
        if (n && batches % ANALYZE_EVERY === 0) await refreshPairStatistics(db);
        if (!n) break;
      }
    }
    // Everything left is being compared by another process.
    if (!compared) return batches;
  }
}
