/** What other modules may use of emergencies (module boundaries): the routes, and the alarm for the device side. */
export { default as emergencyRoutes } from './routes';
export { default as emergencyLinkRoutes } from './link-routes';
export { default as emergencyReportRoutes } from './report-routes';
export { effectiveAlarm } from './fire-alarm';
