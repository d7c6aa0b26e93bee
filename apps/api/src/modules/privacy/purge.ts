import { and, eq, type SQL, sql } from 'drizzle-orm';
import { privacyRuns } from '../../db/schema/index';
import { audit } from '../../platform/audit';
import { rowsOf, type Db } from '../../platform/db/client';
import { nextBatchSize } from '../../platform/db/paced-batches';
import { withTenant } from '../../platform/db/tenant';
import type { Services } from '../../platform/services';
import { effectiveRetention, peopleBeyond, scanBeyond } from './retention';

export const PURGE_JOB = 'privacy.purge';
/**
 * The most rows one statement deletes. Batches start at PURGE_FIRST_BATCH and are paced (`paced-batches.ts`) to
 * hold the connection about 40 ms: on the embedded database a fixed 5,000 took up to 7.6 s each (the scans'
 * kept-count triggers run per row), and every sign-in meanwhile waited.
 */
export const PURGE_BATCH = 5000;
const PURGE_FIRST_BATCH = 200;

type Run = typeof privacyRuns.$inferSelect;
export type PurgeStep = 'files' | 'scans' | 'visits' | 'people' | 'done';

/** Stored files of a person: photo, documents, visit photos (keys under the storage, from their `/api/files/…` paths). */
export const fileKey = (path: string | null) => (path && /^\/api\/files\/(people|documents|visitors)\/[\w.-]+$/.test(path) ? path.slice('/api/files/'.length) : null);

export const personFiles = (ids: SQL) => sql`
  select image as path from users where id in (${ids}) and image is not null
  union all select file from user_documents where user_id in (${ids}) and file is not null
  union all select image from visits where user_id in (${ids}) and image is not null`;

/**
 * People beyond retention whose scans are kept longer are anonymised: their details blanked, their photo,
 * documents, custom field values, labels and resources removed, their scans kept. Answers the file paths unlinked.
 */
export async function anonymise(tx: Db, entityId: number, ids: number[]) {
  if (!ids.length) return [];
  const list = sql.join(ids.map((i) => sql`${i}`), sql`, `);
  const files = rowsOf<{ path: string }>(await tx.execute(personFiles(list))).map((r) => r.path);
  await tx.execute(sql`delete from user_documents where entity_id = ${entityId} and user_id in (${list})`);
  await tx.execute(sql`delete from custom_field_values where entity_id = ${entityId} and user_id in (${list})`);
  await tx.execute(sql`delete from user_labels where entity_id = ${entityId} and user_id in (${list})`);
  await tx.execute(sql`update visits set image = null, company_name = null, custom_fields = '[]'::jsonb, notes = null, admin_notes = null, passport_id = null
    where entity_id = ${entityId} and user_id in (${list})`);
  await tx.execute(sql`update users set first_name = 'Anonymised', last_name = '', email = null, phone = null, phone_code = null, id_number = null,
      company_name = null, image = null, rfid = null, face_id = null, quick_pass_code = null, rfid_code_hash = null, resources = '{}'::jsonb,
      account_id = null, status = 'archived', archived_at = coalesce(archived_at, now()), anonymised_at = now(), updated_at = now()
    where entity_id = ${entityId} and id in (${list})`);
  return files;
}

/** Deletes people with everything they own (their visits and scans go with them). Answers the file paths unlinked. */
export async function deletePeople(tx: Db, entityId: number, ids: number[]) {
  if (!ids.length) return [];
  const list = sql.join(ids.map((i) => sql`${i}`), sql`, `);
  const files = rowsOf<{ path: string }>(await tx.execute(personFiles(list))).map((r) => r.path);
  await tx.execute(sql`delete from users where entity_id = ${entityId} and id in (${list})`);
  return files;
}

const bump = (counts: Record<string, number>, key: string, n: number) => (n ? { ...counts, [key]: (counts[key] ?? 0) + n } : counts);

/**
 * One batch of a step, in one tenant transaction with the run's counters and the files to remove: it commits
 * whole or not at all, so a crash leaves nothing half-deleted. Answers how many rows it handled (0: step done).
 */
/**
 * Where the step's previous batch of this process stopped: the next one starts there instead of walking again past
 * what is kept (the other user types' scans, the newer visits). Not stored: a resumed run starts from the beginning,
 * which is correct (what was before is deleted), only slower.
 */
export interface PurgeCursor {
  scanAt?: string;
  visitId?: number;
}

