import { listOf, zEntityIdParam, zIdParam, zListQuery, zPrintFilter, zPrintJob, zPrintJobSaved } from '@gatehouse/contract';
import { badRequest } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { reportScope } from '../reports/index';
import { listPrintJobs } from './list-print-jobs';
import { cancelPrint, loadPrintJob, reprint } from './print-actions';

const tags = ['print'];
const permission = 'printer' as const;

/** The print list (rule 291): quick pass print jobs, cancel, reprint. */
export default defineRoutes((r, services) => {
  r.route({
    method: 'GET',
    url: '/api/print_queue_list/{entityId}',
    summary: 'Quick pass print jobs (rule 291): printer, person, status, expiry and execution date, newest first; filterBy status or kiosk_id',
    tags,
    permission,
    params: zEntityIdParam,
    query: zListQuery,
    response: listOf(zPrintJob),
    handler: ({ actor, query, tenant }) => {
      const f = zPrintFilter.safeParse(query.filterBy);
      if (!f.success) throw badRequest({ filterBy: ['validation.filter_json'] });
      return tenant(async (tx) => listPrintJobs(tx, await reportScope(tx, actor), f.data, query));
    },
  });

  r.route({
    method: 'PUT',
    url: '/api/cancel_print/{id}',
    summary: 'Cancel a print job not yet printed (rule 291); 409 once printed, failed, cancelled or expired',
    tags,
    permission,
    params: zIdParam,
    response: zPrintJobSaved,
    handler: ({ actor, params, tenant, audit, emit, t }) =>
      tenant(async (tx) => {
        await cancelPrint(tx, actor, params.id);
        await audit(tx, 'cancel', 'print_job', params.id);
        emit('entity', actor.entityId, 'update', { type: 'print_job', action: 'canceled', id: params.id });
        return { message: t('print.canceled'), data: (await loadPrintJob(tx, actor, params.id)).job };
      }),
  });

  r.route({
    method: 'PUT',
    url: '/api/reprint/{id}',
    summary: 'Print a badge again on the same kiosk (rule 291; never for default users, rule 102): a new job sent to the kiosk, 409 when it is not connected',
    tags,
    permission,
    params: zIdParam,
    response: zPrintJobSaved,
    status: 201,
    handler: async ({ actor, params, tenant, t, emit, audit }) => {
      const id = await reprint(services, actor, params.id);
      emit('entity', actor.entityId, 'update', { type: 'print_job', action: 'reprint', id });
      return tenant(async (tx) => {
        await audit(tx, 'reprint', 'print_job', id, { reprint_of: params.id });
        return { message: t('print.reprinted'), data: (await loadPrintJob(tx, actor, id)).job };
      });
    },
  });
});
