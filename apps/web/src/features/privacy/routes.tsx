import type { AppRoute } from '../../lib/route-types';

/** The privacy manager (a Settings sub-page, rule 46), gated by the `privacy manager` key (rule 305). */
export const privacyRoutes: AppRoute[] = [
  { path: '/privacy-manager', page: () => import('./pages/PrivacyManagerPage'), title: 'privacy:title', permission: 'privacy manager', packageRule: 'cloud', parent: '/settings' },
];
