import { EXPORT_TTL_DAYS, type Language, type ReportKey, translate } from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { reportExports, users } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { asSystem, withTenant } from '../../platform/db/tenant';
import { composeMail, made } from '../../platform/mail';
import type { Services } from '../../platform/services';
import { SOURCES } from './sources';
import { PDF_ROWS_MAX, WRITERS } from './writers';

export const EXPORT_JOB = 'exports.build';
export interface ExportJob {
  entityId: number;
  exportId: number;
}

/** Progress is written (and announced) at most this often while rows stream. */
const PROGRESS_MS = 1000;

export const exportKey = (entityId: number, id: number, format: string) => `exports/${entityId}/${id}.${format}`;
export const exportFileName = (report: string, id: number, format: string, at: Date) => `${report}-${at.toISOString().slice(0, 10)}-${id}.${format}`;

/**
 * The requester as the job sees them: their grants now (rule 96), not when they asked. A member who left or lost
 * their role gets nothing.
 */
export async function jobActor(tx: Db, entityId: number, userId: number): Promise<MemberActor | null> {
  const [u] = await tx
    .select({ id: users.id, allSites: users.allSites, allUserTypes: users.allUserTypes, status: users.status, roleId: users.roleId, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.entityId, entityId)));
  if (!u || u.status !== 'active' || u.roleId === null) return null;
  return { entityId, userId: u.id, allSites: u.allSites, allUserTypes: u.allUserTypes, firstName: u.firstName, lastName: u.lastName } as MemberActor;
}

/**
 * Builds one export (rules 288-290): streams the report's rows, page by page from the database, into the file
 * through the storage (never the whole result in memory), records the progress the export list shows, then marks
 * it ready for EXPORT_TTL_DAYS and mails the requester in the same transaction (rule 289). A failure is recorded
 * and mailed too. Run twice (a retry after a crash), it builds the file again from the start.
 */
export async function runExport(services: Services, job: ExportJob, now = () => new Date()) {
  const db = services.database.db;
  const [exp] = await withTenant(db, job.entityId, (tx) =>
    tx.update(reportExports).set({ status: 'running', rows: 0, error: null }).where(and(eq(reportExports.id, job.exportId), eq(reportExports.entityId, job.entityId))).returning(),
  );
  if (!exp) return;
  const lang = exp.lang as Language;
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
  const source = SOURCES[exp.report as ReportKey];
  const key = exportKey(job.entityId, exp.id, exp.format);
  let rows = 0;
  try {
    const actor = exp.requestedBy ? await withTenant(db, job.entityId, (tx) => jobActor(tx, job.entityId, exp.requestedBy!)) : null;
    if (!actor) throw new Error('requester no longer has access');
    const out = await services.storage.writeStream(key);
    const writer = await WRITERS[exp.format](out, { title: t(`exports.report.${exp.report}`), headers: source.headers.map((h) => t(`exports.col.${h}`)), rtl: lang === 'ar', note: (n) => (n >= PDF_ROWS_MAX ? t('exports.pdf_cut', { rows: PDF_ROWS_MAX }) : null) });
    let announced = Date.now();
    try {
      for await (const batch of source.batches({ db, actor, params: exp.params, lang })) {
        await writer.rows(batch);
        rows += batch.length;
        if (Date.now() - announced >= PROGRESS_MS) {
          announced = Date.now();
          await withTenant(db, job.entityId, (tx) => tx.update(reportExports).set({ rows }).where(eq(reportExports.id, exp.id)));
          services.realtime.toEntity(job.entityId, 'update', { type: 'export', action: 'progress', id: exp.id, rows });
        }
      }
    } finally {
      await writer.close();
    }
    const size = await services.storage.size(key);
    const at = now();
    const expiresAt = new Date(at.getTime() + EXPORT_TTL_DAYS * 86_400_000);
    await withTenant(db, job.entityId, async (tx) => {
      await tx
        .update(reportExports)
        .set({ status: 'ready', rows, total: rows, size, fileKey: key, fileName: exportFileName(exp.report, exp.id, exp.format, at), generatedAt: at, expiresAt })
        .where(eq(reportExports.id, exp.id));
      await mailRequester(services, tx, exp, 'ready', expiresAt);
    });
    services.realtime.toEntity(job.entityId, 'update', { type: 'export', action: 'ready', id: exp.id, rows });
  } catch (err) {
    await services.storage.remove(key);
    await withTenant(db, job.entityId, async (tx) => {
      await tx.update(reportExports).set({ status: 'failed', rows, error: String((err as Error).message ?? err).slice(0, 500) }).where(eq(reportExports.id, exp.id));
      await mailRequester(services, tx, exp, 'failed', null);
    });
    services.realtime.toEntity(job.entityId, 'update', { type: 'export', action: 'failed', id: exp.id });
  }
}

/** Rule 289: the requester hears when the export is ready (or could not be built), in their language. */
async function mailRequester(services: Services, tx: Db, exp: typeof reportExports.$inferSelect, outcome: 'ready' | 'failed', expiresAt: Date | null) {
  if (exp.subscriptionId || !exp.requestedBy) return;
  const [u] = await tx.select({ email: users.email, firstName: users.firstName, lang: users.lang }).from(users).where(eq(users.id, exp.requestedBy));
  if (!u?.email) return;
  const lang = exp.lang as Language;
  const report = made(translate(lang, `exports.report.${exp.report}`));
  const url = made(`${services.config.publicUrl.replace(/\/$/, '')}/reporting/export-list`);
  const expires = made(expiresAt ? expiresAt.toISOString().slice(0, 10).split('-').reverse().join('/') : '');
  const keys = outcome === 'ready' ? { subject: 'exports.mail_subject', body: 'exports.mail_body' } : { subject: 'exports.failed_subject', body: 'exports.failed_body' };
  await services.mail.queue({ to: u.email, ...composeMail(lang, keys, { name: u.firstName, report, format: made(exp.format.toUpperCase()), expires, url }) }, { tx });
}

/** Deletes the files of expired exports and forgets their key (rule 290); the rows stay listed as expired. */
export async function expireExports(services: Services, now = new Date()) {
  const db = services.database.db;
  const due = await asSystem(db, (tx) =>
    tx
      .select({ id: reportExports.id, entityId: reportExports.entityId, fileKey: reportExports.fileKey })
      .from(reportExports)
      .where(and(sql`${reportExports.expiresAt} <= ${now}`, sql`${reportExports.fileKey} is not null`))
      .limit(1000),
  );
  for (const d of due) {
    // The file first: a crash in between leaves the key, and the next run removes (nothing) and forgets it.
    await services.storage.remove(d.fileKey!);
    await withTenant(db, d.entityId, (tx) => tx.update(reportExports).set({ fileKey: null }).where(eq(reportExports.id, d.id)));
  }
  return due.length;
}
