import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, pickOption, renderAt, testSession } from '../../../test/render';
import { integration, WONDE_FIELDS } from '../test-data';
import IntegrationSettingsPage from './IntegrationSettingsPage';

const at = (r: { state: { location: { pathname: string; search: string } } }) => r.state.location.pathname + r.state.location.search;
const others = [
  { path: '/integration', element: <p>list</p> },
  { path: '/sync-integration', element: <p>sync page</p> },
];

describe('/integration-settings (rules 17, 267, 275)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    configure({ asyncUtilTimeout: 5000 });
  });
  beforeEach(() => setSession(testSession({ permissions: { integration: 1 } }) as never));
  afterEach(() => vi.unstubAllGlobals());

  it('rule 17: opened with neither an integration nor a directory type, it sends the user to /integration', async () => {
    answerByRoute(vi, {});
    const { router } = renderAt(<IntegrationSettingsPage />, '/integration-settings', '/integration-settings', others);
    await waitFor(() => expect(at(router)).toBe('/integration'));
    expect(screen.getByText('list')).toBeInTheDocument();
  });

  it('a new Wonde integration: a taken name says so as it is typed, the directory’s field messages show under their fields, success goes on to the mapping', async () => {
    let auth = 0;
    const f = answerByRoute(vi, {
      'POST /api/integration/validate_name': (r) => ({ message: r.body.name === 'Wonde' ? 'An integration with this name already exists.' : 'Saved Successfully', data: { unique: r.body.name === 'Wonde' ? 0 : 1 } }),
      'POST /api/integration/authentication/1/wonde': () =>
        ++auth === 1
          ? [400, { message: 'Validation failed', errors: { school_id: ['Enter the school id.'], token: ['Enter the token.'] } }]
          : { message: 'Authentication Success', data: integration({ id: 9, name: 'Wonde pupils' }) },
      'GET /api/integration/info': { data: integration({ id: 9, name: 'Wonde pupils' }) },
      'GET /api/integration/preRequest': { data: { fields: WONDE_FIELDS, mappable: [], groups: [] } },
      'GET /api/integration/userType': { data: { user_types: [], groups: [] } },
      'GET /api/sites/normal/1': { data: [] },
      'GET /api/integration/checkDuplicate': { data: { errors: 0, duplicates: 0, valid: 0, can_edit_fields: 1 } },
    });
    const user = userEvent.setup();
    const { router } = renderAt(<IntegrationSettingsPage />, '/integration-settings?type=wonde', '/integration-settings', others);
    expect(await screen.findByRole('heading', { name: 'Set up Wonde' })).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.type(name, 'Wonde');
    await user.tab();
    expect(await screen.findByText('An integration with this name already exists.')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Wonde pupils');
    await user.tab();
    await waitFor(() => expect(screen.queryByText('An integration with this name already exists.')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(await screen.findByText('Enter the school id.')).toBeInTheDocument();
    expect(screen.getByText('Enter the token.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^School id/ }), 'A1930499544');
    await user.type(screen.getByLabelText(/^Token/), 'wonde-secret');
    await user.click(screen.getByRole('button', { name: 'Authenticate' }));
    await waitFor(() => expect(at(router)).toBe('/integration-settings?id=9'));
    const sent = callsOf(f).filter((c) => c.path === '/api/integration/authentication/1/wonde');
    expect(sent[1].body).toEqual({ name: 'Wonde pupils', school_id: 'A1930499544', token: 'wonde-secret' });
  });

  it('rule 275: the mapping suggests the directory’s fields, shows the server’s messages for missing sites and groups, then saves and goes on to the sync', async () => {
    let saves = 0;
    const f = answerByRoute(vi, {
      'GET /api/integration/info': { data: integration() },
      'GET /api/integration/preRequest': { data: { fields: WONDE_FIELDS, mappable: [], groups: [{ id: 'G1', name: 'Year 7', kind: 'year', member_count: 30 }] } },
      'GET /api/integration/userType': { data: { user_types: [{ id: 2, name: 'Pupil' }], groups: [] } },
      'GET /api/sites/normal/1': { data: [{ id: 11, name: 'Main campus' }] },
      'GET /api/integration/checkDuplicate': { data: { errors: 0, duplicates: 0, valid: 0, can_edit_fields: 1 } },
      'POST /api/integration/directory': () =>
        ++saves === 1 ? [400, { message: 'Validation failed', errors: { site_ids: ['Choose at least one site.'], groups: ['Give at least one group a user type.'] } }] : { message: 'Saved Successfully', data: integration() },
    });
    const user = userEvent.setup();
    const { router } = renderAt(<IntegrationSettingsPage />, '/integration-settings?id=4', '/integration-settings', others);
    expect(await screen.findByRole('heading', { name: 'Settings of Northfield Wonde' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Directory field for First name' })).toHaveValue('forename'));
    expect(screen.getByRole('combobox', { name: 'Directory field for Last name' })).toHaveValue('surname');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Choose at least one site.')).toBeInTheDocument();
    expect(screen.getByText('Give at least one group a user type.')).toBeInTheDocument();
    await pickOption(user, screen.getByRole('combobox', { name: /^Sites/ }), 'Main campus');
    await pickOption(user, screen.getByRole('combobox', { name: 'User type of Year 7' }), 'Pupil');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(at(router)).toBe('/sync-integration?id=4'));
    const body = callsOf(f).filter((c) => c.path === '/api/integration/directory')[1].body;
    expect(body).toMatchObject({ id: 4, name: 'Northfield Wonde', site_ids: [11], groups: [{ group_id: 'G1', user_type_id: 2 }], sync_frequency: 'daily', scans_per_day: 1 });
    expect(body.mapped_fields).toEqual({ first_name: 'forename', last_name: 'surname', email: 'contact_details.data.emails.email', id_number: 'mis_id' });
  });

  it('rule 267: the stored credentials are never shown back; re-authentication sends only what was typed', async () => {
    const f = answerByRoute(vi, {
      'GET /api/integration/info': { data: integration() },
      'GET /api/integration/preRequest': { data: { fields: WONDE_FIELDS, mappable: [], groups: [] } },
      'GET /api/integration/userType': { data: { user_types: [], groups: [] } },
      'GET /api/sites/normal/1': { data: [] },
      'GET /api/integration/checkDuplicate': { data: { errors: 0, duplicates: 0, valid: 0, can_edit_fields: 1 } },
      'POST /api/integration/reAuth': { message: 'Re-authenticated Successfully', data: integration() },
    });
    const user = userEvent.setup();
    renderAt(<IntegrationSettingsPage />, '/integration-settings?id=4', '/integration-settings', others);
    const token = await screen.findByLabelText(/^Token/);
    expect(token).toHaveValue('');
    expect(token).toHaveAttribute('type', 'password');
    expect(screen.getByRole('textbox', { name: /^School id/ })).toHaveValue('');
    expect(screen.getAllByText('Set: leave empty to keep it')).toHaveLength(2);
    await user.type(token, 'new-token');
    await user.click(screen.getByRole('button', { name: 'Re-authenticate' }));
    await waitFor(() => expect(callsOf(f).find((c) => c.path === '/api/integration/reAuth')?.body).toEqual({ id: 4, token: 'new-token' }));
  });

  it('rule 276: with errors or duplicates left the mapped fields are locked; a running integration is edited, and the server’s refusal is shown', async () => {
    const f = answerByRoute(vi, {
      'GET /api/integration/info': { data: integration({ status: 'active_with_errors', site_ids: [11], mapped_fields: { first_name: 'forename', last_name: 'surname' }, groups: [{ group_id: 'G1', user_type_id: 2 }] }) },
      'GET /api/integration/preRequest': { data: { fields: WONDE_FIELDS, mappable: [], groups: [{ id: 'G1', name: 'Year 7', kind: 'year', member_count: 30 }] } },
      'GET /api/integration/userType': { data: { user_types: [{ id: 2, name: 'Pupil' }], groups: [] } },
      'GET /api/sites/normal/1': { data: [{ id: 11, name: 'Main campus' }] },
      'GET /api/integration/checkDuplicate': { data: { errors: 2, duplicates: 1, valid: 0, can_edit_fields: 0 } },
      'PUT /api/integration/directory/4': [409, { message: 'Fix the errors and duplicates of this integration before changing its mapped fields.' }],
    });
    const user = userEvent.setup();
    renderAt(<IntegrationSettingsPage />, '/integration-settings?id=4', '/integration-settings', others);
    expect(await screen.findByText('Fix the errors and duplicates of this integration before changing its mapped fields.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Directory field for First name' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Directory field for First name' })).toHaveValue('forename');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findAllByText('Fix the errors and duplicates of this integration before changing its mapped fields.')).toHaveLength(2);
    const put = callsOf(f).find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/integration/directory/4');
    expect(put.body).not.toHaveProperty('id');
    expect(put.body.mapped_fields).toEqual({ first_name: 'forename', last_name: 'surname' });
  });
});
