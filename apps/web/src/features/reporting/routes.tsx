import type { AppRoute } from '../../lib/route-types';

/** Reporting (rule 45: the eight sub-pages in order, plus /reporting/time) and the two menu hubs (rule 306). */
export const reportingRoutes: AppRoute[] = [
  { path: '/Reporting', page: () => import('./pages/ReportingHubPage'), title: 'reporting:hub.reporting', permission: 'reporting', packageRule: 'cloud' },
  { path: '/settings', page: () => import('./pages/SettingsHubPage'), title: 'reporting:hub.settings', permission: 'user settings', packageRule: 'cloud' },
  { path: '/reporting/history', page: () => import('./pages/HistoryPage'), title: 'reporting:history', permission: 'history', packageRule: 'cloud', parent: '/Reporting' },
  { path: '/reporting/visit_summary', page: () => import('./pages/VisitSummaryPage'), title: 'reporting:visit_summary', permission: 'visit_summary', packageRule: 'cloud', parent: '/Reporting' },
  { path: '/reporting/timesheet', page: () => import('./pages/TimesheetPage'), title: 'reporting:timesheet', permission: 'time_sheet', packageRule: 'cloud', parent: '/Reporting' },
  { path: '/reporting/users-not-on-site', page: () => import('./pages/UsersNotOnSitePage'), title: 'reporting:users_not_on_site', permission: 'users_not_on_site', packageRule: 'cloud', parent: '/Reporting' },
  { path: '/reporting/track-trace', page: () => import('./pages/TrackTracePage'), title: 'reporting:track_trace', permission: 'track_trace', packageRule: 'cloud', parent: '/Reporting' },
  { path: '/reporting/export-list', page: () => import('./pages/ExportListPage'), title: 'reporting:export_list', permission: 'export_list', packageRule: 'cloud', parent: '/Reporting' },
  { path: '/reporting/kiosk-logs', page: () => import('./pages/KioskLogsPage'), title: 'reporting:kiosk_logs', permission: 'kiosk_logs', packageRule: 'cloud', parent: '/Reporting' },
  { path: '/reporting/printer', page: () => import('./pages/PrintListPage'), title: 'reporting:print_list', permission: 'printer', packageRule: 'cloud', parent: '/Reporting' },
  { path: '/reporting/time', page: () => import('./pages/TimeReportPage'), title: 'reporting:time_report', permission: 'time_sheet', packageRule: 'cloud', parent: '/Reporting' },
];
