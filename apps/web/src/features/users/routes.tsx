import type { AppRoute } from '../../lib/route-types';

/** People: the users grid with its mass actions, and the spreadsheet import (permission users). */
export const usersRoutes: AppRoute[] = [
  { path: '/users', page: () => import('./pages/UsersPage'), title: 'users:title', permission: 'users', packageRule: 'cloud' },
  { path: '/users/import', page: () => import('./pages/ImportUploadPage'), title: 'users:import.title', permission: 'users', packageRule: 'cloud', parent: '/users' },
  { path: '/users/import/grid', page: () => import('./pages/ImportGridPage'), title: 'users:import.grid_title', permission: 'users', packageRule: 'cloud', parent: '/users' },
  { path: '/users/import/queue', page: () => import('./pages/ImportQueuePage'), title: 'users:import.queue', permission: 'users', packageRule: 'cloud', parent: '/users' },
  { path: '/users/import/details/:id', page: () => import('./pages/ImportGridPage'), title: 'users:import.details', permission: 'users', packageRule: 'cloud', parent: '/users' },
];
