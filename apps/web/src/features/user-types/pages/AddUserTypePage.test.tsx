import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, answerWith, callsOf, renderAt, testSession } from '../../../test/render';
import { userType } from '../../users/testing';
import AddUserTypePage from './AddUserTypePage';

describe('/add-user-type', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { 'user types': 1 } }) as never);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('rule 190: refuses a grace period under 30 minutes and a missing name without calling the server', async () => {
    const f = answerWith(vi, [200, { data: [], count: 0 }]);
    renderAt(<AddUserTypePage />, '/add-user-type');
    fireEvent.change(await screen.findByLabelText(/Visit grace period/), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The visit grace period is required and must be at least 30 minutes.')).toBeInTheDocument();
    expect(screen.getByText('The user type name is required.')).toBeInTheDocument();
    expect(f.mock.calls.filter((c: unknown) => (c as unknown as [string, RequestInit])[1]?.method === 'POST')).toHaveLength(0);
  });

  it('rule 189: shows the server 409 on the name field, and goes to /user-types after creating', async () => {
    answerWith(vi, [200, { data: [], count: 0 }], [409, { message: 'A user type with this name already exists.', errors: { name: ['A user type with this name already exists.'] } }], [200, { data: [], count: 0 }]);
    const { router } = renderAt(<AddUserTypePage />, '/add-user-type', '/add-user-type', [{ path: '/user-types', element: <p>list</p> }]);
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Visitor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A user type with this name already exists.')).toBeInTheDocument();
    answerWith(vi, [201, { data: { id: 3, name: 'Guest' } }], [200, { data: [], count: 0 }]);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Guest' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-types'));
  });

  it('rules 189-194: edits a type with every field, checks the name as typed, and sends the update', async () => {
    const api = answerByRoute(vi, {
      'GET /api/user-type/3': { data: userType(3, 'Visitor', { registration_method: 'approval_required', grace_period: 120, mandatory_data: ['email'], allow_switch: 1, host_user_type_ids: [1], parent_id: null }) },
      'GET /api/user_type_parent_with_children/1': { data: [{ ...userType(1, 'Staff'), children: [] }, { ...userType(3, 'Visitor'), children: [{ ...userType(4, 'Parent', { parent_id: 3 }), children: [] }] }] },
      'GET /api/usertypes/unique': (c) => ({ message: c.href.includes('name=Staff') ? 'A user type with this name already exists.' : 'This user type name is available.', data: { unique: c.href.includes('name=Staff') ? 0 : 1 } }),
      'PUT /api/user-type/update/3': { data: userType(3, 'Guest') },
    });
    const { router } = renderAt(<AddUserTypePage />, '/add-user-type?id=3', '/add-user-type', [{ path: '/user-types', element: <p>list</p> }]);
    const name = await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 5000 });
    expect(name).toHaveValue('Visitor');
    expect(screen.getByRole('radio', { name: /Pre-registration with approval required/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
    expect(screen.getByRole('switch', { name: /People may switch their own type/ })).toBeChecked();
    const user = userEvent.setup();
    const parent = screen.getByRole('combobox', { name: 'Parent type' });
    await user.click(parent);
    const list = document.getElementById(parent.getAttribute('aria-controls')!)!;
    await waitFor(() => expect([...list.querySelectorAll('[role="option"]')].map((o) => o.textContent?.trim())).toEqual(['Staff']));
    fireEvent.change(name, { target: { value: 'Staff' } });
    expect(await screen.findByText('A user type with this name already exists.', {}, { timeout: 3000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.change(name, { target: { value: 'Guest' } });
    await waitFor(() => expect(screen.queryByText('A user type with this name already exists.')).toBeNull());
    await user.click(screen.getByRole('radio', { name: /^Registration allowed/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsOf(api).find((c) => c.method === 'PUT')?.body).toMatchObject({ name: 'Guest', registration_method: 'allowed', grace_period: 120, mandatory_data: ['email'], allow_switch: true, host_user_type_ids: [1] }));
    expect(callsOf(api).filter((c) => c.method === 'PUT')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-types'));
  });
});
