import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { getSession } from '../../../lib/session';
import { answerWith, renderAt, testSession } from '../../../test/render';
import LoginPage from './LoginPage';

describe('LoginPage (rules 21, 27, 76; two-step login)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the six-digit code when the API answers otp_needed, then stores the session and opens the next page', async () => {
    const session = testSession({ permissions: { company_details: 1 } });
    const fetch = answerWith(vi, [400, { message: 'Enter the code', code: 'otp_needed', errors: { otp: ['Enter the code'] } }], [200, { data: session }]);
    const { router } = renderAt(<LoginPage />, '/login?next=%2Fcompany', '/login', [{ path: '*', element: <p>landed</p> }]);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'amelia@northfield.test');
    await user.type(screen.getByLabelText(/^Password/), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Six-digit code from your authenticator app')).toBeInTheDocument();
    const boxes = screen.getAllByRole('textbox').filter((el) => el.getAttribute('inputmode') === 'numeric');
    expect(boxes).toHaveLength(6);
    fireEvent.paste(boxes[0], { clipboardData: { getData: () => '123456' } });
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company'));
    const second = JSON.parse((fetch.mock.calls[1] as unknown as [string, RequestInit])[1].body as string);
    expect(second).toEqual({ email: 'amelia@northfield.test', password: 'right-password', otp: '123456' });
    expect(getSession()?.token).toBe('tok-test');
  });

  it('a language chosen on the login page goes to the account, so the server answers in it too (rule 80)', async () => {
    localStorage.setItem('language', 'es');
    const session = testSession({ permissions: { company_details: 1 } });
    const fetch = answerWith(vi, [200, { data: session }], [200, { message: 'ok' }]);
    const { router } = renderAt(<LoginPage />, '/login?next=%2Fcompany', '/login', [{ path: '*', element: <p>landed</p> }]);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'amelia@northfield.test');
    await user.type(screen.getByLabelText(/^Password/), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company'));
    const [url, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toContain('/api/change-lang');
    expect(JSON.parse(init.body as string)).toEqual({ lang: 'es' });
    expect(getSession()?.user.lang).toBe('es');
  });

  it('shows the server message for wrong credentials on the form, without leaving /login', async () => {
    answerWith(vi, [400, { message: 'The e-mail or password is incorrect.', errors: { password: ['The e-mail or password is incorrect.'] } }]);
    const { router } = renderAt(<LoginPage />, '/login', '/login');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'amelia@northfield.test');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The e-mail or password is incorrect.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession()).toBeNull();
  });
});
