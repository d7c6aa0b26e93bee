import { KIOSK_PRINT_COMMAND } from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { kiosks, printJobs } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import { rowsOf, type Db } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { AppError, conflict, notFound } from '../../platform/errors';
import type { Services } from '../../platform/services';
import { moveRequest, sendCommand } from '../kiosks/index';
import { reportScope } from '../reports/index';
import { PRINT_COLUMNS, PRINT_FROM, presentPrintJob, type PrintRow } from './list-print-jobs';

/** A reprint not printed within this time counts as expired (a visitor does not wait longer at the desk). */
export const REPRINT_TTL_MS = 15 * 60_000;

/** One job of the organisation, within the caller's sites and user types (else 404, rule 96). */
export async function loadPrintJob(tx: Db, actor: MemberActor, id: number) {
  const scope = await reportScope(tx, actor);
  const [row] = rowsOf<PrintRow & { site_id: number | null; kiosk_request_id: number | null; mac: string | null }>(
    await tx.execute(sql`select ${PRINT_COLUMNS}, k.site_id, j.kiosk_request_id, k.mac_address as mac from ${PRINT_FROM}
      where j.id = ${id} and j.entity_id = ${actor.entityId}`),
  );
  if (!row) throw notFound('print.unknown');
  if (scope.siteIds && (row.site_id === null || !scope.siteIds.includes(Number(row.site_id)))) throw notFound('print.unknown');
  if (scope.typeIds && (row.user_type_id === null || !scope.typeIds.includes(Number(row.user_type_id)))) throw notFound('print.unknown');
  return { row, job: presentPrintJob(row) };
}

/** Cancels a job not yet printed (rule 291), and the kiosk request carrying it. */
export async function cancelPrint(tx: Db, actor: MemberActor, id: number) {
  const { row, job } = await loadPrintJob(tx, actor, id);
  if (!job.can_cancel) throw conflict('print.not_cancellable');
  await tx.update(printJobs).set({ status: 'canceled', updatedAt: sql`now()` }).where(and(eq(printJobs.id, id), eq(printJobs.entityId, actor.entityId)));
  if (row.kiosk_request_id) await moveRequest(tx, actor.entityId, Number(row.kiosk_request_id), 'canceled', 'print job cancelled');
  return id;
}

/**
 * Prints a job's badge again (rule 291): a new job on the same kiosk, carried by a `print-badge` command. A kiosk
 * that is not connected fails it at once ("no connection found to the kiosk", 409) and the job shows failed.
 */
export async function reprint(services: Services, actor: MemberActor, id: number) {
  const db = services.database.db;
  const { job, created, mac } = await withTenant(db, actor.entityId, async (tx) => {
    const { row, job } = await loadPrintJob(tx, actor, id);
    if (!job.can_reprint || !row.mac) throw conflict('print.not_reprintable');
    const [k] = await tx.select({ name: kiosks.name }).from(kiosks).where(and(eq(kiosks.id, Number(row.kiosk_id)), eq(kiosks.entityId, actor.entityId)));
    const [created] = await tx
      .insert(printJobs)
      .values({
        entityId: actor.entityId,
        kioskId: Number(row.kiosk_id),
        scanId: Number(row.scan_id),
        userId: Number(row.user_id),
        printer: k?.name ?? row.printer,
        status: 'queued',
        reprintOf: id,
        requestedBy: actor.userId,
        expiresAt: new Date(Date.now() + REPRINT_TTL_MS),
      })
      .returning();
    return { job, created, mac: row.mac };
  });
  try {
    const request = await sendCommand(services, actor, { kioskId: job.kiosk!.id, mac }, KIOSK_PRINT_COMMAND, { print_job_id: created.id, scan_id: created.scanId });
    await withTenant(db, actor.entityId, (tx) => tx.update(printJobs).set({ status: 'sent', kioskRequestId: request.id, updatedAt: sql`now()` }).where(eq(printJobs.id, created.id)));
  } catch (err) {
    const requestId = err instanceof AppError ? ((err.extra.data as { request_id?: number } | undefined)?.request_id ?? null) : null;
    await withTenant(db, actor.entityId, (tx) => tx.update(printJobs).set({ status: 'failed', kioskRequestId: requestId, updatedAt: sql`now()` }).where(eq(printJobs.id, created.id)));
    throw err;
  }
  return created.id;
}

/**
 * Records the badge a kiosk fetched to print (the quick pass of a sign-in): one job per sign-in, printed now on
 * that kiosk's printer. Reprints are jobs of their own.
 */
export async function recordBadgePrint(tx: Db, entityId: number, kiosk: { id: number; name: string }, scanId: number, userId: number) {
  await tx.execute(sql`insert into print_jobs (entity_id, kiosk_id, scan_id, user_id, printer, status, expires_at, executed_at)
    select ${entityId}, ${kiosk.id}, ${scanId}, ${userId}, ${kiosk.name}, 'printed', now() + interval '1 day', now()
    where not exists (select 1 from print_jobs where entity_id = ${entityId} and scan_id = ${scanId} and reprint_of is null)`);
}
