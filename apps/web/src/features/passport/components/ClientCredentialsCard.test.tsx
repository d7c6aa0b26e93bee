import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerWith, renderAt, testSession } from '../../../test/render';
import { ClientCredentialsCard } from './ClientCredentialsCard';

describe('ClientCredentialsCard (issue 16 part 2: two-step holds on every way in)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('with two-step on, asks for the code and sends it with the password', async () => {
    const base = testSession();
    setSession({ ...base, user: { ...base.user, is_otp_enabled: 1 } } as any);
    const f = answerWith(vi, [200, { data: { client_id: 'gh_abc', client_secret: 'shown-once' } }]);
    renderAt(<ClientCredentialsCard />, '/passport', '/passport');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Confirm with your password'), 'my-password');
    const create = screen.getByRole('button', { name: 'Create credentials' });
    expect(create).toBeDisabled();
    await user.type(screen.getByLabelText('Two-step code'), '12a3456');
    await user.click(create);
    expect(await screen.findByText('shown-once')).toBeInTheDocument();
    const body = JSON.parse((f.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body).toEqual({ email: 'amelia@northfield.test', password: 'my-password', otp: '123456' });
  });

  it('without two-step, the password alone', async () => {
    setSession(testSession() as any);
    const f = answerWith(vi, [200, { data: { client_id: 'gh_abc', client_secret: 'shown-once' } }]);
    renderAt(<ClientCredentialsCard />, '/passport', '/passport');
    const user = userEvent.setup();
    expect(screen.queryByLabelText('Two-step code')).toBeNull();
    await user.type(await screen.findByLabelText('Confirm with your password'), 'my-password');
    await user.click(screen.getByRole('button', { name: 'Create credentials' }));
    await screen.findByText('shown-once');
    expect(JSON.parse((f.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({ email: 'amelia@northfield.test', password: 'my-password' });
  });
});
