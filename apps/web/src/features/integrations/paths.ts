import type { DirectoryTypeKey } from '@gatehouse/contract';

/** The addresses of the integration pages (routes.json): sub-pages carry the integration in `?id=`. */
export const INTEGRATIONS = '/integration';
const withId = (path: string, id: number) => `${path}?id=${id}`;
export const settingsPath = (id: number) => withId('/integration-settings', id);
export const newIntegrationPath = (type: DirectoryTypeKey) => `/integration-settings?type=${type}`;
export const syncPath = (id: number) => withId('/sync-integration', id);
export const syncStatusPath = (id: number, kind: 'sync' | 'migration' = 'sync') => `${withId('/sync-status', id)}${kind === 'migration' ? '&kind=migration' : ''}`;
export const errorsPath = (id: number) => withId('/integration-error', id);
export const duplicatesPath = (id: number) => withId('/integration-duplicate', id);
export const validPath = (id: number) => withId('/integration-valid', id);
export const writeBackPath = (id: number) => withId('/write-back', id);
export const codesPath = (id: number, name: string) => `/attendance-codes/${id}/${encodeURIComponent(name)}`;
export const viewPath = (id: number, name: string) => `/view-integration/${id}/${encodeURIComponent(name)}`;
