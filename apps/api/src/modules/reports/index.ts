/** What other modules may use of the reports (module boundary): the reports themselves and their grant scope. */
export { HISTORY_COLUMNS, HISTORY_FROM, historyWhere, presentHistoryRow, type HistoryDbRow } from './list-history';
export { kioskLogs } from './lookups';
export { usersNotOnSite } from './not-on-site';
export { assertReachable, reportScope, type ReportScope } from './scope';
export { timeReport } from './time-report';
export { organisationTimeZone } from './time-zone';
export { timesheet } from './timesheet';
export { trackAndTrace } from './track-trace';
export { visitSummary } from './visit-summary';
