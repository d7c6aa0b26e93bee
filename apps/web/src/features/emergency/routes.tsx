import type { AppRoute } from '../../lib/route-types';

/** Emergency sessions (rules 41, 255-261; issue 17): the sessions, one session, the wardens' phone list, the safety link. */
export const emergencyRoutes: AppRoute[] = [
  { path: '/emergency-sessions', page: () => import('./pages/EmergencySessionsPage'), title: 'emergency:title', permission: 'show_emergency_sessions', packageRule: 'cloud' },
  {
    path: '/emergency-sessions/:sessionName/:sessionId',
    page: () => import('./pages/EmergencySessionPage'),
    title: 'emergency:session_title',
    permission: 'show_emergency_sessions',
    parent: '/emergency-sessions',
    packageRule: 'cloud',
  },
  { path: '/emergency-list', page: () => import('./pages/EmergencyListPage'), title: 'emergency:list_title', permission: 'show_emergency_list', packageRule: 'cloud', noLayout: true },
  { path: '/safe/:token', page: () => import('./pages/SafeLinkPage'), title: 'emergency:safe_title', permission: null, packageRule: 'any', public: true, noLayout: true },
];
