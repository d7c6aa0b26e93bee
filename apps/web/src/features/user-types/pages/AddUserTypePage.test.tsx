import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerWith, renderAt, testSession } from '../../../test/render';
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
});
