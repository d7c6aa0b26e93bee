import { and, eq, ne, sql } from 'drizzle-orm';
import { integrations, net2Visitors } from '../../db/schema/index';
import { rowsOf, type Db } from '../../platform/db/client';
import { asSystem, withTenant } from '../../platform/db/tenant';
import { jobsIn } from '../../platform/jobs';
import type { Services } from '../../platform/services';
import { Net2Adapter, type PaxtonConfig } from './adapters/net2';
import { openConfig } from './store';

/**
 * Paxton visitors (issue 19 part 4): a visitor of a user type given a Net2 access level (the Net2 integration's
 * `visitor_access_levels`) gets a Net2 user when their visit is approved — valid for the visit's day on the site's
 * clock, with the access level, and their RFID card number as a card token when they have one — and loses it when
 * the visit ends (signed out, closed, rejected, deleted or past its day). The calls are jobs, queued in the
 * transaction that approves (so a lost call is retried by pg-boss), and idempotent through `net2_visitors`.
 */
export const NET2_VISITOR_JOB = 'integrations.net2-visitor';
export interface Net2VisitorJob {
  entityId: number;
  visitId: number;
}
/** pg-boss retries a refused call: after 1, 2, 4, 8 and 16 s. */
const RETRY = { retryLimit: 5, retryDelay: 1, retryBackoff: true } as const;

/** The organisation's Net2 integrations giving visitors an access level (any: the job decides per visit). */
async function hasVisitorLevels(tx: Db, entityId: number) {
  const [row] = await tx
    .select({ id: integrations.id })
    .from(integrations)
    .where(and(eq(integrations.entityId, entityId), eq(integrations.type, 'paxton'), sql`jsonb_array_length(${integrations.visitorAccessLevels}) > 0`))
    .limit(1);
  return !!row;
}

/**
 * A visit's approval, rejection or end changed what it may open: queues the job that makes Net2 match, inside the
 * caller's transaction (nothing is queued when the organisation gives no visitor a Net2 access level).
 */
export async function visitAccessChanged(services: Services, tx: Db, entityId: number, visitId: number) {
  if (!(await hasVisitorLevels(tx, entityId)) && !(await tx.select({ id: net2Visitors.id }).from(net2Visitors).where(eq(net2Visitors.visitId, visitId)).limit(1)).length) return;
  await services.jobs.send(NET2_VISITOR_JOB, { entityId, visitId } satisfies Net2VisitorJob, { db: jobsIn(tx), ...RETRY });
}

interface Wanted {
  integration_id: number;
  access_level_id: number;
  activate: Date;
  expiry: Date;
  first_name: string;
  last_name: string;
  rfid: string | null;
}

/**
 * The Net2 users the visit should have now: one per Net2 integration (of the visit's site, or of every site when
 * the integration names none) giving the visit's user type an access level, while the visit is approved and
 * expected or signed in, until the end of its day on the site's clock.
 */
async function wantedFor(tx: Db, visitId: number): Promise<Wanted[]> {
  return rowsOf<Wanted>(
    await tx.execute(sql`
      select i.id as integration_id, (l->>'access_level_id')::int as access_level_id,
        (date_trunc('day', coalesce(v.expected_at, v.created_at) at time zone coalesce(st.timezone, 'UTC')) at time zone coalesce(st.timezone, 'UTC')) as activate,
        ((date_trunc('day', coalesce(v.expected_at, v.created_at) at time zone coalesce(st.timezone, 'UTC')) + interval '1 day' - interval '1 second') at time zone coalesce(st.timezone, 'UTC')) as expiry,
        u.first_name, u.last_name, u.rfid
      from visits v
      join users u on u.id = v.user_id
      left join sites st on st.id = v.site_id
      join integrations i on i.entity_id = v.entity_id and i.type = 'paxton' and i.status <> 'inactive'
        and (jsonb_array_length(i.site_ids) = 0 or v.site_id is null or i.site_ids @> to_jsonb(v.site_id))
      cross join lateral jsonb_array_elements(i.visitor_access_levels) l
      where v.id = ${visitId} and v.approval_state = 'approved' and v.status in ('expected', 'signed_in')
        and (l->>'user_type_id')::int = v.user_type_id`),
  )
    .map((w) => ({ ...w, activate: new Date(w.activate), expiry: new Date(w.expiry) }))
    .filter((w) => w.expiry.getTime() > Date.now());
}

const net2Of = (services: Services, row: typeof integrations.$inferSelect) => new Net2Adapter(openConfig(services.config.secretKey, row) as unknown as PaxtonConfig);

/** Net2 numbers cards: a card token only from a numeric RFID value (else the visitor is given a card at reception). */
const cardNumber = (rfid: string | null) => (rfid && /^\d{1,18}$/.test(rfid.trim()) ? rfid.trim() : undefined);

