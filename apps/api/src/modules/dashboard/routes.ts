import { INPUT_METHODS, listOf, one, SCAN_TYPES, LOGBOOK_VISIT_STATUSES, zDailyQuery, zDashboardTotals, zEntityIdParam, zIdParam, zLogbook, zLogbookFilter, zLogbookRow, zLookup, zScanTypeQuery, zSetupChecklist, zVisitListQuery } from '@gatehouse/contract';
import { badRequest, found } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { and, eq } from 'drizzle-orm';
import { scans, users } from '../../db/schema/index';
import { grantsOf } from '../../platform/auth/grants';
import { scanQuery } from '../signin';
import { dailyCounts } from './daily-counts';
import { listLogbook, presentLogbookRow } from './list-logbook';
import { setupChecklist } from './setup-checklist';

const tags = ['dashboard'];
const permission = 'dashboard' as const;

export default defineRoutes((r) => {
  r.route({
    method: 'GET',
    url: '/api/visit_list/{entityId}',
    summary: 'The logbook: scans with filters (date range, area, site, kiosk, user type, input method, scan data type, visit status, temperature, search), ordering and paging; status=expected lists the expected visits; isExporting answers every row up to 10,000',
    tags,
    permission: [permission, 'history'],
    params: zEntityIdParam,
    query: zVisitListQuery,
    response: zLogbook,
    handler: ({ actor, query, tenant }) => {
      const parsed = zLogbookFilter.safeParse(query.filterBy);
      if (!parsed.success) throw badRequest({ filterBy: ['validation.filter_json'] }, 'errors.validation');
      return tenant((tx) =>
        listLogbook(tx, actor, { filter: parsed.data, sortField: query.sortField, order: query.orderBy, limit: query.limit, page: query.page, exporting: query.isExporting }),
      );
    },
  });

  r.route({
    method: 'GET',
    url: '/api/dashboard/{entityId}',
    summary: 'Daily counts (totals.daily, rule 163) with who is on site now and today’s expected visits',
    tags,
    permission,
    params: zEntityIdParam,
    query: zDailyQuery,
    response: zDashboardTotals,
    handler: ({ actor, query, tenant }) => tenant((tx) => dailyCounts(tx, actor, query)),
  });

  r.route({
    method: 'GET',
    url: '/api/dashboard/setup/{entityId}',
    summary: "The first-run checklist: whether the organisation has a site, an area, a paired kiosk, a journey an area or kiosk follows, and an active pre-registration link",
    tags,
    permission,
    params: zEntityIdParam,
    response: zSetupChecklist,
    handler: async ({ actor, tenant }) => ({ data: await tenant((tx) => setupChecklist(tx, actor.entityId)) }),
  });

  r.route({
    method: 'GET',
    url: '/api/sacn_data_type',
    summary: 'Scan data types for the logbook filter; with type=visit, the visit statuses (rule 165)',
    tags,
    permission: [permission, 'history'],
    query: zScanTypeQuery,
    response: listOf(zLookup),
    handler: async ({ query, t }) => {
      const data = query.type === 'visit' ? LOGBOOK_VISIT_STATUSES.map((id) => ({ id, name: t(`signin.status.${id}`) })) : SCAN_TYPES.map((id) => ({ id, name: t(`signin.type.${id}`) }));
      return { data, count: data.length };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/input_method',
    summary: 'The ways in (QR, RFID, name, face, console, mass action) for the logbook filter',
    tags,
    permission: [permission, 'history'],
    response: listOf(zLookup),
    handler: async ({ t }) => {
      const data = INPUT_METHODS.map((id) => ({ id, name: t(`signin.input.${id}`) }));
      return { data, count: data.length };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/scans/{id}',
    summary: 'One scan with its person, place, checks, reason and visit (journey stage, date, time, admin notes)',
    tags,
    permission: [permission, 'history'],
    params: zIdParam,
    response: one(zLogbookRow),
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        // Within the member's sites and user types, as the logbook (rule 96, issue 16 part 3): another's is 404.
        const grants = await grantsOf(tx, actor);
        const [row] = await scanQuery(tx, actor.entityId, and(eq(scans.id, params.id), grants.areaCondition(scans.areaId), grants.userTypeCondition(users.userTypeId)));
        return { data: presentLogbookRow(found(row)) };
      }),
  });
});
