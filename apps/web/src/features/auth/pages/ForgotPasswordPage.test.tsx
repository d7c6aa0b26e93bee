import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { answerWith, renderAt } from '../../../test/render';
import ForgotPasswordPage from './ForgotPasswordPage';

describe('ForgotPasswordPage', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks the e-mail with the contract message, then asks for the link and shows the answer', async () => {
    const f = answerWith(vi, [200, { message: 'If an account exists for that e-mail, a reset link is on its way.' }]);
    renderAt(<ForgotPasswordPage />, '/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(f).not.toHaveBeenCalled();
    await user.clear(screen.getByRole('textbox', { name: 'E-mail' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'amelia@northfield.test');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('If an account exists for that e-mail, a reset link is on its way.')).toBeInTheDocument();
    const [url, init] = f.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/forgot-password');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'amelia@northfield.test', lang: 'en' });
  });

  it('with ?token= it chooses the new password: both must match, then POST /api/reset-password; an expired link shows the server message', async () => {
    const f = answerWith(vi, [400, { message: 'This reset link is not valid or has expired.', errors: { token: ['This reset link is not valid or has expired.'] } }], [200, { message: 'Your password has been changed. Please log in again.' }]);
    renderAt(<ForgotPasswordPage />, '/forgot-password?token=abcdefghijklmnopqrstuvwxyz');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), 'long-enough-1');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'long-enough-2');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));
    expect(await screen.findByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(f).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(/^Repeat the new password/));
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));
    expect(await screen.findByText('This reset link is not valid or has expired.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change the password' }));
    expect(await screen.findByText('Your password has been changed. Please log in again.')).toBeInTheDocument();
    expect(JSON.parse((f.mock.calls[1] as unknown as [string, RequestInit])[1].body as string)).toEqual({ token: 'abcdefghijklmnopqrstuvwxyz', password: 'long-enough-1' });
  });
});
