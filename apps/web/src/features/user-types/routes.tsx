import type { AppRoute } from '../../lib/route-types';

/** User types (rules 189-194): the tree, the flat view and the form (create and edit); permission "user types". */
export const userTypesRoutes: AppRoute[] = [
  { path: '/user-types', page: () => import('./pages/UserTypesPage'), title: 'user-types:title', permission: 'user types', packageRule: 'cloud' },
  { path: '/olduser-types', page: () => import('./pages/OldUserTypesPage'), title: 'user-types:flat_title', permission: 'user types', packageRule: 'cloud', parent: '/user-types' },
  { path: '/add-user-type', page: () => import('./pages/AddUserTypePage'), title: 'user-types:add_title', permission: 'user types', packageRule: 'cloud', parent: '/user-types' },
];
