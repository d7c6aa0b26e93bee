import { SYNC_CODES } from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { integrationGroups, integrationPeople, integrationRuns, integrations } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import type { Services } from '../../platform/services';
import { type DirectoryAdapter, DirectoryError, type DirectoryUser } from './adapters/index';
import { MAX_PAGES } from './adapters/types';
import { mapPerson } from './mapping';
import { migrateBatch } from './migrate';
import { applyPage, archiveUnseen, stage } from './people';
import { adapterOf, type IntegrationRow, loadIntegration, nextSyncAt } from './store';

export const SYNC_JOB = 'integrations.sync';
export interface SyncJob {
  entityId: number;
  runId: number;
}
/**
 * A running run writes its heartbeat every `SYNC_HEARTBEAT_MS` while it lives, however long a page takes (a
 * directory's Retry-After can hold one for minutes): one not heard from in this many beats lost its process (a crash,
 * a kill, a restart) and is started again where it stopped (runs.ts `resumeRuns`).
 */
export const BEATS_BEFORE_STALE = 3;
export const staleMs = (services: Services) => BEATS_BEFORE_STALE * services.config.syncHeartbeatMs;
/** The run's log counts each time it was started again after its process stopped (`counts.resumed`). */
export const countResumed = sql`jsonb_set(${integrationRuns.counts}, '{resumed}', to_jsonb(coalesce((${integrationRuns.counts}->>'resumed')::int, 0) + 1))`;

type Run = typeof integrationRuns.$inferSelect;

const setCode = (tx: Db, integ: IntegrationRow, runId: number, code: number) =>
  Promise.all([
    tx.update(integrationRuns).set({ code, heartbeatAt: sql`now()` }).where(eq(integrationRuns.id, runId)),
    tx.update(integrations).set({ syncCode: code }).where(eq(integrations.id, integ.id)),
  ]);

/** Claims a queued run, or a running one whose worker went quiet (resumed where it stopped); null when taken. */
async function claim(services: Services, entityId: number, runId: number): Promise<Run | null> {
  const quiet = sql`${integrationRuns.status} = 'running' and coalesce(${integrationRuns.heartbeatAt}, ${integrationRuns.createdAt}) < now() - ${`${staleMs(services)} milliseconds`}::interval`;
  return withTenant(services.database.db, entityId, async (tx) => {
    const [run] = await tx
      .update(integrationRuns)
      .set({ status: 'running', heartbeatAt: sql`now()`, startedAt: sql`coalesce(${integrationRuns.startedAt}, now())`, counts: sql`case when ${quiet} then ${countResumed} else ${integrationRuns.counts} end` })
      .where(and(eq(integrationRuns.id, runId), eq(integrationRuns.entityId, entityId), sql`(${integrationRuns.status} = 'queued' or (${quiet}))`))
      .returning();
    return run ?? null;
  });
}

