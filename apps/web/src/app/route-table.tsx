import { announcementsRoutes } from '../features/announcements/routes';
import { attendanceRoutes } from '../features/attendance/routes';
import { authRoutes } from '../features/auth/routes';
import { companyRoutes } from '../features/company/routes';
import { complianceRoutes } from '../features/compliance/routes';
import { customFieldsRoutes } from '../features/custom-fields/routes';
import { journeysRoutes } from '../features/journeys/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { emergencyRoutes } from '../features/emergency/routes';
import { integrationsRoutes } from '../features/integrations/routes';
import { massActionsRoutes } from '../features/mass-actions/routes';
import { peopleOpsRoutes } from '../features/people-ops/routes';
import { passportRoutes } from '../features/passport/routes';
import { sitesRoutes } from '../features/sites/routes';
import { preregRoutes } from '../features/prereg/routes';
import { reportingRoutes } from '../features/reporting/routes';
import { privacyRoutes } from '../features/privacy/routes';
import { visitsRoutes } from '../features/visits/routes';
import { statusRoutes } from '../features/status/routes';
import { userTypesRoutes } from '../features/user-types/routes';
import { usersRoutes } from '../features/users/routes';
import type { RouteTableInfo } from '../lib/route-table';
import type { AppRoute } from '../lib/route-types';
import { homePath } from './menu';

/**
 * THE route table (architecture section 7): it mirrors ../spec/routes.json for the pages that exist and drives
 * the router, the guard (rules 15, 91, 92), page titles (rule 19), parent routes (rule 18) and the side menu
 * (which never links to a page that is not here). Each feature contributes `src/features/<area>/routes.tsx`;
 * add its array below. Unknown paths go to /404 (rule 16).
 */
export const ROUTES: AppRoute[] = [
  ...authRoutes,
  ...statusRoutes,
  ...passportRoutes,
  ...companyRoutes,
  ...attendanceRoutes,
  ...complianceRoutes,
  ...journeysRoutes,
  ...dashboardRoutes,
  ...massActionsRoutes,
  ...sitesRoutes,
  ...preregRoutes,
  ...visitsRoutes,
  ...userTypesRoutes,
  ...usersRoutes,
  ...peopleOpsRoutes,
  ...customFieldsRoutes,
  ...reportingRoutes,
  ...privacyRoutes,
  ...emergencyRoutes,
  ...announcementsRoutes,
  ...integrationsRoutes,
];

export const EXISTING_PATHS: ReadonlySet<string> = new Set(ROUTES.map((r) => r.path));
export const routeByPath = (path: string) => ROUTES.find((r) => r.path === path) ?? null;

/** What pages may ask of this table through `useRouteTable()` (lib/route-table.ts): the app router provides it. */
export const ROUTE_TABLE_INFO: RouteTableInfo = {
  existingPaths: EXISTING_PATHS,
  homeOf: (session) =>
    homePath({
      permissions: session?.permissions,
      entityPackage: session?.entity?.package,
      isSupport: session?.user.is_support === 1,
      existingPaths: EXISTING_PATHS,
    }),
};
