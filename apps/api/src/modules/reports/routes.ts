import { listOf, zEntityIdParam, zHistoryFilter, zHistoryGrid, zHistoryList, zHistoryQuery, zKioskLogFilter, zKioskLogRow, zListQuery, zNotOnSiteQuery, zNotOnSiteList, zOk, zReportPeopleQuery, zReportPerson, zSummaryQuery, zTimeReportQuery, zTimeReportRow, zTimesheetEdit, zTimesheetQuery, zTimesheetRow, zTrace, zTraceQuery, zVisitSummary } from '@gatehouse/contract';
import { z } from 'zod';
import { badRequest } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { editTimesheet } from './edit-timesheet';
import { listHistory } from './list-history';
import { historyGrid, kioskLogs, reportPeople } from './lookups';
import { usersNotOnSite } from './not-on-site';
import { reportScope } from './scope';
import { timeReport } from './time-report';
import { organisationTimeZone } from './time-zone';
import { timesheet } from './timesheet';
import { trackAndTrace } from './track-trace';
import { visitSummary } from './visit-summary';

const tags = ['reporting'];
const zEntityQuery = z.object({ entity_id: z.coerce.number().int().positive().optional() });
const zSearchFilter = z.object({ search: z.string().trim().max(100).optional() });

/** The search text of a list's filterBy (a JSON object or plain text); anything else is a 400 on filterBy. */
function searchOf(filterBy: Record<string, unknown>) {
  const parsed = zSearchFilter.safeParse(filterBy);
  if (!parsed.success) throw badRequest({ filterBy: ['validation.filter_json'] });
  return parsed.data.search || undefined;
}

/** The reporting calls (rules 45, 288-292): each within the caller's site and user-type grants (rule 96). */
export default defineRoutes((r) => {
  r.route({
    method: 'GET',
    url: '/api/get_history_data_grid/{entityId}',
    summary: 'Visit history grid: its columns and the sites, areas, user types and kiosks its filters offer (within the caller’s grants)',
    tags,
    permission: 'history',
    params: zEntityIdParam,
    response: zHistoryGrid,
    handler: ({ actor, tenant }) => tenant(async (tx) => ({ data: await historyGrid(tx, await reportScope(tx, actor)) })),
  });

  r.route({
    method: 'GET',
    url: '/api/report_list_history/{entityId}',
    summary: 'Visit history: one row per visit with the logbook’s filters (filterBy), any period, dates as the site’s local days',
    tags,
    permission: 'history',
    params: zEntityIdParam,
    query: zHistoryQuery,
    response: zHistoryList,
    handler: ({ actor, query, tenant }) => {
      const parsed = zHistoryFilter.safeParse(query.filterBy);
      if (!parsed.success) throw badRequest({ filterBy: ['validation.filter_json'] });
      return tenant(async (tx) => listHistory(tx, await reportScope(tx, actor), { filter: parsed.data, sortField: query.sortField, order: query.orderBy, limit: query.limit, page: query.page }));
    },
  });

  r.route({
    method: 'GET',
    url: '/api/visit_summary/{entityId}',
    summary: 'Visit summary (rule 292: start, end): sign-ins, sign-outs and people by day, site, area, user type and input method',
    tags,
    permission: 'visit_summary',
    params: zEntityIdParam,
    query: zSummaryQuery,
    response: zVisitSummary,
    handler: ({ actor, query, tenant }) => tenant(async (tx) => ({ data: await visitSummary(tx, await reportScope(tx, actor), query) })),
  });

  r.route({
    method: 'GET',
    url: '/api/track_and_trace/{entityId}',
    summary: 'Track and trace (rule 292: user_id, date; end_date for a range of up to 31 days): who shared an area with the person, and for how many minutes',
    tags,
    permission: 'track_trace',
    params: zEntityIdParam,
    query: zTraceQuery,
    response: zTrace,
    handler: ({ actor, query, tenant }) => tenant(async (tx) => trackAndTrace(tx, await reportScope(tx, actor), query)),
  });

  r.route({
    method: 'GET',
    url: '/api/users/entities/{entityId}',
    summary: 'People for the reports’ pickers (track and trace, timesheet): search by name or e-mail, within the caller’s grants',
    tags,
    permission: ['track_trace', 'time_sheet', 'history', 'reporting'],
    params: zEntityIdParam,
    query: zReportPeopleQuery,
    response: listOf(zReportPerson),
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => reportPeople(tx, await reportScope(tx, actor), { search: searchOf(query.filterBy), limit: query.limit, page: query.page })),
  });

  r.route({
    method: 'GET',
    url: '/api/get_users_not_on_site',
    summary: 'Users not on site: expected (an expected visit) or scheduled (their attendance mode’s day) and not signed in, on a local day (today by default)',
    tags,
    permission: 'users_not_on_site',
    query: zNotOnSiteQuery.extend(zEntityQuery.shape),
    response: zNotOnSiteList,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const tz = await organisationTimeZone(tx, actor.entityId, query.site_id);
        return usersNotOnSite(tx, await reportScope(tx, actor), { ...query, search: searchOf(query.filterBy) }, tz);
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/time_sheet/{entityId}',
    summary: 'Timesheet: minutes on site per person per local day against their attendance mode, late and early with reasons (paged by person)',
    tags,
    permission: 'time_sheet',
    params: zEntityIdParam,
    query: zTimesheetQuery,
    response: listOf(zTimesheetRow),
    handler: ({ actor, query, tenant }) => tenant(async (tx) => timesheet(tx, await reportScope(tx, actor), query)),
  });

  r.route({
    method: 'POST',
    url: '/api/time_sheet/{entityId}',
    summary: 'Edit a timesheet visit: sign-in and sign-out times of a closed visit, late and early reasons of the person’s mode (audited)',
    tags,
    permission: 'time_sheet',
    params: zEntityIdParam,
    body: zTimesheetEdit,
    response: zOk,
    handler: ({ actor, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        const done = await editTimesheet(tx, await reportScope(tx, actor), actor, body);
        await audit(tx, 'update', 'timesheet_visit', done.visitId, done.changes);
        return { message: t('reports.timesheet_updated'), data: { visit_id: done.visitId } };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/time_report/{entityId}',
    summary: 'Time report (/reporting/time): per person over a period, days present, minutes against the mode’s expected minutes, late and early counts',
    tags,
    permission: 'time_sheet',
    params: zEntityIdParam,
    query: zTimeReportQuery,
    response: listOf(zTimeReportRow),
    handler: ({ actor, query, tenant }) => tenant(async (tx) => timeReport(tx, await reportScope(tx, actor), query)),
  });

  r.route({
    method: 'GET',
    url: '/api/kiosk_logs/{entityId}',
    summary: 'Kiosk logs: remote commands sent to the kiosks of the caller’s sites and their statuses (rule 244), newest first',
    tags,
    permission: 'kiosk_logs',
    params: zEntityIdParam,
    query: zListQuery,
    response: listOf(zKioskLogRow),
    handler: ({ actor, query, tenant }) => {
      const parsed = zKioskLogFilter.safeParse(query.filterBy);
      if (!parsed.success) throw badRequest({ filterBy: ['validation.filter_json'] });
      return tenant(async (tx) => kioskLogs(tx, await reportScope(tx, actor), parsed.data, query));
    },
  });
});
