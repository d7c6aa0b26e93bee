import type { AppRoute } from '../../lib/route-types';

/** The visitor's public pages (rules 130-148): phone-sized, without the console layout. */
export const preregRoutes: AppRoute[] = [
  { path: '/pre-registration/:id?', page: () => import('./pages/PreRegistrationPage'), title: 'prereg:title', permission: null, public: true, noLayout: true, packageRule: 'any' },
  { path: '/pre-registration/:id?/success', page: () => import('./pages/SuccessPage'), title: 'prereg:success.title', permission: null, public: true, noLayout: true, packageRule: 'any' },
  { path: '/e/:id?', page: () => import('./pages/ShortLinkPage'), title: 'prereg:title', permission: null, public: true, noLayout: true, packageRule: 'any' },
  { path: '/c/:visitUrl/:code?', page: () => import('./pages/ConfirmVisitPage'), title: 'prereg:confirm.title', permission: null, public: true, noLayout: true, packageRule: 'any' },
  // The host's approve/reject link from the approval mail (not in routes.json: the documents name no page for it).
  { path: '/visit-approval/:token', page: () => import('./pages/VisitApprovalPage'), title: 'prereg:approval.title', permission: null, public: true, noLayout: true, packageRule: 'any' },
];