/** Adds the Net2 user of one integration for the visit (claims the row first: a second run finds it added). */
async function add(services: Services, entityId: number, visitId: number, w: Wanted) {
  const db = services.database.db;
  const claimed = await withTenant(db, entityId, async (tx) => {
    const [row] = await tx
      .insert(net2Visitors)
      .values({ entityId, integrationId: w.integration_id, visitId, accessLevelId: w.access_level_id, expiresAt: w.expiry, state: 'adding' })
      .onConflictDoUpdate({ target: [net2Visitors.integrationId, net2Visitors.visitId], set: { state: 'adding', accessLevelId: w.access_level_id, expiresAt: w.expiry, error: null, updatedAt: sql`now()` }, setWhere: sql`${net2Visitors.state} in ('adding', 'removed', 'failed')` })
      .returning();
    const [integ] = await tx.select().from(integrations).where(eq(integrations.id, w.integration_id));
    return row && integ ? { row, integ } : null;
  });
  if (!claimed) return;
  const adapter = net2Of(services, claimed.integ);
  let made: string;
  try {
    made = (await adapter.addVisitor({ firstName: w.first_name, lastName: w.last_name, activateDate: w.activate.toISOString(), expiryDate: w.expiry.toISOString(), accessLevelId: w.access_level_id, tokenNumber: cardNumber(w.rfid) })).net2UserId;
  } catch (err) {
    await withTenant(db, entityId, (tx) => tx.update(net2Visitors).set({ state: 'failed', error: (err as Error).message.slice(0, 300), updatedAt: sql`now()` }).where(and(eq(net2Visitors.id, claimed.row.id), eq(net2Visitors.state, 'adding'))));
    throw err;
  }
  const kept = await withTenant(db, entityId, (tx) =>
    tx
      .update(net2Visitors)
      .set({ state: 'added', net2UserId: made, error: null, updatedAt: sql`now()` })
      .where(and(eq(net2Visitors.id, claimed.row.id), eq(net2Visitors.state, 'adding')))
      .returning(),
  );
  // The visit ended while the user was being made: they go at once.
  if (!kept.length) await adapter.removeVisitor(made);
}

/** Removes a Net2 user the visit should no longer have (already gone on Net2 counts as done). */
async function remove(services: Services, entityId: number, row: typeof net2Visitors.$inferSelect) {
  const db = services.database.db;
  const claimed = await withTenant(db, entityId, async (tx) => {
    const [r] = await tx
      .update(net2Visitors)
      .set({ state: row.net2UserId ? 'removing' : 'removed', updatedAt: sql`now()` })
      .where(and(eq(net2Visitors.id, row.id), ne(net2Visitors.state, 'removed')))
      .returning();
    const [integ] = await tx.select().from(integrations).where(eq(integrations.id, row.integrationId));
    return r?.net2UserId && integ ? { r, integ } : null;
  });
  if (!claimed) return;
  try {
    await net2Of(services, claimed.integ).removeVisitor(claimed.r.net2UserId!);
  } catch (err) {
    await withTenant(db, entityId, (tx) => tx.update(net2Visitors).set({ error: (err as Error).message.slice(0, 300), updatedAt: sql`now()` }).where(eq(net2Visitors.id, row.id)));
    throw err;
  }
  await withTenant(db, entityId, (tx) => tx.update(net2Visitors).set({ state: 'removed', error: null, updatedAt: sql`now()` }).where(and(eq(net2Visitors.id, row.id), eq(net2Visitors.state, 'removing'))));
}

/** The job: makes Net2 match the visit (adds what is wanted and missing, removes what is there and not wanted). */
export async function reconcileNet2Visitor(services: Services, job: Net2VisitorJob) {
  const { wanted, rows } = await withTenant(services.database.db, job.entityId, async (tx) => ({
    wanted: await wantedFor(tx, job.visitId),
    rows: await tx.select().from(net2Visitors).where(and(eq(net2Visitors.entityId, job.entityId), eq(net2Visitors.visitId, job.visitId))),
  }));
  for (const row of rows) if (row.state !== 'removed' && !wanted.some((w) => w.integration_id === row.integrationId)) await remove(services, job.entityId, row);
  for (const w of wanted) {
    const row = rows.find((r) => r.integrationId === w.integration_id);
    if (!row || row.state !== 'added') await add(services, job.entityId, job.visitId, w);
  }
}

/**
 * Every minute: visits whose Net2 user should go (signed out, closed at midnight, past their day) or whose add was
 * given up on get the job again. Sign-outs and automatic closes are not told to this module one by one.
 */
export async function net2VisitorSweep(services: Services) {
  const due = await asSystem(services.database.db, async (tx) =>
    rowsOf<{ entity_id: number; visit_id: number }>(
      await tx.execute(sql`select distinct n.entity_id, n.visit_id from net2_visitors n
        left join visits v on v.id = n.visit_id
        where (n.state in ('added', 'removing') and (v.id is null or v.status not in ('expected', 'signed_in') or v.approval_state <> 'approved' or n.expires_at < now()))
          or (n.state in ('failed', 'adding') and n.updated_at < now() - interval '2 minutes')
        limit 200`),
    ),
  );
  for (const d of due) await reconcileNet2Visitor(services, { entityId: Number(d.entity_id), visitId: Number(d.visit_id) }).catch((e: Error) => console.error('[net2 visitors]', e.message));
  return due.length;
}
