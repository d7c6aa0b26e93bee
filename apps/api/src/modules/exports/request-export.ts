import { isAllowed, isMessageKey, type Language, PDF_DIRECT_ROWS_MAX, type ReportKey } from '@gatehouse/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { reportExports, users } from '../../db/schema/index';
import { assertReachable, reportScope } from '../reports/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { jobsIn } from '../../platform/jobs';
import type { Services } from '../../platform/services';
import { presentExport } from './present';
import { EXPORT_JOB, runExport } from './run-export';
import { SOURCES } from './sources';

/** The permission each report's export needs: the report's own page key (rule 93); the logbook the dashboard's. */
export const EXPORT_PERMISSION: Record<ReportKey, string[]> = {
  logbook: ['dashboard', 'history'],
  history: ['history'],
  visit_summary: ['visit_summary'],
  timesheet: ['time_sheet'],
  time_report: ['time_sheet'],
  users_not_on_site: ['users_not_on_site'],
  track_trace: ['track_trace'],
  kiosk_logs: ['kiosk_logs'],
  print_list: ['printer'],
};

/** Checks the report's query as its page would (400 with the field messages). */
export function checkParams(report: ReportKey, params: Record<string, unknown>) {
  const parsed = SOURCES[report].params.safeParse(params);
  if (parsed.success) return;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : 'params';
    (errors[field] ??= []).push(isMessageKey(issue.message) ? issue.message : 'errors.validation');
  }
  throw badRequest(errors);
}

const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);

/**
 * The sites, areas, user types and person a report's query names must be the organisation's and within the
 * caller's grants (404 otherwise), checked when the export is asked for, not only when the job runs.
 */
async function assertParamsReachable(tx: Db, actor: MemberActor, params: Record<string, unknown>) {
  const f = (params.filterBy ?? {}) as Record<string, unknown>;
  const scope = await reportScope(tx, actor);
  await assertReachable(tx, scope, {
    site_id: [...idsOf(params.site_id), ...idsOf(f.site_id)],
    area_id: [...idsOf(params.area_id), ...idsOf(f.area_id)],
    user_type_id: [...idsOf(params.user_type_id), ...idsOf(f.user_type_id)],
  });
  for (const id of idsOf(params.user_id)) {
    const [u] = await tx.select({ typeId: users.userTypeId }).from(users).where(and(eq(users.id, id), eq(users.entityId, actor.entityId)));
    if (!u || (scope.typeIds && (u.typeId === null || !scope.typeIds.includes(u.typeId)))) throw notFound('reports.person_unknown');
  }
}

/** Whether the first page of the report holds the whole (small) result: such a PDF is answered directly (rule 288). */
async function isSmall(services: Services, actor: MemberActor, report: ReportKey, params: Record<string, unknown>, lang: Language) {
  const batches = SOURCES[report].batches({ db: services.database.db, actor, params, lang });
  const first = await batches.next();
  if (first.done) return true;
  if (first.value.length > PDF_DIRECT_ROWS_MAX) {
    await batches.return(undefined);
    return false;
  }
  const second = await batches.next();
  if (!second.done) await batches.return(undefined);
  return second.done === true;
}

/**
 * Asks for an export (POST /export): checks the permission of the report and its query, records it with its
 * requester, and queues the job that builds it in the same transaction. A small PDF is built now and answered as
 * data (rule 288); everything else answers the export with the URL it will have once ready.
 */
export async function requestExport(services: Services, actor: MemberActor, lang: Language, body: { report: ReportKey; format: 'csv' | 'xlsx' | 'pdf'; params: Record<string, unknown> }) {
  if (!EXPORT_PERMISSION[body.report].some((k) => isAllowed(actor.permissions, k))) throw forbidden();
  checkParams(body.report, body.params);
  const db = services.database.db;
  await withTenant(db, actor.entityId, (tx) => assertParamsReachable(tx, actor, body.params));
  const direct = body.format === 'pdf' && (await isSmall(services, actor, body.report, body.params, lang));
  const row = await withTenant(db, actor.entityId, async (tx) => {
    const [row] = await tx
      .insert(reportExports)
      .values({ entityId: actor.entityId, report: body.report, format: body.format, params: body.params, lang, requestedBy: actor.userId, requestedByName: `${actor.firstName} ${actor.lastName}`.trim() })
      .returning();
    if (!direct) await queueBuild(services, tx, actor.entityId, row.id);
    return row;
  });
  if (!direct) {
    if (!services.jobs.started) void runExport(services, { entityId: actor.entityId, exportId: row.id });
    return { direct: false as const, row: presentExport(row) };
  }
  await runExport(services, { entityId: actor.entityId, exportId: row.id });
  const [built] = await withTenant(db, actor.entityId, (tx) => tx.select().from(reportExports).where(eq(reportExports.id, row.id)));
  const file = built.fileKey ? (await services.storage.get(built.fileKey)).toString('base64') : undefined;
  return { direct: true as const, row: presentExport(built), file };
}

/** Queues the build inside the transaction that recorded (or reset) the export: both happen, or neither. */
async function queueBuild(services: Services, tx: Db, entityId: number, exportId: number) {
  if (services.jobs.started) await services.jobs.send(EXPORT_JOB, { entityId, exportId }, { db: jobsIn(tx), retryLimit: 2, expireInMinutes: 60 });
}

/** Builds again a failed or expired export with its saved query (POST /export_job). */
export async function rerunExport(services: Services, actor: MemberActor, id: number) {
  const db = services.database.db;
  const row = await withTenant(db, actor.entityId, async (tx) => {
    const [e] = await tx.select().from(reportExports).where(and(eq(reportExports.id, id), eq(reportExports.entityId, actor.entityId)));
    if (!e) throw notFound('exports.unknown');
    if (!EXPORT_PERMISSION[e.report as ReportKey].some((k) => isAllowed(actor.permissions, k))) throw forbidden();
    const shown = presentExport(e);
    if (shown.status !== 'failed' && shown.status !== 'expired') throw conflict('exports.not_rerunnable');
    const [reset] = await tx
      .update(reportExports)
      .set({ status: 'queued', rows: 0, total: null, error: null, fileKey: null, generatedAt: null, expiresAt: null, requestedBy: actor.userId, requestedByName: `${actor.firstName} ${actor.lastName}`.trim() })
      .where(eq(reportExports.id, e.id))
      .returning();
    await queueBuild(services, tx, actor.entityId, e.id);
    return reset;
  });
  if (!services.jobs.started) void runExport(services, { entityId: actor.entityId, exportId: row.id });
  return presentExport(row);
}

/** The export list (rule 290), newest first; or, for GET /export_job, one export or the caller's unfinished ones. */
export async function listExports(tx: Db, actor: MemberActor, q: { limit: number; page: number; id?: number; mine?: boolean }) {
  const conds = [eq(reportExports.entityId, actor.entityId)];
  if (q.id) conds.push(eq(reportExports.id, q.id));
  if (q.mine) conds.push(eq(reportExports.requestedBy, actor.userId), inArray(reportExports.status, ['queued', 'running']));
  const rows = await tx.select().from(reportExports).where(and(...conds)).orderBy(desc(reportExports.createdAt), desc(reportExports.id)).limit(q.limit).offset((q.page - 1) * q.limit);
  const n = await tx.$count(reportExports, and(...conds));
  return { data: rows.map((r) => presentExport(r)), count: Number(n) };
}
