import type { AppRoute } from '../../lib/route-types';

/** The passport account page: always in the menu, on every package (rules 7, 43). */
export const passportRoutes: AppRoute[] = [
  { path: '/passport', page: () => import('./pages/PassportPage'), title: 'passport:title', permission: null, packageRule: 'any' },
];
