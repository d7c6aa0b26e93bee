import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../auth/testing';
import { initI18n } from '../../../lib/i18n';
import { getSession, setSession } from '../../../lib/session';
import { answerWith, renderAt, testSession } from '../../../test/render';
import { TwoStepCard } from './TwoStepCard';

describe('TwoStepCard (rules 83-85)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => {
    localStorage.clear();
    setSession(testSession() as any);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the QR code and secret, and enabling with the first code logs the user out (rule 85)', async () => {
    const f = answerWith(
      vi,
      [200, { data: { secret: 'EGTNY3NEEM32EO2U', otpauth_url: 'otpauth://totp/x', qr: 'data:image/png;base64,iVBORw0KGgo=' } }],
      [400, { message: 'The code is not valid.', errors: { otp: ['The code is not valid. Check your authenticator app and try again.'] } }],
      [200, { message: 'Two-step authentication is on. Please log in again.' }],
    );
    const { router } = renderAt(<TwoStepCard />, '/passport', '/passport', [{ path: '/login', element: <LoginPage /> }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up two-step authentication' }));
    expect(await screen.findByRole('img', { name: 'QR code for the authenticator app' })).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByText('EGTNY3NEEM32EO2U')).toBeInTheDocument();
    const boxes = screen.getAllByRole('textbox').filter((el) => el.getAttribute('inputmode') === 'numeric');
    fireEvent.paste(boxes[0], { clipboardData: { getData: () => '000000' } });
    await user.click(screen.getByRole('button', { name: 'Turn on two-step authentication' }));
    expect(await screen.findByText('The code is not valid. Check your authenticator app and try again.')).toBeInTheDocument();
    expect(getSession()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Turn on two-step authentication' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession()).toBeNull();
    expect(await screen.findByText('Two-step authentication is on. Please log in again.')).toBeInTheDocument();
    expect(JSON.parse((f.mock.calls[1] as unknown as [string, RequestInit])[1].body as string)).toEqual({ otp: '000000' });
  });
});
