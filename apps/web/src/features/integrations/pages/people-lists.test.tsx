import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, pickOption, renderAt, testSession } from '../../../test/render';
import { temp } from '../test-data';
import IntegrationDuplicatePage from './IntegrationDuplicatePage';
import IntegrationErrorPage from './IntegrationErrorPage';
import IntegrationValidPage from './IntegrationValidPage';

const at = (r: { state: { location: { pathname: string } } }) => r.state.location.pathname;
const others = [{ path: '/integration', element: <p>list</p> }];

describe('the first sync’s lists: errors, duplicates, valid (rules 17, 275, 278)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    configure({ asyncUtilTimeout: 5000 });
  });
  beforeEach(() => setSession(testSession({ permissions: { integration: 1 } }) as never));
  afterEach(() => vi.unstubAllGlobals());

  it('rule 17: each list opened without its integration sends the user to /integration', async () => {
    answerByRoute(vi, {});
    for (const [Page, path] of [
      [IntegrationErrorPage, '/integration-error'],
      [IntegrationDuplicatePage, '/integration-duplicate'],
      [IntegrationValidPage, '/integration-valid'],
    ] as const) {
      const { router, unmount } = renderAt(<Page />, `${path}?id=abc`, path, others);
      await waitFor(() => expect(at(router)).toBe('/integration'));
      unmount();
    }
  });

  it('an error is listed with what is wrong (rule 278: no group to map) and fixed: the server’s field messages show, then it becomes valid', async () => {
    let fixes = 0;
    const noGroup = temp({ id: 32, external_id: 'B77', data: { first_name: 'Omar', last_name: 'Haddad', email: null }, errors: { group: ['The person is in no group that has a user type.'] } });
    const f = answerByRoute(vi, {
      'GET /api/integration/tempUsers/error': () => (fixes < 2 ? { data: [temp(), noGroup], count: 2 } : { data: [noGroup], count: 1 }),
      'GET /api/integration/userType': { data: { user_types: [{ id: 2, name: 'Pupil' }], groups: [] } },
      'POST /api/integration/fixError': () =>
        ++fixes === 1 ? [400, { message: 'Validation failed', errors: { email: ['The e-mail address is not valid.'] } }] : { message: 'Saved Successfully', data: temp({ state: 'valid', errors: {} }) },
    });
    const user = userEvent.setup();
    renderAt(<IntegrationErrorPage />, '/integration-error?id=4', '/integration-error', others);
    const table = await screen.findByRole('table', { name: 'People with errors' });
    expect(within(table).getByText('The last name is missing.')).toBeInTheDocument();
    expect(within(table).getByText('The person is in no group that has a user type.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fix Maya' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The last name is missing.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Patel');
    await user.clear(within(dialog).getByRole('textbox', { name: 'E-mail' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'maya@');
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'User type' }), 'Pupil');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The e-mail address is not valid.')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'E-mail' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'maya@northfield.test');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fixed: the person is now valid.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Fix Maya' })).toBeNull());
    const sent = callsOf(f).filter((c) => c.path === '/api/integration/fixError').map((c) => c.body);
    expect(sent[1]).toEqual({ temp_user_id: 31, first_name: 'Maya', last_name: 'Patel', email: 'maya@northfield.test', phone: '', id_number: '', user_type_id: 2 });
  });

  it('a duplicate of an existing person is merged into that person (never created twice); a refusal is shown', async () => {
    let merged = false;
    const dup = temp({ id: 40, state: 'duplicate', data: { first_name: 'Leo', last_name: 'Grant', email: 'leo@northfield.test' }, errors: {}, duplicate_of: { id: 88, first_name: 'Leo', last_name: 'Grant', email: 'leo@northfield.test' } });
    const inDir = temp({ id: 41, state: 'duplicate', data: { first_name: 'Ana', last_name: 'Ruiz', email: 'ana@northfield.test' }, errors: { email: ['Another person of the directory has the same email.'] } });
    const f = answerByRoute(vi, {
      'GET /api/integration/tempUsers/duplicate': () => ({ data: merged ? [inDir] : [dup, inDir], count: merged ? 1 : 2 }),
      'POST /api/integration/fixDuplicate': (r) => {
        if (r.body.action === 'create') return [409, { message: 'A person with the same email already exists.', errors: { user_id: ['Please select a user'] } }];
        merged = true;
        return { message: 'Saved Successfully', data: dup };
      },
    });
    const user = userEvent.setup();
    renderAt(<IntegrationDuplicatePage />, '/integration-duplicate?id=4', '/integration-duplicate', others);
    const table = await screen.findByRole('table', { name: 'Duplicate people' });
    expect(within(table).getByText('Leo Grant (leo@northfield.test)')).toBeInTheDocument();
    expect(within(table).getByText('Another person of the directory has the same email.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Merge Ana Ruiz' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Merge Leo Grant' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Merge Leo Grant' })).toBeNull());
    expect(callsOf(f).find((c) => c.path === '/api/integration/fixDuplicate')!.body).toEqual({ temp_user_id: 40, action: 'merge', user_id: 88 });
    await user.click(screen.getByRole('button', { name: 'Create Ana Ruiz as a new person' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a user');
  });

  it('the valid people wait to be moved in; the synced ones are listed with their directory ids', async () => {
    answerByRoute(vi, {
      'GET /api/integration/tempUsers/valid': { data: [temp({ id: 50, state: 'valid', data: { first_name: 'Ivy', last_name: 'Chen', email: 'ivy@northfield.test' }, errors: {} })], count: 1 },
      'GET /api/integration/users/synced': { data: [{ id: 7, external_id: 'W-9', first_name: 'Sam', last_name: 'Okafor', email: null, status: 'archived', user_type_id: 2, synced_at: '2026-11-26T09:30:00Z' }], count: 1 },
    });
    const user = userEvent.setup();
    renderAt(<IntegrationValidPage />, '/integration-valid?id=4', '/integration-valid', others);
    expect(await within(await screen.findByRole('table', { name: 'Waiting to move in' })).findByText('Ivy')).toBeInTheDocument();
    await user.click(screen.getByText('Synced'));
    const synced = await screen.findByRole('table', { name: 'Synced' });
    expect(within(synced).getByText('W-9')).toBeInTheDocument();
    expect(within(synced).getByText('Archived')).toBeInTheDocument();
  });
});
