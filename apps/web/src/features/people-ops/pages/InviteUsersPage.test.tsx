import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttp } from '../../../lib/http';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, pickOption, renderAt, testSession } from '../../../test/render';
import { gridData, personRow } from '../../users/testing';
import InviteUsersPage from './InviteUsersPage';

const pref = { data: { id: 1, employee_id: 5, entity_id: 1, page_url: '/invite-users-to-dashboard', table_head: null, url: null } };
const preview = (id: number, first: string, extra: Record<string, unknown> = {}) => ({ ...personRow(id, first), invitation: null, can_invite: 1, can_revoke: 0, error: null, sites: [], user_types: [], ...extra });

describe('/invite-users-to-dashboard', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { users: 1 } }) as never);
  });
  beforeEach(() => configureHttp({ navigate: vi.fn() }));
  afterEach(() => {
    vi.unstubAllGlobals();
    resetHttp();
  });

  it('rules 166, 179, 100: lists invitable people, fills each row, sends the rows and shows per row invited or why skipped', async () => {
    const api = answerByRoute(vi, {
      'GET /api/users/1': { data: [personRow(7, 'Kofi'), personRow(8, 'Lena')], count: 2 },
      'GET /api/data_users_grid/1': { data: gridData },
      'GET /api/adminPreference/1': pref,
      'GET /api/mass-action-invite-users': { data: [preview(7, 'Kofi', { phone: '7700900', phone_code: '+44', user_type: 'Teacher' }), preview(8, 'Lena')] },
      'POST /api/mass-action-apply-invite-users': { message: 'Passport Invitation Sent', data: { done: [7], skipped: [{ id: 8, reason: 'Choose the role this person will have on the dashboard.' }] } },
    });
    renderAt(<InviteUsersPage />, '/invite-users-to-dashboard');
    await screen.findByText('Kofi Test');
    const filter = JSON.parse(new URL(callsOf(api).find((c) => c.href.startsWith('/api/users/1'))!.href, 'http://x').searchParams.get('filterBy')!);
    expect(filter).toEqual({ status: 'active', invitable: 1 });
    fireEvent.click(screen.getByLabelText('Select Kofi Test'));
    fireEvent.click(screen.getByLabelText('Select Lena Test'));
    expect(screen.getByText('Selected: 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Prepare invitations' }));
    const table = await screen.findByTestId('invite-rows');
    await waitFor(() => expect(within(table).getByLabelText('Phone: Kofi Test')).toHaveValue('7700900'));
    // Issue 15 part 8: the person's user type, the needed columns marked and what happens to an incomplete row.
    expect(within(table).getByText('User type: Teacher')).toBeInTheDocument();
    expect(within(table).getByRole('combobox', { name: 'Sites: Kofi Test' })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByText(/A row missing one is skipped and says why/)).toBeInTheDocument();
    const user = userEvent.setup();
    await pickOption(user, within(table).getByRole('combobox', { name: 'Role: Kofi Test' }), 'Employee');
    await pickOption(user, within(table).getByRole('combobox', { name: 'Sites: Kofi Test' }), 'Main Campus');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByTestId('invite-summary')).toHaveTextContent('Passport Invitation Sent: 1 invited, 1 skipped.');
    const sent = callsOf(api).find((c) => c.href === '/api/mass-action-apply-invite-users')!.body as { users: Record<string, unknown>[] };
    expect(sent.users[0]).toEqual({ id: 7, role_id: 9, sites: [3], user_types: [1], phone_code: '+44', phone: '7700900' });
    expect(sent.users[1]).toMatchObject({ id: 8, role_id: null, sites: [] });
    expect(within(table).getByText('Invitation sent')).toBeInTheDocument();
    expect(within(table).getByText('Skipped: Choose the role this person will have on the dashboard.')).toBeInTheDocument();
  });

  it('shows a person the preview refuses with the reason before sending', async () => {
    answerByRoute(vi, {
      'GET /api/users/1': { data: [personRow(7, 'Kofi')], count: 1 },
      'GET /api/data_users_grid/1': { data: gridData },
      'GET /api/adminPreference/1': pref,
      'GET /api/mass-action-invite-users': { data: [preview(7, 'Kofi', { can_invite: 0, error: 'This person is outside the sites or user types you have access to.' })] },
    });
    renderAt(<InviteUsersPage />, '/invite-users-to-dashboard');
    await screen.findByText('Kofi Test');
    fireEvent.click(screen.getByLabelText('Select Kofi Test'));
    expect(screen.getByText('Selected: 1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Prepare invitations' }));
    expect(await within(await screen.findByTestId('invite-rows')).findByText('Skipped: This person is outside the sites or user types you have access to.')).toBeInTheDocument();
  });

  it('Spanish catalogue', async () => {
    await initI18n('es');
    answerByRoute(vi, { 'GET /api/users/1': { data: [], count: 0 }, 'GET /api/data_users_grid/1': { data: gridData }, 'GET /api/adminPreference/1': pref });
    renderAt(<InviteUsersPage />, '/invite-users-to-dashboard');
    expect(await screen.findByText('Invitar usuarios al panel')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preparar invitaciones' })).toBeDisabled();
    await initI18n('en');
  });
});
