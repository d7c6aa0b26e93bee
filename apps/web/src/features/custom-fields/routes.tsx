import type { AppRoute } from '../../lib/route-types';

/** Custom fields and their sections (rules 216-219); the pages explain the plan limit themselves (rule 12). */
export const customFieldsRoutes: AppRoute[] = [
  { path: '/custom-fields', page: () => import('./pages/CustomFieldsPage'), title: 'custom-fields:title', permission: 'custom fields', packageRule: 'cloud' },
  { path: '/add-custom-field', page: () => import('./pages/AddCustomFieldPage'), title: 'custom-fields:add_field_title', permission: 'custom fields', packageRule: 'cloud', parent: '/custom-fields' },
];
