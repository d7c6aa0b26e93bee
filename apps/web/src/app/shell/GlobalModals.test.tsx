import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { setSession } from '../../lib/session';
import { renderAt, testSession } from '../../test/render';
import { GlobalModals } from './GlobalModals';

const fake = vi.hoisted(() => {
  const handlers = new Map<string, (...a: unknown[]) => void>();
  const socket = { active: true, on: (ev: string, h: (...a: unknown[]) => void) => handlers.set(ev, h), off: (ev: string, h: (...a: unknown[]) => void) => { if (handlers.get(ev) === h) handlers.delete(ev); }, emit: () => {}, connect: () => {}, disconnect: () => {}, removeAllListeners: () => {} };
  return { handlers, io: () => socket };
});
vi.mock('socket.io-client', () => ({ io: fake.io }));

/** The API as the modals see it: activation status, reactivation, and the session refresh calls. */
function api(active: { value: 0 | 1 }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      let body: unknown = { data: null };
      if (url === '/api/check-activation-status') body = { data: { passport_id: 'p', is_active: active.value, deactivated_at: null, days_since_deactivation: active.value ? null : 12 } };
      if (url === '/api/reactivate-passport-account') {
        active.value = 1;
        body = { message: 'Your passport account has been reactivated.' };
      }
      if (url === '/api/user_details') body = { data: testSession().user };
      if (url.startsWith('/api/get-entity/')) body = { data: testSession().entity };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return calls;
}
const emit = (event: string, payload: unknown) => act(() => fake.handlers.get(event)!(payload));

describe('global modals (rules 61-73)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => {
    localStorage.clear();
    fake.handlers.clear();
    setSession(testSession() as any); // user id 5
  });
  afterEach(() => vi.unstubAllGlobals());

  it('rule 68: "Permissions Updated" names the old and new role, sites and user types; never for the admin who made the change', async () => {
    api({ value: 1 });
    renderAt(<GlobalModals />, '/company');
    await waitFor(() => expect(fake.handlers.has('pongUpdateUserRole')).toBe(true));
    emit('pongUpdateUserRole', { user_id: 5, updated_by: 5, oldRole: 'admin', newRole: 'employee', siteNames: [], userTypeNames: [] });
    await new Promise((r) => setTimeout(r, 600));
    expect(screen.queryByText('Permissions Updated')).toBeNull();
    emit('pongUpdateUserRole', { user_id: 5, updated_by: 2, oldRole: 'admin', newRole: 'employee', siteNames: ['North Gate', 'Main Office'], userTypeNames: ['Staff'] });
    expect(await screen.findByText('Permissions Updated')).toBeInTheDocument();
    expect(screen.getByText('Your role has changed from admin to employee.')).toBeInTheDocument();
    expect(screen.getByText('Sites: North Gate, Main Office')).toBeInTheDocument();
    expect(screen.getByText('User types: Staff')).toBeInTheDocument();
  });

  it('rule 71: "Site Created" names the admin; rule 72: package upgraded, or changed within Cloud; the support account is exempt from package notices (rule 74)', async () => {
    api({ value: 1 });
    const { unmount } = renderAt(<GlobalModals />, '/company');
    await waitFor(() => expect(fake.handlers.has('update')).toBe(true));
    emit('update', { type: 'site', action: 'created', name: 'East Wing', created_by: 'Omar Haddad', created_by_id: 2 });
    expect(await screen.findByText('Site Created')).toBeInTheDocument();
    expect(screen.getByText('Omar Haddad created “East Wing”.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'OK' }));
    emit('pongUpdateEntityPackage', { entityPlan: 2, package: 'Cloud', action: 'upgrade', updated_by: 2 });
    expect(await screen.findByText('Package upgraded')).toBeInTheDocument();
    expect(screen.getByText('Your organisation moved to the Professional plan: the dashboard features are now enabled.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'OK' }));
    // A plan changed inside Cloud is "Package changed", naming the plan, not a move to the cloud (rule 72).
    emit('pongUpdateEntityPlan', { entityPlan: 3, package: 'Cloud', action: 'upgrade', updated_by: 2 });
    expect(await screen.findByText('Package changed')).toBeInTheDocument();
    expect(screen.getByText('Your organisation’s plan is now Enterprise.')).toBeInTheDocument();
    expect(screen.queryByText('Package upgraded')).toBeNull();
    unmount();
    fake.handlers.clear();
    setSession(testSession({ isSupport: true }) as any);
    renderAt(<GlobalModals />, '/company');
    await waitFor(() => expect(fake.handlers.has('pongUpdateEntityPackage')).toBe(true));
    emit('pongUpdateEntityPackage', { entityPlan: 2, package: 'Cloud', action: 'downgrade', updated_by: 2 });
    await new Promise((r) => setTimeout(r, 600));
    expect(screen.queryByText('Package downgraded')).toBeNull();
  });

  it('rule 70: "Session Started" offers Join and Dismiss to the other admins, never to the one who started it (pongStartSessionDiffAdmin)', async () => {
    api({ value: 1 });
    renderAt(<GlobalModals />, '/company');
    await waitFor(() => expect(fake.handlers.has('pongStartSessionDiffAdmin')).toBe(true));
    const started = { sessionId: 4, sessionName: 'Fire drill', user: { email: 'amelia@northfield.test', fullName: 'Amelia Johnson' }, userName: 'Amelia Johnson' };
    emit('pongStartSessionDiffAdmin', { ...started, user_id: 5 });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText('Session Started')).toBeNull();
    emit('pongStartSessionDiffAdmin', { ...started, user_id: 7, userName: 'Omar Haddad' });
    const dialog = await screen.findByRole('dialog', { name: 'Session Started' });
    expect(within(dialog).getByRole('button', { name: 'Join' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('rule 62: a deactivated passport shows the days since deactivation and Reactivate calls the API', async () => {
    const calls = api({ value: 0 });
    renderAt(<GlobalModals />, '/company');
    expect(await screen.findByText('Reactivate My Passport Account')).toBeInTheDocument();
    expect(screen.getByText('Your passport account was deactivated. Days since deactivation: 12.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(screen.queryByText('Reactivate My Passport Account')).toBeNull());
    expect(calls).toContain('POST /api/reactivate-passport-account');
  });
});
