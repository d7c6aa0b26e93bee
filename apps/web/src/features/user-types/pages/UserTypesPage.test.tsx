import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, pickOption, renderAt, testSession } from '../../../test/render';
import { userType } from '../../users/testing';
import OldUserTypesPage from './OldUserTypesPage';
import UserTypesPage from './UserTypesPage';

const tree = [
  { ...userType(1, 'Staff', { is_staff: 1, users_count: 3, registration_method: 'not_required' }), children: [{ ...userType(2, 'Teacher', { parent_id: 1, users_count: 2 }), children: [{ ...userType(4, 'Head of year', { parent_id: 2, users_count: 1 }), children: [] }] }] },
  { ...userType(3, 'Visitor', { users_count: 7, allow_switch: 1 }), children: [] },
];
const routes = { 'GET /api/user_type_parent_with_children/1': { data: tree, count: 2 } };

describe('/user-types', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { 'user types': 1 } }) as never);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the tree with sub-types nested under their parent, the people of each type and of each branch', async () => {
    answerByRoute(vi, routes);
    renderAt(<UserTypesPage />, '/user-types');
    const staff = await screen.findByRole('treeitem', { name: 'Staff' });
    const teacher = within(staff).getByRole('treeitem', { name: 'Teacher' });
    expect(within(teacher).getByRole('treeitem', { name: 'Head of year' })).toBeInTheDocument();
    expect(screen.getByTestId('count-1')).toHaveTextContent('People: 3');
    expect(within(staff).getByText('With sub-types: 6')).toBeInTheDocument();
    expect(screen.getByText('User types: 4 · People: 13')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Hide the sub-types of Staff' }));
    expect(screen.queryByRole('treeitem', { name: 'Teacher' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search user types' }), { target: { value: 'head' } });
    expect(await screen.findByRole('treeitem', { name: 'Head of year' })).toBeInTheDocument();
    expect(screen.queryByRole('treeitem', { name: 'Visitor' })).toBeNull();
  });

  it('moves a type to another parent; its own branch is not offered', async () => {
    const api = answerByRoute(vi, { ...routes, 'PUT /api/user-types/move': { data: userType(2, 'Teacher') } });
    const toast = vi.spyOn(notifications, 'show');
    renderAt(<UserTypesPage />, '/user-types');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Teacher' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move', hidden: true }));
    const modal = await screen.findByRole('dialog');
    const select = within(modal).getByRole('combobox', { name: 'New parent' });
    await user.click(select);
    const list = document.getElementById(select.getAttribute('aria-controls')!)!;
    await waitFor(() => expect([...list.querySelectorAll('[role="option"]')].map((o) => o.textContent?.trim())).toEqual(['Top level (no parent)', 'Staff', 'Visitor']));
    await pickOption(user, select, 'Visitor');
    await user.click(within(modal).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(callsOf(api).find((c) => c.method === 'PUT')?.body).toEqual({ id: 2, parent_id: 3 }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'User type moved.' })));
  });

  it('rule 103: a refused deletion says why; the QR code opens and prints on its own', async () => {
    answerByRoute(vi, {
      ...routes,
      'DELETE /api/user-types/1': [400, { message: 'This user type has child types. Move or delete them first.', errors: { id: ['This user type has child types. Move or delete them first.'] } }],
      'GET /api/user-type-qr/3': { data: { id: 3, url: 'http://localhost/pre-registration/1?user_type_id=3', qrcode: 'data:image/png;base64,iVBORw0KGgo=' } },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderAt(<UserTypesPage />, '/user-types');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Staff' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'This user type has child types. Move or delete them first.' })));
    await user.click(screen.getByRole('button', { name: 'Actions for Visitor' }));
    await user.click(await screen.findByRole('menuitem', { name: 'QR code', hidden: true }));
    expect(await screen.findByRole('img', { name: 'QR code: Visitor' })).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    const printed = { title: '', img: '' };
    const fake = document.implementation.createHTMLDocument('');
    vi.spyOn(window, 'open').mockImplementation(() => ({ document: fake, focus: () => {}, print: () => {} }) as never);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    printed.title = fake.title;
    printed.img = fake.querySelector('img')?.getAttribute('src') ?? '';
    expect(printed).toEqual({ title: 'QR code: Visitor', img: 'data:image/png;base64,iVBORw0KGgo=' });
  });
});

describe('/olduser-types', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { 'user types': 1 } }) as never);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists every type with its settings as columns, from the paged list call', async () => {
    const api = answerByRoute(vi, {
      'GET /api/user-types/list/1': { data: [userType(3, 'Visitor', { registration_method: 'approval_required', grace_period: 120, mandatory_data: ['email', 'phone'], users_count: 7, parent_id: 1 })], count: 1 },
      'GET /api/user_types/1': { data: [userType(1, 'Guests'), userType(3, 'Visitor')] },
      'GET /api/adminPreference/1': { data: { id: 1, employee_id: 5, entity_id: 1, page_url: '/olduser-types', table_head: null, url: null } },
    });
    renderAt(<OldUserTypesPage />, '/olduser-types');
    const row = (await screen.findByRole('cell', { name: 'Visitor' })).closest('tr')!;
    expect(within(row).getByText('Pre-registration with approval required')).toBeInTheDocument();
    expect(within(row).getByText('120 min grace')).toBeInTheDocument();
    expect(within(row).getByText('Phone')).toBeInTheDocument();
    expect(within(row).getByText('7')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('Guests')).toBeInTheDocument());
    expect(callsOf(api).some((c) => c.href.startsWith('/api/user-types/list/1?page=1&limit=10'))).toBe(true);
  });
});
