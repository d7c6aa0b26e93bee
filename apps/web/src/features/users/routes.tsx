import type { AppRoute } from '../../app/route-types';

/** People: the users grid with its mass actions (permission users). */
export const usersRoutes: AppRoute[] = [{ path: '/users', page: () => import('./pages/UsersPage'), title: 'users:title', permission: 'users', packageRule: 'cloud' }];
