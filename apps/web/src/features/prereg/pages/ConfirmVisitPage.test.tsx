import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { clearSession, setSession } from '../../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../../test/render';
import ConfirmVisitPage from './ConfirmVisitPage';

const TOKEN = 't'.repeat(43);
const PASSPORT = '6a9a436a-dbe6-4201-a6bb-cd0ecc271207';
const meta = (over: Record<string, unknown> = {}) => ({
  data: {
    is_expired: 0, reason: null, message: null, is_confirmed: 0,
    validations: { is_image_required: 0, has_image: 0, is_compliance_required: 0, journey_stage: 'ready_to_sign_in' },
    expectedDateTime: '2030-01-01T10:00:00Z',
    user: { first_name: 'Lina', last_name: 'Link', email: 'lina@example.test', phone: '600', company_name: null },
    visitId: 7, serverUrl: '', passport_id: null, ...over,
  },
});
const others = [
  { path: '/link-expired', element: <div>expired page</div> },
  { path: '/login', element: <div>login page</div> },
  { path: '/pre-registration/success', element: <div>success page</div> },
];
const open = (path: string) => renderAt(<ConfirmVisitPage />, path, '/c/:visitUrl/:code?', others);
const at = (r: ReturnType<typeof open>['router']) => r.state.location.pathname + r.state.location.search;

describe('/c/:visitUrl/:code? (seed 001, rules 141-148)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('with a code, a visitor without a passport goes on to /c/{visitUrl} and confirms there', async () => {
    answerByRoute(vi, { [`GET /api/visit-by-visit-url/en/${TOKEN}`]: meta(), 'POST /api/confirm/visit/en': { message: 'Your visit is confirmed.', data: { visit_id: 7, is_confirmed: 1 } } });
    const { router } = open(`/c/${TOKEN}/LOGINCODE1`);
    expect(await screen.findByRole('textbox', { name: /^First name/ })).toHaveValue('Lina');
    expect(at(router)).toBe(`/c/${TOKEN}`);
  });

  it('with a code, a passport holder who is not signed in is sent to the login page first, and comes back to the link', async () => {
    answerByRoute(vi, { [`GET /api/visit-by-visit-url/en/${TOKEN}`]: meta({ passport_id: PASSPORT }) });
    const { router } = open(`/c/${TOKEN}/LOGINCODE1`);
    await screen.findByText('login page');
    expect(at(router)).toBe(`/login?next=${encodeURIComponent(`/c/${TOKEN}`)}`);
  });

  it('a signed-in passport holder confirms through the passport call (rule 141) and sees the success page (rule 144)', async () => {
    setSession(testSession());
    const f = answerByRoute(vi, {
      [`GET /api/visit-by-visit-url/en/${TOKEN}`]: meta({ passport_id: PASSPORT }),
      'POST /api/visit/confirm': { message: 'Your visit is confirmed.', data: { visit_id: 7, is_confirmed: 1 } },
    });
    const { router } = open(`/c/${TOKEN}/LOGINCODE1`);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm my visit' }));
    await screen.findByText('success page');
    expect(at(router)).toBe('/pre-registration/success?confirmed=1');
    const sent = callsOf(f).filter((c) => c.method === 'POST');
    expect(sent.map((c) => c.path)).toEqual(['/api/visit/confirm']);
    expect((sent[0].body as FormData).get('visit_url')).toBe(TOKEN);
  });

  it('someone signed in with another passport confirms through the public call', async () => {
    setSession(testSession());
    const f = answerByRoute(vi, {
      [`GET /api/visit-by-visit-url/en/${TOKEN}`]: meta({ passport_id: '00000000-0000-4000-8000-000000000000' }),
      'POST /api/confirm/visit/en': { message: 'Your visit is confirmed.', data: { visit_id: 7, is_confirmed: 1 } },
    });
    open(`/c/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm my visit' }));
    await screen.findByText('success page');
    expect(callsOf(f).filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/confirm/visit/en']);
  });

  it("an expired link of a passport holder goes to /link-expired with its reason and the passport's offer to log in (rules 144-148)", async () => {
    answerByRoute(vi, { [`GET /api/visit-by-visit-url/en/${TOKEN}`]: meta({ is_expired: 1, reason: 'VISIT_REJECTED', passport_id: PASSPORT }) });
    const { router } = open(`/c/${TOKEN}/LOGINCODE1`);
    await screen.findByText('expired page');
    expect(at(router)).toBe('/link-expired?kind=confirmation&reason=not_approved&userHasPassport=true');
  });

  it('a link that expires while the visitor fills the form goes to /link-expired with the reason the server gives', async () => {
    answerByRoute(vi, {
      [`GET /api/visit-by-visit-url/en/${TOKEN}`]: meta(),
      'POST /api/confirm/visit/en': [410, { message: 'Your confirmation link has expired because you missed your appointment.', code: 'VISIT_EXPIRED' }],
    });
    const { router } = open(`/c/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm my visit' }));
    await screen.findByText('expired page');
    expect(at(router)).toBe('/link-expired?kind=confirmation&reason=missed');
  });

  it('an unknown link (a failed fetch) goes to /link-expired without a reason: the generic message (rule 145)', async () => {
    answerByRoute(vi, {});
    const { router } = open(`/c/${TOKEN}`);
    await screen.findByText('expired page');
    expect(at(router)).toBe('/link-expired?kind=confirmation');
  });
});