async function batch(tx: Db, run: Run, step: PurgeStep, now: Date, size: number, cursor: PurgeCursor): Promise<{ n: number; files: string[]; counts: Record<string, number> }> {
  const e = run.entityId;
  const wants = (t: 'data' | 'scan') => run.kind === 'purge' || run.scope.type === 'both' || run.scope.type === t;
  const r = effectiveRetention(e, run.kind === 'purge' ? undefined : run.scope.user_type_id);
  let counts = run.counts;
  if (step === 'scans' && wants('scan')) {
    // Oldest first, from where the last batch stopped (an index range on the scans' time).
    const from = cursor.scanAt ? sql`and s.at >= ${cursor.scanAt}::timestamptz` : sql``;
    const [done] = rowsOf<{ n: number; last: string | null }>(
      await tx.execute(sql`with d as (delete from scans where id in (${scanBeyond(e, now, r)} ${from} order by s.at limit ${size}) returning at)
        select count(*)::int as n, max(at)::text as last from d`),
    );
    const n = Number(done.n);
    if (done.last) cursor.scanAt = done.last;
    return { n, files: [], counts: bump(counts, 'scans_deleted', n) };
  }
  if (step === 'visits' && wants('scan')) {
    // Closed visits past the scan retention (their scans went in the step before).
    const done = rowsOf<{ id: number }>(
      await tx.execute(sql`delete from visits where id in (
        select v.id from visits v join users u on u.id = v.user_id join (${r}) r on r.type_id = u.user_type_id
        where v.entity_id = ${e} and r.scan_days is not null and v.status not in ('signed_in', 'expected')
          and coalesce(v.signed_out_at, v.signed_in_at, v.expected_at, v.created_at) < ${now}::timestamptz - r.scan_days * interval '1 day'
          ${cursor.visitId ? sql`and v.id > ${cursor.visitId}` : sql``}
        order by v.id limit ${size}) returning id`),
    );
    for (const d of done) cursor.visitId = Math.max(cursor.visitId ?? 0, Number(d.id));
    return { n: done.length, files: [], counts: bump(counts, 'visits_deleted', done.length) };
  }
  if (step === 'people' && wants('data')) {
    const people = rowsOf<{ id: number; has_scans: boolean }>(
      await tx.execute(sql`select p.id, exists (select 1 from scans s where s.user_id = p.id) as has_scans
        from (${peopleBeyond(e, now, r)} limit ${Math.max(1, Math.floor(size / 5))}) p`),
    );
    const keep = people.filter((p) => p.has_scans).map((p) => Number(p.id));
    const drop = people.filter((p) => !p.has_scans).map((p) => Number(p.id));
    const files = [...(await anonymise(tx, e, keep)), ...(await deletePeople(tx, e, drop))];
    counts = bump(bump(counts, 'people_anonymised', keep.length), 'people_deleted', drop.length);
    return { n: people.length, files, counts: bump(counts, 'files_deleted', files.filter((f) => fileKey(f)).length) };
  }
  return { n: 0, files: [], counts };
}

const NEXT: Record<PurgeStep, PurgeStep> = { files: 'scans', scans: 'visits', visits: 'people', people: 'done', done: 'done' };

/** Removes the files a committed batch unlinked, then forgets them (removing twice is harmless). */
async function removePendingFiles(services: Services, run: Run) {
  for (const path of run.pendingFiles) {
    const key = fileKey(path);
    if (key) await services.storage.remove(key);
  }
  if (run.pendingFiles.length) {
    await withTenant(services.database.db, run.entityId, (tx) => tx.update(privacyRuns).set({ pendingFiles: [] }).where(eq(privacyRuns.id, run.id)));
  }
}

/**
 * Runs (or resumes) a purge, delete-now or erasure run: files a crash left, then scans, closed visits and people
 * beyond retention, in batches; each batch commits its deletions, the run's step and counters, and the files to
 * remove together. Started again after a crash it carries on where the last committed batch left it. At the end
 * the run is written to the audit log. `hooks.afterBatch` lets a test stop it between two batches.
 */
export async function runPurge(services: Services, runId: number, entityId: number, opts: { now?: Date; batch?: number; afterBatch?: (n: number) => void | Promise<void> } = {}) {
  const db = services.database.db;
  const now = opts.now ?? new Date();
  const load = async () => (await withTenant(db, entityId, (tx) => tx.select().from(privacyRuns).where(and(eq(privacyRuns.id, runId), eq(privacyRuns.entityId, entityId)))))[0];
  let run = await load();
  if (!run || run.status === 'done') return run;
  run = (await withTenant(db, entityId, (tx) => tx.update(privacyRuns).set({ status: 'running', startedAt: run!.startedAt ?? now, heartbeatAt: new Date() }).where(eq(privacyRuns.id, runId)).returning()))[0];
  let batches = 0;
  let size = PURGE_FIRST_BATCH;
  const cursor: PurgeCursor = {};
  try {
    await removePendingFiles(services, run);
    let step = run.step as PurgeStep;
    if (step === 'files') step = NEXT.files;
    while (step !== 'done') {
      const current: PurgeStep = step;
      const started = performance.now();
      const res = await withTenant(db, entityId, async (tx) => {
        const b = await batch(tx, run!, current, now, opts.batch ?? size, cursor);
        const next = b.n === 0 ? NEXT[current] : current;
        const [row] = await tx
          .update(privacyRuns)
          .set({ step: next, counts: b.counts, pendingFiles: b.files, heartbeatAt: new Date() })
          .where(eq(privacyRuns.id, runId))
          .returning();
        return { row, next };
      });
      run = res.row;
      size = res.next === current ? nextBatchSize(size, performance.now() - started, { max: PURGE_BATCH }) : PURGE_FIRST_BATCH;
      step = res.next;
      batches += 1;
      await opts.afterBatch?.(batches);
      await removePendingFiles(services, run);
      run = { ...run, pendingFiles: [] };
      // Between batches the event loop (sign-ins, kiosks) gets its turn.
      await new Promise((resolve) => setImmediate(resolve));
    }
    run = (
      await withTenant(db, entityId, async (tx) => {
        const [done] = await tx.update(privacyRuns).set({ status: 'done', step: 'done', finishedAt: new Date() }).where(eq(privacyRuns.id, runId)).returning();
        await audit(tx, entityId, run!.requestedBy ? { accountId: null as unknown as number, userId: run!.requestedBy } : null, run!.kind, 'privacy', runId, { ...done.counts, scope: done.scope });
        return [done];
      })
    )[0];
    services.realtime.toEntity(entityId, 'update', { type: 'privacy_run', action: 'done', id: runId });
    return run;
  } catch (err) {
    await withTenant(db, entityId, (tx) => tx.update(privacyRuns).set({ status: 'failed', error: String((err as Error).message).slice(0, 500) }).where(eq(privacyRuns.id, runId)));
    throw err;
  }
}
