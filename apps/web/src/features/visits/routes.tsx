import type { AppRoute } from '../../lib/route-types';

/** Expected visitors from the console (rules 135-139, 156, 168). The documents state no key: `users` gates it. */
export const visitsRoutes: AppRoute[] = [
  { path: '/add-expected-visitors', page: () => import('./pages/AddExpectedVisitorsPage'), title: 'visits:title', permission: 'users', packageRule: 'cloud' },
  // The visitor lists the side menu's Visitors entry opens (issue 15 part 4), gated like the page that adds visits.
  { path: '/visitors', page: () => import('./pages/VisitorsPage'), title: 'visits:views.today', permission: 'users', packageRule: 'cloud' },
  { path: '/visitors/expected', page: () => import('./pages/VisitorsPage'), title: 'visits:views.expected', permission: 'users', packageRule: 'cloud' },
  { path: '/visitors/awaiting-approval', page: () => import('./pages/VisitorsPage'), title: 'visits:views.awaiting', permission: 'users', packageRule: 'cloud' },
];
