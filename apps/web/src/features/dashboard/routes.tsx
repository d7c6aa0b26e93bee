import type { AppRoute } from '../../app/route-types';

/** The dashboard: logbook of scans and daily counts (rule 163). Gated by the `dashboard` menu key. */
export const dashboardRoutes: AppRoute[] = [{ path: '/', page: () => import('./pages/DashboardPage'), title: 'dashboard:title', permission: 'dashboard', packageRule: 'cloud' }];
