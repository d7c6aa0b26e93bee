import { IMPORT_COLUMNS, IMPORT_XLSX_MAX, IMPORT_ZIP_MAX, listOf, one, zEntityIdParam, zId, zIdParam, zImportRow, zImportRowSaved, zImportTask, zImportTaskSaved, zListQuery } from '@gatehouse/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { importRows, importTasks } from '../../db/schema/index';
import { AppError, badRequest, conflict, found, notFound } from '../../platform/errors';
import { jobsIn } from '../../platform/jobs';
import { readMultipart } from '../../platform/http/multipart';
import { defineRoutes } from '../../platform/http/route';
import { readSpreadsheet, templateWorkbook } from './read-spreadsheet';
import { readPhotosZip } from './read-zip';
import { IMPORT_JOB, type ImportJob, runImport } from './run-import';
import { IMPORT_JOB_OPTIONS, resumeImports, SWEEP_MS } from './resume';
import { fullyStaged, STAGE_BATCH, stageRows, stageTask, taskOf } from './stage-import';

const tags = ['users'];
const perm = 'users' as const;
const presentTask = (t: typeof importTasks.$inferSelect) => ({
  id: t.id, file_name: t.fileName, status: t.status, total: t.total, processed: t.processed, created: t.created, updated: t.updated, refused: t.refused, error: t.error,
  created_at: t.createdAt.toISOString(), started_at: t.startedAt?.toISOString() ?? null, finished_at: t.finishedAt?.toISOString() ?? null,
});
/** The import form: the spreadsheet and an optional ZIP of photos named by the rows' image column. */
const IMPORT_FILES = {
  file: { maxBytes: IMPORT_XLSX_MAX, required: true, types: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
  photos: { maxBytes: IMPORT_ZIP_MAX, types: ['application/zip'] },
};
const zImportForm = z.object({ entity_id: zId.optional() });
const zRowData = z.object(Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, z.string().trim().max(500).optional()])) as Record<(typeof IMPORT_COLUMNS)[number], z.ZodOptional<z.ZodString>>);

