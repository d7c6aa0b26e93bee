import type { AppRoute } from '../../lib/route-types';

const sub = (path: string, page: AppRoute['page'], title: string): AppRoute => ({ path, page, title: `integrations:${title}`, permission: 'integration', packageRule: 'cloud', parent: '/integration' });

/** The directory integration pages (issue 19, rules 17, 36-37, 266-281), all under the `integration` key. */
export const integrationsRoutes: AppRoute[] = [
  { path: '/integration', page: () => import('./pages/IntegrationsPage'), title: 'integrations:title', permission: 'integration', packageRule: 'cloud' },
  sub('/integration-settings', () => import('./pages/IntegrationSettingsPage'), 'settings.title'),
  sub('/sync-integration', () => import('./pages/SyncIntegrationPage'), 'sync.title'),
  sub('/sync-status', () => import('./pages/SyncStatusPage'), 'status.title'),
  sub('/integration-error', () => import('./pages/IntegrationErrorPage'), 'errors.title'),
  sub('/integration-duplicate', () => import('./pages/IntegrationDuplicatePage'), 'duplicates.title'),
  sub('/integration-valid', () => import('./pages/IntegrationValidPage'), 'valid.title'),
  sub('/write-back', () => import('./pages/WriteBackPage'), 'writeback.title'),
  sub('/attendance-codes/:integId/:integName', () => import('./pages/AttendanceCodesPage'), 'codes.title'),
  sub('/view-integration/:integId/:integName', () => import('./pages/ViewIntegrationPage'), 'view.title'),
  sub('/googleAD/auth/:accessToken/:refreshToken/:encryptedEmail', () => import('./pages/GoogleReturnPage'), 'google.title'),
];
