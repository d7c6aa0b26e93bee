import type { AppRoute } from '../../lib/route-types';

/** Sites and devices (rules 229-246): every package reaches it (rules 7, 92). /kiosk-register is the device's page. */
export const sitesRoutes: AppRoute[] = [
  { path: '/sites', page: () => import('./pages/SitesPage'), title: 'sites:title', permission: 'sites_devices', packageRule: 'any' },
  { path: '/kiosk-register', page: () => import('./pages/KioskRegisterPage'), title: 'sites:register.title', permission: null, packageRule: 'any', public: true, noLayout: true },
];
