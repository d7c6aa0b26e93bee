import type { AppRoute } from '../../lib/route-types';

/** People operations: duplicates, dashboard invitations, RFID enrolment (permission users) and the public RFID page. */
export const peopleOpsRoutes: AppRoute[] = [
  { path: '/duplication-control-board', page: () => import('./pages/DuplicationBoardPage'), title: 'people-ops:duplicates_title', permission: 'users', packageRule: 'cloud' },
  { path: '/invite-users-to-dashboard', page: () => import('./pages/InviteUsersPage'), title: 'people-ops:invite_title', permission: 'users', packageRule: 'cloud', parent: '/users' },
  { path: '/rfid-enrollment', page: () => import('./pages/RfidEnrollmentPage'), title: 'people-ops:rfid_title', permission: 'users', packageRule: 'cloud', parent: '/users' },
  { path: '/rfid/:code', page: () => import('./pages/RfidPage'), title: 'people-ops:rfid_page_title', permission: null, public: true, noLayout: true, packageRule: 'any' },
];
