import type { AppRoute } from '../../lib/route-types';

/** Entry conditions (rules 205-215) and the public online-compliance page (rules 144-148). */
export const complianceRoutes: AppRoute[] = [
  { path: '/compliances', page: () => import('./pages/CompliancesPage'), title: 'compliance:title', permission: 'compliances', packageRule: 'cloud' },
  { path: '/compliance-new', page: () => import('./pages/ComplianceFormPage'), title: 'compliance:add_title', permission: 'compliances', parent: '/compliances', packageRule: 'cloud' },
  { path: '/compliance/update/:id', page: () => import('./pages/ComplianceFormPage'), title: 'compliance:edit_title', permission: 'compliances', parent: '/compliances', packageRule: 'cloud' },
  { path: '/online-compliance/:id?', page: () => import('./pages/OnlineCompliancePage'), title: 'compliance:online_title', permission: null, public: true, noLayout: true, packageRule: 'any' },
];
