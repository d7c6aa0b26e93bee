import type { AppRoute } from '../../lib/route-types';

/** The dashboard (rule 163) and its filtered logbook. Gated by the `dashboard` key; /filtered states none, so it takes its parent's. */
export const dashboardRoutes: AppRoute[] = [
  { path: '/', page: () => import('./pages/DashboardPage'), title: 'dashboard:title', permission: 'dashboard', packageRule: 'cloud' },
  { path: '/filtered', page: () => import('./pages/FilteredPage'), title: 'dashboard:filtered_title', permission: 'dashboard', packageRule: 'cloud', parent: '/' },
];
