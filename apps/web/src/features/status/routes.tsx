import type { AppRoute } from '../../lib/route-types';

/** Status pages: targets of the http client's error catalogue (rules 108-111) and expired links (rules 35, 145-148). */
export const statusRoutes: AppRoute[] = [
  { path: '/error', page: () => import('./pages/ErrorPage'), title: 'status:error.title', permission: null, packageRule: 'any' },
  { path: '/otp-error', page: () => import('./pages/OtpErrorPage'), title: 'status:otp.title', permission: null, packageRule: 'any' },
  { path: '/404', page: () => import('./pages/NotFoundPage'), title: 'status:not_found.title', permission: null, packageRule: 'any' },
  { path: '/link-expired', page: () => import('./pages/LinkExpiredPage'), title: 'status:expired.title', permission: null, public: true, noLayout: true, packageRule: 'any' },
];
