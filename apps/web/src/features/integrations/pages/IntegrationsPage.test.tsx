import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, pickOption, renderAt, testSession } from '../../../test/render';
import { integration } from '../test-data';
import GoogleReturnPage from './GoogleReturnPage';
import IntegrationsPage from './IntegrationsPage';
import SyncIntegrationPage from './SyncIntegrationPage';

const at = (r: { state: { location: { pathname: string; search: string } } }) => r.state.location.pathname + r.state.location.search;
const list = {
  data: [
    integration({ id: 4, status: 'active_with_errors', synced_users: 230, temp: { valid: 0, error: 3, duplicate: 2 }, last_synced_at: '2026-11-26T09:30:00Z' }),
    integration({ id: 5, name: 'Staff directory', type: 'azure', status: 'auth_failed', configured: ['tenant', 'client', 'secret'] }),
  ],
  count: 2,
  types: ['google', 'azure', 'paxton', 'wonde'],
};

describe('/integration, /sync-integration and the Google return (rules 17, 37, 268, 269, 277, 280)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    configure({ asyncUtilTimeout: 5000 });
  });
  beforeEach(() => setSession(testSession({ permissions: { integration: 1 } }) as never));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('lists each integration with its status, people and what is left to fix, and sets up a new one by directory type', async () => {
    answerByRoute(vi, { 'GET /api/integration/directories': list });
    const user = userEvent.setup();
    const { router } = renderAt(<IntegrationsPage />, '/integration', '/integration', [{ path: '/integration-settings', element: <p>settings</p> }]);
    const table = await screen.findByRole('table', { name: 'Integrations' });
    const wonde = within(table).getByTestId('integration-4');
    expect(within(wonde).getByText('Active with errors')).toBeInTheDocument();
    expect(within(wonde).getByRole('link', { name: '3 errors' })).toHaveAttribute('href', '/integration-error?id=4');
    expect(within(wonde).getByRole('link', { name: '2 duplicates' })).toHaveAttribute('href', '/integration-duplicate?id=4');
    expect(within(wonde).getByRole('link', { name: 'Northfield Wonde' })).toHaveAttribute('href', '/view-integration/4/Northfield%20Wonde');
    expect(within(table).getByTestId('integration-5')).toHaveTextContent('Authentication failed');
    expect(table).not.toHaveTextContent('secret');
    expect(screen.getByRole('button', { name: 'Set up' })).toBeDisabled();
    await pickOption(user, screen.getByRole('combobox', { name: 'Directory to connect' }), 'Wonde');
    await user.click(screen.getByRole('button', { name: 'Set up' }));
    await waitFor(() => expect(at(router)).toBe('/integration-settings?type=wonde'));
  });

  it('in Arabic and Spanish every string of the list is translated', async () => {
    answerByRoute(vi, { 'GET /api/integration/directories': list });
    await i18n.changeLanguage('ar');
    const a = renderAt(<IntegrationsPage />, '/integration', '/integration');
    expect(await screen.findByRole('table', { name: 'التكاملات' })).toHaveTextContent('نشط مع أخطاء');
    a.unmount();
    await i18n.changeLanguage('es');
    renderAt(<IntegrationsPage />, '/integration', '/integration');
    expect(await screen.findByRole('table', { name: 'Integraciones' })).toHaveTextContent('Autenticación fallida');
  });

  it('rule 37: a Google return without a token goes back to /integration; with one, the Google setup opens', async () => {
    answerByRoute(vi, {});
    const others = [
      { path: '/integration', element: <p>list</p> },
      { path: '/integration-settings', element: <p>settings</p> },
    ];
    const a = renderAt(<GoogleReturnPage />, '/googleAD/auth/error/undefined/x', '/googleAD/auth/:accessToken/:refreshToken/:encryptedEmail', others);
    await waitFor(() => expect(at(a.router)).toBe('/integration'));
    a.unmount();
    const b = renderAt(<GoogleReturnPage />, '/googleAD/auth/ya29.a0/1%2F%2F0g-refresh/abc', '/googleAD/auth/:accessToken/:refreshToken/:encryptedEmail', others);
    await waitFor(() => expect(at(b.router)).toBe('/integration-settings?type=google'));
    expect(b.router.state.location.state).toEqual({ prefill: { refresh_token: '1//0g-refresh' } });
  });

  it('the first sync starts and opens its status; valid people are moved in by the unique field; automatic sync by frequency (rule 277)', async () => {
    const f = answerByRoute(vi, {
      'GET /api/integration/info': { data: integration({ site_ids: [1], groups: [{ group_id: 'G1', user_type_id: 2 }], mapped_fields: { first_name: 'forename' } }) },
      'GET /api/integration/checkDuplicate': { data: { errors: 1, duplicates: 0, valid: 12, can_edit_fields: 0 } },
      'POST /api/integration/firstSync': [202, { message: 'Sync started', data: { run_id: 3, code: 0 } }],
      'POST /api/integration/migrateUsers': [202, { message: 'Sync started', data: { run_id: 4, code: 0 } }],
      'POST /api/integration/autoSync': { message: 'Saved Successfully', data: integration({ auto_sync: 1 }) },
      'GET /api/integration/directories': list,
    });
    const user = userEvent.setup();
    const others = [{ path: '/sync-status', element: <p>status</p> }, { path: '/integration', element: <p>list</p> }];
    const a = renderAt(<SyncIntegrationPage />, '/sync-integration?id=4', '/sync-integration', others);
    expect(await screen.findByText('Valid people waiting: 12. Someone who already exists with the same unique field is linked, not created twice.')).toBeInTheDocument();
    expect(screen.getByText('Still to fix: 1 errors and 0 duplicates.')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Sync automatically' }));
    await waitFor(() => expect(callsOf(f).find((c) => c.path === '/api/integration/autoSync')?.body).toEqual({ id: 4, enabled: 1 }));
    await user.click(screen.getByRole('button', { name: 'Move the valid people in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the unique field to match people by.');
    await pickOption(user, screen.getByRole('combobox', { name: /^Unique field/ }), 'E-mail');
    await user.click(screen.getByRole('button', { name: 'Move the valid people in' }));
    await waitFor(() => expect(at(a.router)).toBe('/sync-status?id=4&kind=migration'));
    expect(callsOf(f).find((c) => c.path === '/api/integration/migrateUsers')!.body).toEqual({ id: 4, migration_field: 'email' });
    a.unmount();
    const b = renderAt(<SyncIntegrationPage />, '/sync-integration?id=4', '/sync-integration', others);
    await user.click(await screen.findByRole('button', { name: 'Run the first sync' }));
    await waitFor(() => expect(at(b.router)).toBe('/sync-status?id=4'));
    expect(callsOf(f).find((c) => c.path === '/api/integration/firstSync')!.body).toEqual({ id: 4 });
  });
  it('SCIM card: creates or rotates the token, shows it once with the base URL /scim/v2 and copy buttons, revokes after a confirmation; in Arabic and Spanish', async () => {
    const token = 'scim_0123456789abcdefghijklmnopqrstuv';
    const mock = answerByRoute(vi, {
      'GET /api/integration/directories': list,
      'POST /api/integration/scim-token/1': { message: 'SCIM token created', data: { token, url: 'https://gatehouse.example/scim/v2' } },
      'DELETE /api/integration/scim-token/1': { message: 'SCIM token revoked' },
    });
    const user = userEvent.setup();
    const r = renderAt(<IntegrationsPage />, '/integration', '/integration');
    const card = await screen.findByRole('region', { name: 'SCIM provisioning' });
    expect(within(card).queryByTestId('scim-token')).toBeNull(); // never shown before it is made
    await user.click(within(card).getByRole('button', { name: 'Create or rotate token' }));
    expect(await within(card).findByTestId('scim-token')).toHaveTextContent(token);
    expect(within(card).getByTestId('scim-url')).toHaveTextContent('https://gatehouse.example/scim/v2');
    expect(within(card).getByText('Copy the token now: it is shown only once. A new one replaces it.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy the token' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy the base URL' })).toBeInTheDocument();
    // Revoke asks first; cancelled, nothing is sent.
    await user.click(within(card).getByRole('button', { name: 'Revoke token' }));
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(callsOf(mock).filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'Revoke token' }));
    expect(await within(card).findByText('Revoke the token? SCIM clients using it stop working at once.')).toBeInTheDocument();
    const confirm = within(card).getAllByRole('button', { name: 'Revoke token' })[0];
    await user.click(confirm);
    await waitFor(() => expect(callsOf(mock).filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/integration/scim-token/1']));
    await waitFor(() => expect(within(card).queryByTestId('scim-token')).toBeNull()); // the token leaves the screen
    r.unmount();
    await i18n.changeLanguage('ar');
    const a = renderAt(<IntegrationsPage />, '/integration', '/integration');
    expect(await screen.findByRole('region', { name: 'التزويد عبر SCIM' })).toHaveTextContent('إنشاء الرمز أو تجديده');
    a.unmount();
    await i18n.changeLanguage('es');
    renderAt(<IntegrationsPage />, '/integration', '/integration');
    expect(await screen.findByRole('region', { name: 'Aprovisionamiento SCIM' })).toHaveTextContent('Revocar el token');
  });
});
