import type { AppRoute } from '../../lib/route-types';

/** Expected visitors from the console (rules 135-139, 156, 168). The documents state no key: `users` gates it. */
export const visitsRoutes: AppRoute[] = [
  { path: '/add-expected-visitors', page: () => import('./pages/AddExpectedVisitorsPage'), title: 'visits:title', permission: 'users', packageRule: 'cloud' },
];
