import type { PermissionKey } from '@gatehouse/contract';

/** The pages of the Reporting (rule 45, in its order, plus the time report) and Settings (rule 46) groups. */
export const HUB_PAGES: Record<'reporting' | 'settings', { key: string; path: string; permission: PermissionKey | null }[]> = {
  reporting: [
    { key: 'history', path: '/reporting/history', permission: 'history' },
    { key: 'visit_summary', path: '/reporting/visit_summary', permission: 'visit_summary' },
    { key: 'timesheet', path: '/reporting/timesheet', permission: 'time_sheet' },
    { key: 'users_not_on_site', path: '/reporting/users-not-on-site', permission: 'users_not_on_site' },
    { key: 'track_trace', path: '/reporting/track-trace', permission: 'track_trace' },
    { key: 'export_list', path: '/reporting/export-list', permission: 'export_list' },
    { key: 'kiosk_logs', path: '/reporting/kiosk-logs', permission: 'kiosk_logs' },
    { key: 'printer', path: '/reporting/printer', permission: 'printer' },
    { key: 'time', path: '/reporting/time', permission: 'time_sheet' },
  ],
  settings: [
    { key: 'user_types', path: '/user-types', permission: 'user types' },
    { key: 'privacy', path: '/privacy-manager', permission: 'privacy manager' },
    { key: 'duplicates', path: '/duplication-control-board', permission: null },
    { key: 'attendance_modes', path: '/attendance-modes', permission: 'attendance modes' },
    { key: 'custom_fields', path: '/custom-fields', permission: 'custom fields' },
  ],
};