export default defineRoutes((r, services) => {
  services.jobs.work<ImportJob>(IMPORT_JOB, (data) => runImport(services, data));
  services.jobs.repeat('users.import.resume', SWEEP_MS, async (run) => {
    await resumeImports(services, run);
  });

  r.route({
    method: 'POST', url: '/api/users/import', summary: 'Upload people: an .xlsx (<= 2 MB) and an optional ZIP of photos (<= 50 MB), checked before anything is written, staged for review', tags, permission: perm, status: 201, multipart: { files: IMPORT_FILES, fields: zImportForm, only: true }, bodyLimit: IMPORT_XLSX_MAX + IMPORT_ZIP_MAX + 1024 * 1024,
    response: zImportTaskSaved,
    handler: async ({ actor, req, tenant, audit, t }) => {
      // Too large: 413 blaming the file that is (the photos archive is not the spreadsheet, issue 15 part 8).
      const form = await readMultipart(req, { fields: zImportForm, files: IMPORT_FILES }).catch((err: unknown) => {
        if (!(err instanceof AppError) || err.status !== 413) throw err;
        const field = err.extra.errors && 'photos' in err.extra.errors ? 'photos' : 'file';
        const key = field === 'photos' ? 'import.zip_too_large' : 'import.xlsx_too_large';
        throw new AppError(413, key, { errors: { [field]: [key] } });
      });
      if (form.fields.entity_id !== undefined && form.fields.entity_id !== actor.entityId) throw notFound();
      const file = form.files.file;
      if (!file) throw badRequest({ file: ['import.xlsx_only'] }, 'import.xlsx_only');
      const rows = await readSpreadsheet(file.data, file.filename);
      const photos = form.files.photos ? await readPhotosZip(form.files.photos.data) : new Map<string, Buffer>();
      const task = await tenant(async (tx) => {
        const staged = await stageTask(tx, services.storage, actor.entityId, actor.userId, file.filename, rows.length, photos);
        await audit(tx, 'stage', 'import', staged.id, { rows: rows.length, photos: photos.size });
        return staged;
      });
      // The rows in parts, each its own transaction (issue 16 part 7: 20,000 rows in one held the embedded
      // database's only connection for seconds); a part that fails takes the whole upload with it.
      try {
        for (let i = 0; i < rows.length; i += STAGE_BATCH) await tenant((tx) => stageRows(tx, actor.entityId, task.id, rows.slice(i, i + STAGE_BATCH), photos));
      } catch (err) {
        await tenant((tx) => tx.delete(importTasks).where(and(eq(importTasks.entityId, actor.entityId), eq(importTasks.id, task.id))));
        throw err;
      }
      return { message: t('import.staged'), data: presentTask(task) };
    },
  });

  r.route({
    method: 'GET', url: '/api/users/import_template', summary: 'The .xlsx template with the expected columns', tags, permission: perm, raw: true, produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    handler: async ({ reply }) => {
      reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="people-import-template.xlsx"')
        .send(await templateWorkbook());
    },
  });

  r.route({
    method: 'GET', url: '/api/users/import_tasks/{entityId}', summary: 'Imports with their progress (the import queue)', tags, permission: perm,
    params: zEntityIdParam, query: zListQuery, response: listOf(zImportTask),
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const where = and(eq(importTasks.entityId, actor.entityId), typeof query.filterBy.status === 'string' ? eq(importTasks.status, query.filterBy.status as 'done') : undefined);
        const rows = await tx.select().from(importTasks).where(where).orderBy(desc(importTasks.createdAt), desc(importTasks.id)).limit(query.limit).offset((query.page - 1) * query.limit);
        const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(importTasks).where(where);
        return { data: rows.map(presentTask), count: Number(n) };
      }),
  });

  r.route({
    method: 'GET', url: '/api/users/import_task/{id}', summary: 'One import with its progress (the details page)', tags, permission: perm,
    params: zIdParam, response: one(zImportTask),
    handler: ({ actor, params, tenant }) => tenant(async (tx) => ({ data: presentTask(found(await taskOf(tx, actor.entityId, params.id))) })),
  });

  r.route({
    method: 'GET', url: '/api/users/list_import_users/{entityId}/{importId}', summary: "An import's rows with their result and reason (filterBy.result)", tags, permission: perm,
    params: zEntityIdParam.extend({ importId: zId }), query: zListQuery, response: listOf(zImportRow),
    handler: ({ actor, params, query, tenant }) =>
      tenant(async (tx) => {
        found(await taskOf(tx, actor.entityId, params.importId));
        const res = query.filterBy.result;
        const where = and(eq(importRows.entityId, actor.entityId), eq(importRows.taskId, params.importId), typeof res === 'string' ? eq(importRows.result, res as 'created') : undefined);
        const rows = await tx.select().from(importRows).where(where).orderBy(asc(importRows.rowNumber)).limit(query.limit).offset((query.page - 1) * query.limit);
        const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(importRows).where(where);
        return { data: rows.map((x) => ({ id: x.id, row_number: x.rowNumber, data: x.data, photo: x.photo, result: x.result, reason: x.reason, user_id: x.userId })), count: Number(n) };
      }),
  });

  r.route({
    method: 'PUT', url: '/api/users/import_row/{id}', summary: 'Correct a staged row before the import runs', tags, permission: perm,
    params: zIdParam, body: z.object({ entity_id: zId.optional(), data: zRowData }), response: zImportRowSaved,
    handler: ({ actor, params, body, tenant, t }) =>
      tenant(async (tx) => {
        const row = found((await tx.select().from(importRows).where(and(eq(importRows.entityId, actor.entityId), eq(importRows.id, params.id))))[0]);
        const task = found(await taskOf(tx, actor.entityId, row.taskId));
        if (task.status !== 'staged') throw conflict('import.not_staged');
        const data = Object.fromEntries(Object.entries(body.data).filter(([, v]) => v)) as Record<string, string>;
        const [saved] = await tx.update(importRows).set({ data }).where(eq(importRows.id, row.id)).returning();
        return { message: t('import.row_saved'), data: { id: saved.id, row_number: saved.rowNumber, data: saved.data, photo: saved.photo, result: saved.result, reason: saved.reason, user_id: saved.userId } };
      }),
  });

  r.route({
    method: 'POST', url: '/api/users/run_import', summary: 'Run a staged (or failed) import as a background job with progress', tags, permission: perm,
    body: z.object({ entity_id: zId.optional(), import_id: zId }), response: zImportTaskSaved,
    handler: async ({ actor, body, tenant, audit, t }) => {
      const job = (taskId: number): ImportJob => ({ entityId: actor.entityId, taskId, runBy: actor.userId });
      const task = await tenant(async (tx) => {
        const [row] = await tx.update(importTasks).set({ status: 'queued', error: null, runBy: actor.userId, heartbeatAt: sql`now()` }).where(and(eq(importTasks.entityId, actor.entityId), eq(importTasks.id, body.import_id), inArray(importTasks.status, ['staged', 'failed']))).returning();
        if (!row || !(await fullyStaged(tx, row))) {
          found(await taskOf(tx, actor.entityId, body.import_id));
          throw conflict('import.not_staged');
        }
        await audit(tx, 'run', 'import', row.id);
        // Queued with the commit: a stop between the two never leaves an import queued without its job (a
        // process whose queue has not started, as some tests run, queues it after the commit).
        if (services.jobs.started) await services.jobs.send(IMPORT_JOB, job(row.id), { ...IMPORT_JOB_OPTIONS, db: jobsIn(tx) });
        return row;
      });
      if (!services.jobs.started) await services.jobs.send(IMPORT_JOB, job(task.id), IMPORT_JOB_OPTIONS);
      return { message: t('import.started'), data: presentTask(task) };
    },
  });
});
