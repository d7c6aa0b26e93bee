import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { renderAt } from '../../../test/render';
import ConfirmVisitPage from './ConfirmVisitPage';
import PreRegistrationPage from './PreRegistrationPage';

type Answer = [number, unknown];
/** fetch answered by URL pattern (the page's queries run in parallel). */
function routeFetch(routes: [RegExp, Answer | ((init: RequestInit) => Answer)][]) {
  const mock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const hit = routes.find(([re]) => re.test(url));
    if (!hit) return new Response(JSON.stringify({ message: 'Not found.' }), { status: 404 });
    const [status, body] = typeof hit[1] === 'function' ? hit[1](init) : hit[1];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

const CODE = 'abcdefghijklmnopqrstuvwxyz012345';
const settings = { code: CODE, entity_id: 1, entity_name: 'Northfield Academy', entity_logo: null, journey_id: 1, journey_flow_id: 1, area_id: 2, area_name: 'Reception', site_name: 'Main Building', is_image_required: 0, is_qr_included: 1, is_face_id_included: 0, is_rfid_included: 0, is_compliance_required: 0, is_using_kiosk_screen: 0, enable_switch_usertype: 0 };

describe('visitor pages', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('pre-registration: checks the form, validates the visit, sends the multipart form and goes to the success page', async () => {
    let created: FormData | null = null;
    const f = routeFetch([
      [/check_image_qr_compliance_status_in_pre_registration\/en\//, [200, { data: settings }]],
      [/get_pre_registration_user_type\/en\//, [200, { data: [{ id: 3, entity_id: 1, name: 'Visitor', pre_registration_method: 'allowed' }, { id: 4, entity_id: 1, name: 'Staff', pre_registration_method: 'by_admin' }] }]],
      [/hosts\/settings\//, [200, { data: { allowNotSelectHost: 1, hostUserTypesExist: 0, note: null } }]],
      [/validate-expected-visit\/en/, [200, { message: 'The details are valid.' }]],
      [/create-expected-visit\/en/, (init) => ((created = init.body as FormData), [201, { message: 'ok', data: { visit_id: 9, visit_url: 'x'.repeat(43), journey_stage: 'ready_to_sign_in', approval_required: 0, expectedDateTime: '2030-01-01T10:00:00Z' } }])],
    ]);
    const { router } = renderAt(<PreRegistrationPage />, `/pre-registration/${CODE}`, '/pre-registration/:id?', [{ path: '/pre-registration/:id/success', element: <div>success page</div> }]);
    const user = userEvent.setup();
    expect(await screen.findByText('Main Building · Reception')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'V');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(f.mock.calls.some(([u]) => String(u).includes('create-expected-visit'))).toBe(false);
    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'era');
    await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Visitor');
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'vera@example.test');
    await user.type(screen.getByRole('textbox', { name: /^Phone/ }), '600123123');
    await user.type(screen.getByLabelText(/^Visit date/), '2030-01-01');
    await user.type(screen.getByLabelText(/^Time/), '10:00');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('success page');
    expect(router.state.location.pathname).toBe(`/pre-registration/${CODE}/success`);
    const form = created as unknown as FormData;
    expect(form.get('journey_id')).toBe(CODE);
    expect(form.get('user_type_id')).toBe('3');
    expect(form.get('first_name')).toBe('Vera');
    expect(form.get('visit_time')).toBe('10:00');
  });

  it('pre-registration: a duplicate visit shows the server message on the date field (rules 135-136)', async () => {
    routeFetch([
      [/check_image_qr_compliance_status_in_pre_registration/, [200, { data: settings }]],
      [/get_pre_registration_user_type/, [200, { data: [{ id: 3, entity_id: 1, name: 'Visitor', pre_registration_method: 'allowed' }] }]],
      [/hosts\/settings\//, [200, { data: { allowNotSelectHost: 1, hostUserTypesExist: 0, note: null } }]],
      [/validate-expected-visit/, [409, { message: 'error_date', errors: { visit_date: ['This person already has a visit to this area at that date and time.'] } }]],
    ]);
    renderAt(<PreRegistrationPage />, `/pre-registration/${CODE}`, '/pre-registration/:id?');
    const user = userEvent.setup();
    await screen.findByText('Main Building · Reception');
    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Vera');
    await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Visitor');
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'vera@example.test');
    await user.type(screen.getByRole('textbox', { name: /^Phone/ }), '600123123');
    await user.type(screen.getByLabelText(/^Visit date/), '2030-01-01');
    await user.type(screen.getByLabelText(/^Time/), '10:00');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('This person already has a visit to this area at that date and time.')).toBeInTheDocument();
  });

  it('pre-registration: an unknown link says registration is not available', async () => {
    routeFetch([]);
    renderAt(<PreRegistrationPage />, `/pre-registration/${CODE}`, '/pre-registration/:id?');
    expect(await screen.findByTestId('prereg-unavailable')).toHaveTextContent('Registration is not available via this link.');
  });

  it('confirmation link: an expired link goes to /link-expired with its reason (rule 144)', async () => {
    routeFetch([[/visit-by-visit-url\/en\//, [200, { data: { is_expired: 1, reason: 'VISIT_CONFIRMED', message: 'm', is_confirmed: 1, validations: {}, expectedDateTime: null, user: { first_name: 'A', last_name: 'B', email: null, phone: null, company_name: null }, visitId: 1, serverUrl: '', passport_id: null } }]]]);
    const { router } = renderAt(<ConfirmVisitPage />, `/c/${'t'.repeat(43)}`, '/c/:visitUrl/:code?', [{ path: '/link-expired', element: <div>expired page</div> }]);
    await screen.findByText('expired page');
    expect(router.state.location.search).toBe('?kind=confirmation&reason=confirmed');
  });

  it('confirmation link: confirms with _method=PUT and goes to the success page', async () => {
    let sent: FormData | null = null;
    routeFetch([
      [/visit-by-visit-url\/en\//, [200, { data: { is_expired: 0, reason: null, message: null, is_confirmed: 0, validations: {}, expectedDateTime: '2030-01-01T10:00:00Z', user: { first_name: 'Lina', last_name: 'Link', email: 'lina@example.test', phone: '600', company_name: null }, visitId: 7, serverUrl: '', passport_id: null } }]],
      [/confirm\/visit\/en/, (init) => ((sent = init.body as FormData), [200, { message: 'Your visit is confirmed.', data: { visit_id: 7, is_confirmed: 1 } }])],
    ]);
    const { router } = renderAt(<ConfirmVisitPage />, `/c/${'t'.repeat(43)}`, '/c/:visitUrl/:code?', [{ path: '/pre-registration/success', element: <div>success page</div> }]);
    const user = userEvent.setup();
    expect(await screen.findByRole('textbox', { name: /^First name/ })).toHaveValue('Lina');
    await user.click(screen.getByRole('button', { name: 'Confirm my visit' }));
    await screen.findByText('success page');
    expect(router.state.location.search).toBe('?confirmed=1');
    const form = sent as unknown as FormData;
    expect(form.get('_method')).toBe('PUT');
    expect(form.get('visit_id')).toBe('7');
    expect(form.get('user[first_name]')).toBe('Lina');
  });
});
