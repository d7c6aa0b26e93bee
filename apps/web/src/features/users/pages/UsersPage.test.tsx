import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttp } from '../../../lib/http';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, pickOption, renderAt, testSession } from '../../../test/render';
import { gridData, personRow } from '../testing';
import UsersPage from './UsersPage';

const OUT = 'This person is outside the sites or user types you have access to.';
const base = {
  'GET /api/users/1': { data: [personRow(7, 'Kofi'), personRow(8, 'Lena', { role_id: 8, department_id: 6 })], count: 2 },
  'GET /api/data_users_grid/1': { data: gridData },
  'GET /api/adminPreference/1': { data: { id: 1, employee_id: 5, entity_id: 1, page_url: '/users', table_head: null, url: null } },
};
const dialog = () => screen.findByRole('dialog');

describe('/users', { timeout: 60_000 }, () => {
  const navigate = vi.fn();
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { users: 1 } }) as never);
  });
  beforeEach(() => {
    navigate.mockReset();
    configureHttp({ navigate });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    resetHttp();
  });

  it('lists active people with the lookups, filters by user type on the server, and counts both lists', async () => {
    const api = answerByRoute(vi, base);
    renderAt(<UsersPage />, '/users');
    expect(await screen.findByText('Kofi Test')).toBeInTheDocument();
    // The default role's name is translated by key (issue 15 part 7): the server's "admin" reads Administrator.
    expect(await screen.findByRole('cell', { name: 'Administrator' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Science' })).toBeInTheDocument();
    expect(screen.getByText('Active (2)')).toBeInTheDocument();
    expect(screen.getByText('Archived (1)')).toBeInTheDocument();
    const lists = () => callsOf(api).filter((c) => c.href.startsWith('/api/users/1')).map((c) => JSON.parse(new URL(c.href, 'http://x').searchParams.get('filterBy') ?? '{}'));
    expect(lists()[0]).toEqual({ status: 'active' });
    const user = userEvent.setup();
    await pickOption(user, screen.getByRole('combobox', { name: 'User types' }), 'Staff');
    await waitFor(() => expect(lists().at(-1)).toEqual({ status: 'active', user_type_id: [2] }));
    await user.click(screen.getByText('Archived (1)'));
    await waitFor(() => expect(lists().at(-1)).toEqual({ status: 'archived', user_type_id: [2] }));
  });

  it('rules 173, 100, 187: archives the chosen people after a warning, toasts "User Status Updated" and lists who was skipped and why', async () => {
    const api = answerByRoute(vi, { ...base, 'PUT /api/users_active': { message: 'User Status Updated', data: { done: [7], skipped: [{ id: 8, reason: OUT }] } } });
    const toast = vi.spyOn(notifications, 'show');
    renderAt(<UsersPage />, '/users');
    await screen.findByText('Kofi Test');
    fireEvent.click(screen.getByLabelText('Select everyone on this page'));
    expect(screen.getByText('Selected: 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    const confirm = await dialog();
    expect(within(confirm).getByText(/Anyone of them who is signed in now is signed out/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(callsOf(api).find((c) => c.href === '/api/users_active')?.body).toEqual({ users: [7, 8], status: 'archived' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'User Status Updated' })));
    const skipped = await screen.findByTestId('skipped');
    expect(within(skipped).getByText('Lena Test')).toBeInTheDocument();
    expect(within(skipped).getByText(OUT)).toBeInTheDocument();
    expect(screen.getByText('Done for 1 people.')).toBeInTheDocument();
    expect(screen.queryByText('Selected: 2')).toBeNull();
  });

  it('deletes people one by one; a refusal is reported with its reason instead of leaving for /error (rules 100, 187)', async () => {
    const api = answerByRoute(vi, { ...base, 'DELETE /api/users/7': { message: 'User Deleted' }, 'DELETE /api/users/8': [403, { message: 'You cannot delete or archive yourself.' }] });
    const toast = vi.spyOn(notifications, 'show');
    renderAt(<UsersPage />, '/users');
    await screen.findByText('Kofi Test');
    fireEvent.click(screen.getByLabelText('Select Kofi Test'));
    fireEvent.click(screen.getByLabelText('Select Lena Test'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Delete' }));
    const skipped = await screen.findByTestId('skipped');
    expect(within(skipped).getByText('You cannot delete or archive yourself.')).toBeInTheDocument();
    expect(callsOf(api).filter((c) => c.method === 'DELETE').map((c) => c.href).sort()).toEqual(['/api/users/7', '/api/users/8']);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'User Deleted' }));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rule 178: invites only the people who can be invited, with the chosen role; the others are listed as skipped', async () => {
    const preview = [
      { ...personRow(7, 'Kofi'), invitation: null, can_invite: 1, can_revoke: 0, error: null },
      { ...personRow(8, 'Lena', { email: null }), invitation: null, can_invite: 0, can_revoke: 0, error: 'This person has no e-mail address.' },
    ];
    const api = answerByRoute(vi, { ...base, 'GET /api/mass-action-invite-users': { data: preview, count: 2 }, 'POST /api/mass-action-apply-invite-users': { message: 'Passport Invitation Sent', data: { done: [7], skipped: [] } } });
    const toast = vi.spyOn(notifications, 'show');
    renderAt(<UsersPage />, '/users');
    await screen.findByText('Kofi Test');
    fireEvent.click(screen.getByLabelText('Select everyone on this page'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Passport' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Invite to their passport', hidden: true }));
    const modal = await dialog();
    expect(await within(modal).findByText('This person has no e-mail address.')).toBeInTheDocument();
    await pickOption(user, within(modal).getByRole('combobox', { name: 'Role in the dashboard' }), 'Admin');
    await user.click(within(modal).getByRole('button', { name: 'Invite (1)' }));
    await waitFor(() => expect(callsOf(api).find((c) => c.href === '/api/mass-action-apply-invite-users')?.body).toEqual({ users: [7], role_id: 8 }));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Passport Invitation Sent' }));
    expect(within(await screen.findByTestId('skipped')).getByText('Lena Test')).toBeInTheDocument();
  });

  it('applies new and existing labels to the chosen people, and moves them to another user type ("User Moved")', async () => {
    const api = answerByRoute(vi, {
      ...base,
      'POST /api/mass_action_apply_labels': { message: 'Labels applied.', data: { done: [7], skipped: [] } },
      'PUT /api/users_usertype': { message: 'User Moved', data: { done: [7], skipped: [] } },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderAt(<UsersPage />, '/users');
    await screen.findByText('Kofi Test');
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Select Kofi Test'));
    await user.click(screen.getByRole('button', { name: 'Apply labels' }));
    const labels = within(await dialog()).getByRole('combobox', { name: 'Labels' });
    await user.type(labels, 'Choir{Enter}');
    await user.click(within(await dialog()).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(callsOf(api).find((c) => c.href === '/api/mass_action_apply_labels')?.body).toEqual({ users: [7], labels: ['Choir'] }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Labels applied.' })));
    await user.click(screen.getByLabelText('Select Kofi Test'));
    await user.click(screen.getByRole('button', { name: 'Move user type' }));
    // The labels dialog may still be closing: wait for the one that asks for the new user type.
    await pickOption(user, await screen.findByRole('combobox', { name: 'New user type' }), 'Staff');
    await user.click(within(await dialog()).getByRole('button', { name: 'Move user type' }));
    await waitFor(() => expect(callsOf(api).find((c) => c.href === '/api/users_usertype')?.body).toEqual({ users: [7], user_type_id: 2 }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'User Moved' })));
  });
});
