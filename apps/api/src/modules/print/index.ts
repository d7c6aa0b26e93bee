/** What other modules may use of the print list (module boundary). */
export { listPrintJobs } from './list-print-jobs';
export { recordBadgePrint } from './print-actions';
