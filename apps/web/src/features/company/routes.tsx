import type { AppRoute } from '../../lib/route-types';

/** Company details: permission company_details; on Standalone only the support account (rules 7, 92). */
export const companyRoutes: AppRoute[] = [
  { path: '/company', page: () => import('./pages/CompanyPage'), title: 'company:title', permission: 'company_details', packageRule: 'support' },
];
