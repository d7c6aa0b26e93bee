import { EXPORT_LIST_COUNT, listOf, zEntityIdParam, zExportAnswer, zExportBody, zExportJobBody, zExportJobQuery, zExportRow, zExportSaved, zIdParam, zListQuery } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { reportExports } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { presentExport } from './present';
import { listExports, requestExport, rerunExport } from './request-export';
import { EXPORT_JOB, type ExportJob, expireExports, runExport } from './run-export';
import { CONTENT_TYPES } from './writers';
import { registerSubscriptions } from './subscription-routes';

const tags = ['exports'];
const REPORTING_KEYS = ['export_list', 'history', 'visit_summary', 'time_sheet', 'users_not_on_site', 'track_trace', 'kiosk_logs', 'printer', 'dashboard'] as const;

/** Exports (rules 288-290): asked for from a report, built by a job, listed, downloaded, expired. */
export default defineRoutes((r, services) => {
  services.jobs.work<ExportJob>(EXPORT_JOB, (job) => runExport(services, job));
  services.jobs.every('exports.expire', '*/10 * * * *', async () => {
    await expireExports(services);
  });
  registerSubscriptions(r, services);

  r.route({
    method: 'POST',
    url: '/api/export',
    summary: 'Export a report or the logbook as CSV, XLSX or PDF: a background job (the answer carries the URL it will have, rule 288); a small PDF is answered as data (base64)',
    tags,
    permission: [...REPORTING_KEYS],
    body: zExportBody,
    response: zExportAnswer,
    handler: async ({ actor, body, lang, t, reply }) => {
      const res = await requestExport(services, actor, lang, body);
      if (res.direct) {
        return { message: t('exports.ready'), data: { ...res.row, file: res.file, content_type: CONTENT_TYPES.pdf } };
      }
      reply.code(202);
      return { message: t('exports.queued'), data: res.row };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/export_list/{entityId}',
    summary: 'The export list (rule 290): every export of the organisation with requester, generation and expiry dates, progress and download URL',
    tags,
    permission: 'export_list',
    params: zEntityIdParam,
    query: zListQuery.extend({ limit: z.coerce.number().int().min(1).max(EXPORT_LIST_COUNT).default(10) }),
    response: listOf(zExportRow),
    handler: ({ actor, query, tenant }) => tenant((tx) => listExports(tx, actor, query)),
  });

  r.route({
    method: 'GET',
    url: '/api/export_job',
    summary: 'Progress of an export (id), or of the caller’s exports still being built',
    tags,
    permission: [...REPORTING_KEYS],
    query: zExportJobQuery,
    response: listOf(zExportRow),
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const res = await listExports(tx, actor, { limit: EXPORT_LIST_COUNT, page: 1, id: query.id, mine: !query.id });
        if (query.id && !res.data.length) throw notFound('exports.unknown');
        return res;
      }),
  });

  r.route({
    method: 'POST',
    url: '/api/export_job',
    summary: 'Build again a failed or expired export with its saved filters (entity_id, id)',
    tags,
    permission: 'export_list',
    body: zExportJobBody,
    response: zExportSaved,
    status: 202,
    handler: async ({ actor, body, t }) => ({ message: t('exports.queued'), data: await rerunExport(services, actor, body.id) }),
  });

  r.route({
    method: 'GET',
    url: '/api/export_file/{id}',
    summary: 'Download a ready export (same organisation, export list permission; the requester, or a member reaching every site and user type); 410 once expired',
    tags,
    permission: 'export_list',
    params: zIdParam,
    raw: true,
    produces: Object.values(CONTENT_TYPES),
    handler: async ({ actor, params, reply }) => {
      const e = await withTenant(services.database.db, actor.entityId, async (tx) => {
        const [row] = await tx.select().from(reportExports).where(and(eq(reportExports.id, params.id), eq(reportExports.entityId, actor.entityId)));
        return row;
      });
      if (!e) throw notFound('exports.unknown');
      // The file holds what its requester's grants reached (rule 96): others need every site and user type.
      if (e.requestedBy !== actor.userId && !(actor.allSites && actor.allUserTypes)) throw forbidden();
      const shown = presentExport(e);
      if (shown.status === 'expired') throw new AppError(410, 'exports.expired');
      if (shown.status !== 'ready' || !e.fileKey) throw conflict('exports.not_ready');
      reply
        .header('content-type', CONTENT_TYPES[e.format])
        .header('content-disposition', `attachment; filename="${e.fileName}"`)
        .header('content-length', String(e.size ?? (await services.storage.size(e.fileKey))))
        .header('cache-control', 'private, no-store');
      return reply.send(services.storage.readStream(e.fileKey));
    },
  });
});
