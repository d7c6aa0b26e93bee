/** What other modules may use of the dashboard (module boundary). */
export { COUNT_CAP, listLogbook, logbookWhere, presentLogbookRow } from './list-logbook';
