import type { AppRoute } from '../../lib/route-types';

/** Mass sign-in and out (rules 220-228). routes.json states no key: the `dashboard` key the mass-action calls take gates it. */
export const massActionsRoutes: AppRoute[] = [
  { path: '/multiple-signin', page: () => import('./pages/MultipleSigninPage'), title: 'mass:title', permission: 'dashboard', packageRule: 'cloud', parent: '/' },
];
