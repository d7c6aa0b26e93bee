/**
 * The permission catalogue (rules 42-47, 90-104, 305). Keys keep the documents' spellings, spaces included.
 * Menu keys gate menu entries; feature keys gate routes and the API.
 */
export const MENU_KEYS = [
  'company_details',
  'dashboard',
  'users',
  'announcements',
  'sites_devices',
  'reporting',
  'user_settings',
  'journey_builder',
  'compliance',
  'integration',
  'emergency',
] as const;

export const FEATURE_KEYS = [
  'show_emergency_sessions',
  'show_emergency_list',
  'history',
  'users_not_on_site',
  'visit_summary',
  'time_sheet',
  'track_trace',
  'export_list',
  'kiosk_logs',
  'printer',
  'user types',
  'privacy manager',
  'user settings',
  'attendance modes',
  'custom fields',
  'journeys',
  'compliances',
] as const;

export const PERMISSION_KEYS = [...MENU_KEYS, ...FEATURE_KEYS] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

/** Roles (rule 1). `key` is stable; `name` is what the documents call it. */
export const ROLE_KEYS = ['admin', 'employee', 'employee_reporting', 'fire_warden'] as const;
export type RoleKey = (typeof ROLE_KEYS)[number];
export const ROLE_NAMES: Record<RoleKey, string> = {
  admin: 'admin',
  employee: 'employee',
  employee_reporting: 'employee with reporting',
  fire_warden: 'fire warden',
};

const REPORTING: PermissionKey[] = [
  'reporting',
  'history',
  'users_not_on_site',
  'visit_summary',
  'time_sheet',
  'track_trace',
  'export_list',
  'kiosk_logs',
  'printer',
];
const EMERGENCY: PermissionKey[] = ['emergency', 'show_emergency_sessions', 'show_emergency_list'];

/**
 * The documented default permission map (docs/decisions.md): admins have everything; employees run the front
 * desk (dashboard, users, expected visits); employees with reporting add the reports; fire wardens run
 * emergency sessions and see the dashboard. Each organisation can change its own map.
 */
export const DEFAULT_ROLE_PERMISSIONS: Record<RoleKey, readonly PermissionKey[]> = {
  admin: PERMISSION_KEYS,
  employee: ['dashboard', 'users'],
  employee_reporting: ['dashboard', 'users', ...REPORTING],
  fire_warden: ['dashboard', ...EMERGENCY],
};

/** The shape the console receives: a map keyed by permission name with a pivot `allowed` flag (rule 90). */
export type PermissionMap = Record<string, { pivot: { allowed: 0 | 1 } }>;

export const isAllowed = (map: PermissionMap | undefined, key: string): boolean => map?.[key]?.pivot.allowed === 1;
