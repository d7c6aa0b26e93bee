import { type PermissionKey, type PermissionMap, isAllowed, isStandalone } from '@gatehouse/contract';

/** Menu item model (rule 59). `label` is a `shell:menu.*` key. */
export interface MenuItem {
  id: string;
  label: string;
  link: string;
  /** Menu permission; null = always shown (Passport). */
  acl: PermissionKey | null;
  newTab?: boolean;
  children?: MenuItem[];
  /** Paths that highlight this entry (rule 48). */
  matches?: string[];
  /** A live number shown beside the entry (the shell knows how to count it). */
  badge?: 'awaiting_approval';
}

/** The side menu (rules 43-46), in the documents' order. */
export const MENU: MenuItem[] = [
  { id: 'passport', label: 'menu.passport', link: '/passport', acl: null },
  { id: 'company', label: 'menu.company', link: '/company', acl: 'company_details' },
  { id: 'dashboard', label: 'menu.dashboard', link: '/', acl: 'dashboard', matches: ['/filtered'] },
  { id: 'users', label: 'menu.users', link: '/users', acl: 'users', newTab: true },
  {
    // Issue 15 part 4: where people look for their visitors (gated like the page that adds visits).
    id: 'visitors',
    label: 'menu.visitors',
    link: '/visitors',
    acl: 'users',
    children: [
      { id: 'visitors_today', label: 'menu.visitors_today', link: '/visitors', acl: 'users' },
      { id: 'visitors_expected', label: 'menu.visitors_expected', link: '/visitors/expected', acl: 'users', matches: ['add-expected-visitors'] },
      { id: 'visitors_awaiting', label: 'menu.visitors_awaiting', link: '/visitors/awaiting-approval', acl: 'users', badge: 'awaiting_approval' },
    ],
  },
  { id: 'announcements', label: 'menu.announcements', link: '/announcements', acl: 'announcements', matches: ['announcements', 'add-announcement', 'announcement-details'] },
  { id: 'sites', label: 'menu.sites', link: '/sites', acl: 'sites_devices' },
  {
    id: 'reporting',
    label: 'menu.reporting',
    link: '/Reporting',
    acl: 'reporting',
    children: [
      { id: 'history', label: 'menu.history', link: '/reporting/history', acl: 'history' },
      { id: 'visit_summary', label: 'menu.visit_summary', link: '/reporting/visit_summary', acl: 'visit_summary' },
      { id: 'timesheet', label: 'menu.timesheet', link: '/reporting/timesheet', acl: 'time_sheet' },
      { id: 'users_not_on_site', label: 'menu.users_not_on_site', link: '/reporting/users-not-on-site', acl: 'users_not_on_site' },
      { id: 'track_trace', label: 'menu.track_trace', link: '/reporting/track-trace', acl: 'track_trace' },
      { id: 'export_list', label: 'menu.export_list', link: '/reporting/export-list', acl: 'export_list' },
      { id: 'kiosk_logs', label: 'menu.kiosk_logs', link: '/reporting/kiosk-logs', acl: 'kiosk_logs' },
      { id: 'printer', label: 'menu.printer', link: '/reporting/printer', acl: 'printer' },
    ],
  },
  {
    id: 'settings',
    label: 'menu.settings',
    link: '/settings',
    acl: 'user_settings',
    children: [
      { id: 'user_types', label: 'menu.user_types', link: '/user-types', acl: 'user types', matches: ['add-user-type'] },
      { id: 'privacy', label: 'menu.privacy', link: '/privacy-manager', acl: 'privacy manager' },
      { id: 'duplicates', label: 'menu.duplicates', link: '/duplication-control-board', acl: null },
      { id: 'attendance_modes', label: 'menu.attendance_modes', link: '/attendance-modes', acl: 'attendance modes', matches: ['add-attendance-mode', 'add-reason'] },
      { id: 'custom_fields', label: 'menu.custom_fields', link: '/custom-fields', acl: 'custom fields', matches: ['add-custom-field'] },
    ],
  },
  { id: 'journeys', label: 'menu.journeys', link: '/journeys', acl: 'journey_builder', matches: ['journey', 'add-journey', 'add-flow'] },
  { id: 'compliance', label: 'menu.compliance', link: '/compliances', acl: 'compliance', matches: ['compliances', 'compliance-new', 'compliance'] },
  { id: 'integration', label: 'menu.integration', link: '/integration', acl: 'integration' },
  { id: 'emergency', label: 'menu.emergency', link: '/emergency-sessions', acl: 'emergency' },
];

export interface VisibleMenuItem extends MenuItem {
  disabled: boolean;
  children?: VisibleMenuItem[];
}

export interface MenuContext {
  permissions: PermissionMap | undefined;
  entityPackage: string | null | undefined;
  isSupport: boolean;
  /** Paths of the pages that exist (the route table): the menu never links to a page that is not there. */
  existingPaths: ReadonlySet<string>;
}

const shown = (item: MenuItem, ctx: MenuContext) => item.acl === null || isAllowed(ctx.permissions, item.acl);

/**
 * The menu the user sees (rules 42, 52): entries whose permission is allowed (1) and whose page exists; a group
 * shows when it is allowed and has at least one visible sub-page. On Standalone (or no package) every entry
 * except sites and passport is disabled; company stays enabled for the support account.
 */
export function buildMenu(ctx: MenuContext, menu: MenuItem[] = MENU): VisibleMenuItem[] {
  const standalone = isStandalone(ctx.entityPackage);
  const disabledFor = (item: MenuItem) =>
    standalone && !['passport', 'sites'].includes(item.id) && !(item.id === 'company' && ctx.isSupport);
  const out: VisibleMenuItem[] = [];
  for (const item of menu) {
    if (!shown(item, ctx)) continue;
    if (item.children) {
      const children = item.children
        .filter((c) => shown(c, ctx) && ctx.existingPaths.has(c.link))
        .map((c) => ({ ...c, children: undefined, disabled: disabledFor(item) }));
      if (children.length) out.push({ ...item, children, disabled: disabledFor(item) });
    } else if (ctx.existingPaths.has(item.link)) {
      out.push({ ...item, children: undefined, disabled: disabledFor(item) });
    }
  }
  return out;
}

/** The entry to highlight: its link equals the path or the route's parent, or the path contains one of its words (rule 48). */
export function activeMenuId(items: VisibleMenuItem[], pathname: string, parent?: string): string | null {
  const lower = pathname.toLowerCase();
  const flat = items.flatMap((i) => [i, ...(i.children ?? [])]);
  const exact = flat.find((i) => i.link === pathname || (parent && i.link === parent));
  if (exact) return exact.id;
  const segments = lower.split('/').filter(Boolean);
  const byWord = flat.find((i) => i.matches?.some((m) => (m.startsWith('/') ? lower === m : segments.includes(m))));
  return byWord?.id ?? null;
}

/** Where a signed-in user lands: Cloud goes to / (when it exists), Standalone to /sites (rule 21), else the first page of the menu. */
export function homePath(ctx: MenuContext): string {
  // No organisation yet (a new account): the passport page, where one is created or an invitation accepted.
  if (ctx.entityPackage === undefined && ctx.existingPaths.has('/passport')) return '/passport';
  const standalone = isStandalone(ctx.entityPackage);
  if (standalone && ctx.existingPaths.has('/sites')) return '/sites';
  if (!standalone && ctx.existingPaths.has('/') && isAllowed(ctx.permissions, 'dashboard')) return '/';
  const first = buildMenu(ctx).find((i) => !i.disabled);
  return first ? (first.children?.[0]?.link ?? first.link) : '/error';
}
