import type { AppRoute } from '../../lib/route-types';

/** Sign-in pages (rules 26, 27, 76). Public: they never need a stored user (logging out clears it while the page is open). */
export const authRoutes: AppRoute[] = [
  { path: '/login', page: () => import('./pages/LoginPage'), title: 'auth:login.title', permission: null, public: true, noLayout: true, packageRule: 'any' },
  { path: '/forgot-password', page: () => import('./pages/ForgotPasswordPage'), title: 'auth:forgot.title', permission: null, public: true, noLayout: true, packageRule: 'any' },
  { path: '/logout', page: () => import('./pages/LogoutPage'), title: 'auth:logout.title', permission: null, public: true, noLayout: true, packageRule: 'any' },
];