/** Writes the run's heartbeat every `SYNC_HEARTBEAT_MS` until stopped (not while another worker took it over). */
function beat(services: Services, entityId: number, runId: number) {
  const timer = setInterval(() => {
    void withTenant(services.database.db, entityId, (tx) =>
      tx.update(integrationRuns).set({ heartbeatAt: sql`now()` }).where(and(eq(integrationRuns.id, runId), eq(integrationRuns.status, 'running'))),
    ).catch((e: Error) => console.error('[integrations] heartbeat', runId, e.message));
  }, services.config.syncHeartbeatMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Members of the mapped groups the user listing does not carry (Graph, Google): directory id → group ids. */
async function memberships(adapter: DirectoryAdapter, integ: IntegrationRow) {
  const map = new Map<string, string[]>();
  if (adapter.type === 'wonde') return map;
  for (const g of integ.groups) {
    let from: string | null = null;
    let pages = 0;
    do {
      const page = await adapter.members(g.group_id, from);
      for (const id of page.items) map.set(id, [...(map.get(id) ?? []), g.group_id]);
      if (page.next && page.next === from) throw new DirectoryError('bad_answer', 'a member listing repeats its page');
      from = page.next;
      if (++pages > MAX_PAGES) throw new DirectoryError('bad_answer', 'a member listing that never ends');
    } while (from);
  }
  return map;
}

interface Listing {
  users: DirectoryUser[];
  removed: string[];
  next: string | null;
  cursor: Record<string, string>;
}

/** One page of the listing: changes since the cursor where the directory tracks them, else everyone. */
async function listPage(adapter: DirectoryAdapter, tracked: boolean, cursor: Record<string, string>, from: string | null): Promise<Listing> {
  if (tracked) {
    const c = await adapter.changes(cursor, from);
    if (c) return { users: c.changed, removed: c.removed, next: c.next, cursor: c.cursor };
  }
  const page = await adapter.users(from);
  return { users: page.items, removed: [], next: page.next, cursor: {} };
}

const failCode = (run: Run, err: unknown) => {
  if (err instanceof DirectoryError && err.kind === 'auth') return err.message ? SYNC_CODES.authFailedMessage : SYNC_CODES.authFailed;
  return run.kind === 'first' ? SYNC_CODES.firstFailed : run.kind === 'migration' ? SYNC_CODES.migrationFailed : SYNC_CODES.syncFailed;
};

/**
 * Runs one sync (rules 268-273, 277-278), page by page, each page committed with where the next one starts: a
 * run cut short resumes there (its pages are keyed by the directory's ids, so a page done twice changes nothing).
 * The first sync fills the temporary lists (valid, error, duplicate); later ones update people directly.
 */
export async function runSync(services: Services, entityId: number, runId: number) {
  const run = await claim(services, entityId, runId);
  if (!run) return;
  const stop = beat(services, entityId, run.id);
  try {
    await runClaimed(services, entityId, run);
  } finally {
    stop();
  }
}

async function runClaimed(services: Services, entityId: number, run: Run) {
  const db = services.database.db;
  const runId = run.id;
  const counts: Record<string, number> = { ...run.counts };
  const errors = [...run.errors];
  let integ = await withTenant(db, entityId, (tx) => loadIntegration(tx, entityId, run.integrationId));
  try {
    if (run.kind === 'migration') return await migrate(services, integ, run, counts);
    await withTenant(db, entityId, (tx) => setCode(tx, integ, run.id, SYNC_CODES.authenticating));
    const adapter = adapterOf(services.config.secretKey, integ);
    await adapter.authenticate();
    await withTenant(db, entityId, (tx) => tx.update(integrations).set({ tokenAt: sql`now()` }).where(eq(integrations.id, integ.id)));
    const members = await memberships(adapter, integ);
    await withTenant(db, entityId, (tx) => setCode(tx, integ, run.id, SYNC_CODES.listing));
    const [{ linked }] = await withTenant(db, entityId, (tx) => tx.select({ linked: sql<number>`count(*)::int` }).from(integrationPeople).where(eq(integrationPeople.integrationId, integ.id)));
    const staging = run.kind === 'first' && linked === 0;
    const startCursor = run.resume.cursor ? (JSON.parse(run.resume.cursor) as Record<string, string>) : integ.cursor;
    const tracked = integ.type === 'azure' || integ.type === 'wonde';
    const full = !tracked || Object.keys(startCursor).length === 0;
    let from: string | null = run.resume.from ?? null;
    let newCursor: Record<string, string> = run.resume.next_cursor ? JSON.parse(run.resume.next_cursor) : {};
    for (let pages = 0; ; pages++) {
      if (pages > MAX_PAGES) throw new DirectoryError('bad_answer', 'a listing that never ends');
      const page = await listPage(adapter, tracked, startCursor, from);
      if (page.next && page.next === from) throw new DirectoryError('bad_answer', 'a listing that repeats its page');
      if (Object.keys(page.cursor).length) newCursor = page.cursor;
      const mapped = page.users.map((u) => mapPerson(u, integ, members));
      const noId = mapped.filter((p) => !p.externalId);
      for (const p of noId) errors.push({ type: 'NO_ID', message: `${p.data.first_name ?? ''} ${p.data.last_name ?? ''}`.trim() || 'integrations.no_id' });
      const keyed = [...new Map(mapped.filter((p) => p.externalId).map((p) => [p.externalId, p])).values()];
      for (const p of keyed) if (p.errorType === 'NO_GROUP_TO_MAP' && errors.filter((e) => e.type === 'NO_GROUP_TO_MAP').length < 1) errors.push({ type: 'NO_GROUP_TO_MAP', message: 'integrations.no_group_to_map' });
      counts.listed = (counts.listed ?? 0) + page.users.length;
      await withTenant(db, entityId, async (tx) => {
        if (staging) await stage(tx, integ, keyed, run.id, counts);
        else await applyPage(tx, integ, keyed, page.removed, run.id, counts);
        await tx
          .update(integrationRuns)
          .set({ counts, errors: errors.slice(0, 200), resume: { ...(page.next ? { from: page.next } : { listed: '1' }), cursor: JSON.stringify(startCursor), next_cursor: JSON.stringify(newCursor) }, heartbeatAt: sql`now()` })
          .where(eq(integrationRuns.id, run.id));
      });
      from = page.next;
      if (!from) break;
    }
    await withTenant(db, entityId, async (tx) => {
      integ = await loadIntegration(tx, entityId, integ.id);
      if (full && !staging) await archiveUnseen(tx, integ, run.startedAt ?? run.createdAt, counts);
      const open = await tx.execute(sql`select count(*)::int as n from integration_temp_users where integration_id = ${integ.id} and state <> 'valid'`);
      const issues = Number((open as unknown as { rows: { n: number }[] }).rows[0].n) > 0;
      const code = issues ? SYNC_CODES.doneWithIssues : SYNC_CODES.done;
      await tx.update(integrationRuns).set({ status: 'done', code, counts, errors: errors.slice(0, 200), finishedAt: sql`now()`, heartbeatAt: sql`now()` }).where(eq(integrationRuns.id, run.id));
      const keepStatus = integ.status === 'inactive' || integ.status === 'draft';
      await tx
        .update(integrations)
        .set({
          syncCode: code,
          cursor: Object.keys(newCursor).length ? newCursor : integ.cursor,
          lastSyncedAt: sql`now()`,
          lastError: null,
          status: keepStatus ? integ.status : issues ? 'active_with_errors' : 'active',
          nextSyncAt: integ.autoSync ? nextSyncAt(integ.syncFrequency) : null,
          updatedAt: sql`now()`,
        })
        .where(eq(integrations.id, integ.id));
    });
  } catch (err) {
    const code = failCode(run, err);
    const message = err instanceof DirectoryError ? err.message : 'errors.server';
    if (!(err instanceof DirectoryError)) console.error('[integrations] sync', runId, err);
    errors.push({ type: err instanceof DirectoryError ? err.kind.toUpperCase() : 'SERVER', message });
    await withTenant(db, entityId, async (tx) => {
      await tx.update(integrationRuns).set({ status: 'failed', code, errors: errors.slice(0, 200), counts, finishedAt: sql`now()` }).where(eq(integrationRuns.id, run.id));
      await tx
        .update(integrations)
        .set({
          syncCode: code,
          lastError: message,
          ...(code === SYNC_CODES.authFailed || code === SYNC_CODES.authFailedMessage ? { status: 'auth_failed' as const } : {}),
          ...(run.kind === 'migration' ? { migrationStage: code === SYNC_CODES.authFailed ? ('auth-failed' as const) : ('failed' as const) } : {}),
          nextSyncAt: integ.autoSync ? nextSyncAt(integ.syncFrequency) : null,
        })
        .where(eq(integrations.id, integ.id));
    });
  }
}

/** The migration run: valid temporary people become people in batches, each batch committed on its own. */
async function migrate(services: Services, integ: IntegrationRow, run: Run, counts: Record<string, number>) {
  const db = services.database.db;
  await withTenant(db, integ.entityId, async (tx) => {
    await setCode(tx, integ, run.id, SYNC_CODES.migrating);
    await tx.update(integrations).set({ migrationStage: 'processing' }).where(eq(integrations.id, integ.id));
  });
  for (;;) {
    const done = await withTenant(db, integ.entityId, async (tx) => {
      const n = await migrateBatch(tx, integ, counts);
      await tx.update(integrationRuns).set({ counts, heartbeatAt: sql`now()` }).where(eq(integrationRuns.id, run.id));
      return n === 0;
    });
    if (done) break;
  }
  await withTenant(db, integ.entityId, async (tx) => {
    const open = await tx.execute(sql`select count(*)::int as n from integration_temp_users where integration_id = ${integ.id} and state <> 'valid'`);
    const issues = Number((open as unknown as { rows: { n: number }[] }).rows[0].n) > 0;
    const code = issues ? SYNC_CODES.doneWithIssues : SYNC_CODES.done;
    await tx.update(integrationRuns).set({ status: 'done', code, counts, finishedAt: sql`now()` }).where(eq(integrationRuns.id, run.id));
    const fresh = await loadIntegration(tx, integ.entityId, integ.id);
    await tx
      .update(integrations)
      .set({
        syncCode: code,
        migrationStage: 'done',
        status: fresh.status === 'inactive' ? 'inactive' : issues ? 'active_with_errors' : 'active',
        nextSyncAt: fresh.autoSync ? nextSyncAt(fresh.syncFrequency) : null,
        updatedAt: sql`now()`,
      })
      .where(eq(integrations.id, integ.id));
  });
}

/** Every group of the directory (the groups a mapping can choose), listed outside any transaction. */
export async function listGroups(adapter: DirectoryAdapter) {
  const groups: { id: string; name: string; kind: string | null; members?: string[] }[] = [];
  let from: string | null = null;
  let pages = 0;
  do {
    const page = await adapter.groups(from);
    groups.push(...page.items);
    if (page.next && page.next === from) throw new DirectoryError('bad_answer', 'a group listing repeats its page');
    from = page.next;
    if (++pages > 1000) throw new DirectoryError('bad_answer', 'a group listing that never ends');
  } while (from);
  return groups;
}

/** Keeps the listed groups (with member counts) for the mapping page. */
export async function saveGroups(tx: Db, integ: Pick<IntegrationRow, 'id' | 'entityId'>, groups: Awaited<ReturnType<typeof listGroups>>) {
  await tx.delete(integrationGroups).where(eq(integrationGroups.integrationId, integ.id));
  const unique = [...new Map(groups.map((g) => [g.id, g])).values()];
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    await tx.insert(integrationGroups).values(chunk.map((g) => ({ entityId: integ.entityId, integrationId: integ.id, externalId: g.id, name: g.name.slice(0, 200), kind: g.kind, members: g.members ?? [] })));
  }
}
