import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { renderAt } from '../../../test/render';
import ConfirmVisitPage from './ConfirmVisitPage';
import PreRegistrationPage from './PreRegistrationPage';
import VisitApprovalPage from './VisitApprovalPage';

// The visit's day typed as payloads carry it (test/day-field-as-text.tsx).
vi.mock('../../../components/fields', async (io) => (await import('../../../test/day-field-as-text')).dayFieldAsText(io));

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
const settings = {
  code: CODE, entity_id: 1, entity_name: 'Northfield Academy', entity_logo: null, journey_id: 1, journey_flow_id: null, user_type_id: null, area_id: 2, area_name: 'Reception', site_name: 'Main Building', timezone: 'UTC', expires_at: null,
  is_image_required: 0, is_qr_included: 1, is_face_id_included: 0, is_rfid_included: 0, is_compliance_required: 0, is_using_kiosk_screen: 0, enable_switch_usertype: 0, mandatory_data: [], compliance: null,
};
const condition = { id: 5, name: 'Health questionnaire', frequency: 'daily', send_before_visit: 120, reminder_interval: 30, questions: [{ id: 'q1', question: 'Do you have a fever?' }, { id: 'q2', question: 'Have you read the leaflet?' }], agreement_text: 'I agree', statement: 'I confirm' };
const TYPES = [{ id: 3, entity_id: 1, name: 'Visitor', pre_registration_method: 'allowed', journey_flow_id: 7 }, { id: 4, entity_id: 1, name: 'Contractor', pre_registration_method: 'approval_required', journey_flow_id: 8 }];
/** The calls of a link whose Visitor flow asks `flow` (an entry condition, a photo…). */
const linkCalls = (flow: Record<string, unknown> = {}): [RegExp, Answer][] => [
  [/check_image_qr_compliance_status_in_pre_registration\/en\/[\w]+\?user_type_id=3/, [200, { data: { ...settings, journey_flow_id: 7, user_type_id: 3, ...flow } }]],
  [/check_image_qr_compliance_status_in_pre_registration\/en\//, [200, { data: settings }]],
  [/get_pre_registration_user_type\/en\//, [200, { data: TYPES }]],
  [/hosts\/settings\//, [200, { data: { allowNotSelectHost: 1, hostUserTypesExist: 0, note: null } }]],
  [/get_custom_fields_to_expected_visit/, [200, { data: [] }]],
  [/check_user_entity/, [200, { data: { user_exists: 0, user_type: null, can_change_user_type: 1, user_type_id: null, has_image: 0 } }]],
];
/** A whole value at once (a paste): typing key by key re-renders the form per key, slow on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, el: HTMLElement, text: string) {
  await user.click(el);
  await user.paste(text);
}
async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: /^Visitor/ }));
  await fill(user, screen.getByRole('textbox', { name: /^First name/ }), 'Vera');
  await fill(user, screen.getByRole('textbox', { name: /^Last name/ }), 'Visitor');
  await fill(user, screen.getByRole('textbox', { name: /^E-mail/ }), 'vera@example.test');
  await fill(user, screen.getByRole('textbox', { name: /^Phone/ }), '600123123');
  await user.type(screen.getByLabelText(/^Visit date/), '2030-01-01');
  await user.type(screen.getByLabelText(/^Time/), '10:00');
}

describe('visitor pages', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('pre-registration: checks the form, validates the visit, sends the multipart form and goes to the success page', async () => {
    let created: FormData | null = null;
    const f = routeFetch([
      ...linkCalls(),
      [/validate-expected-visit\/en/, [200, { message: 'The details are valid.' }]],
      [/create-expected-visit\/en/, (init) => ((created = init.body as FormData), [201, { message: 'ok', data: { visit_id: 9, visit_url: 'x'.repeat(43), journey_stage: 'ready_to_sign_in', approval_required: 0, expectedDateTime: '2030-01-01T10:00:00Z' } }])],
    ]);
    const { router } = renderAt(<PreRegistrationPage />, `/pre-registration/${CODE}`, '/pre-registration/:id?', [{ path: '/pre-registration/:id/success', element: <div>success page</div> }]);
    const user = userEvent.setup();
    expect(await screen.findByText('Main Building · Reception')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'V');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please choose what describes you.')).toBeInTheDocument();
    expect(f.mock.calls.some(([u]) => String(u).includes('create-expected-visit'))).toBe(false);
    await user.clear(screen.getByRole('textbox', { name: /^First name/ }));
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('success page');
    expect(router.state.location.pathname).toBe(`/pre-registration/${CODE}/success`);
    expect(router.state.location.search).toBe('?approval=0&stage=ready_to_sign_in');
    const form = created as unknown as FormData;
    expect(form.get('journey_id')).toBe(CODE);
    expect(form.get('user_type_id')).toBe('3');
    expect(form.get('first_name')).toBe('Vera');
    expect(form.get('visit_time')).toBe('10:00');
    expect(form.get('compliances')).toBeNull();
  });

  it('pre-registration: a duplicate visit shows the visit-exists message (rules 135-136)', async () => {
    routeFetch([...linkCalls(), [/validate-expected-visit/, [409, { message: 'error_date', errors: { visit_date: ['This person already has a visit to this area at that date and time.'] } }]]]);
    renderAt(<PreRegistrationPage />, `/pre-registration/${CODE}`, '/pre-registration/:id?');
    const user = userEvent.setup();
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByTestId('prereg-visit-exists')).toHaveTextContent('You are already registered for a visit to this area at that date and time.');
    expect(screen.getByText('This person already has a visit to this area at that date and time.')).toBeInTheDocument();
  });

  it('rule 139: a date and time already past at the site is refused before anything is sent', async () => {
    const f = routeFetch(linkCalls());
    renderAt(<PreRegistrationPage />, `/pre-registration/${CODE}`, '/pre-registration/:id?');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /^Visitor/ }));
    await user.type(screen.getByLabelText(/^Visit date/), '2020-01-01');
    await user.type(screen.getByLabelText(/^Time/), '10:00');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('The visit date or time cannot be in the past.')).toBeInTheDocument();
    expect(f.mock.calls.some(([u]) => String(u).includes('validate-expected-visit'))).toBe(false);
  });

  it('entry conditions (rules 210-212): every question or none; the answers and notes go with the registration', async () => {
    let created: FormData | null = null;
    routeFetch([
      ...linkCalls({ is_compliance_required: 1, compliance: condition }),
      [/validate-expected-visit\/en/, [200, { message: 'ok' }]],
      [/create-expected-visit\/en/, (init) => ((created = init.body as FormData), [201, { message: 'ok', data: { visit_id: 9, visit_url: 'x'.repeat(43), journey_stage: 'compliance_failed', approval_required: 0, expectedDateTime: '2030-01-01T10:00:00Z' } }])],
    ]);
    const { router } = renderAt(<PreRegistrationPage />, `/pre-registration/${CODE}`, '/pre-registration/:id?', [{ path: '/pre-registration/:id/success', element: <div>success page</div> }]);
    const user = userEvent.setup();
    await fillDetails(user);
    const conditions = await screen.findByTestId('entry-conditions');
    expect(conditions).toHaveTextContent('we will e-mail you a link 2 hours before your visit');
    await user.click(within(screen.getByRole('radiogroup', { name: /Do you have a fever/ })).getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Answer every question, or none to answer later from the e-mail.')).toBeInTheDocument();
    await user.click(within(screen.getByRole('radiogroup', { name: /read the leaflet/ })).getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByRole('textbox', { name: /^Notes/ }), 'short');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('success page');
    expect(router.state.location.search).toBe('?approval=0&stage=compliance_failed');
    const form = created as unknown as FormData;
    expect(JSON.parse(String(form.get('compliances')))).toEqual([{ complianceId: 5, answer: [{ question_id: 'q1', answer: 'positive' }, { question_id: 'q2', answer: 'positive' }] }]);
    expect(form.get('notes')).toBe('short');
  });

  it('rules 137-138: a known person of another type is told; one who may not change type cannot register', async () => {
    routeFetch([
      [/check_user_entity/, [200, { data: { user_exists: 1, user_type: { name: 'Staff' }, can_change_user_type: 0, user_type_id: 9 } }]],
      ...linkCalls(),
    ]);
    renderAt(<PreRegistrationPage />, `/pre-registration/${CODE}`, '/pre-registration/:id?');
    const user = userEvent.setup();
    await fillDetails(user);
    expect(await screen.findByTestId('prereg-person-notice', {}, { timeout: 3000 })).toHaveTextContent("Sorry you're not allowed to register");
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
  });

  it('the photo field appears when the flow asks for one and a missing photo is caught (rule 134)', async () => {
    const f = routeFetch(linkCalls({ is_image_required: 1 }));
    renderAt(<PreRegistrationPage />, `/pre-registration/${CODE}`, '/pre-registration/:id?');
    const user = userEvent.setup();
    await fillDetails(user);
    expect(await screen.findByRole('button', { name: /Take a photo/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('A photo is required for this visit.')).toBeInTheDocument();
    expect(f.mock.calls.some(([u]) => String(u).includes('validate-expected-visit'))).toBe(false);
  });

  it('rule 134: a returning visitor whose photo is on file is not asked for one again', async () => {
    let created: FormData | null = null;
    routeFetch([
      [/check_user_entity/, [200, { data: { user_exists: 1, user_type: { name: 'Visitor' }, can_change_user_type: 1, user_type_id: 3, has_image: 1 } }]],
      ...linkCalls({ is_image_required: 1 }),
      [/validate-expected-visit\/en/, [200, { message: 'ok' }]],
      [/create-expected-visit\/en/, (init) => ((created = init.body as FormData), [201, { message: 'ok', data: { visit_id: 9, visit_url: 'x'.repeat(43), journey_stage: 'ready_to_sign_in', approval_required: 0, expectedDateTime: '2030-01-01T10:00:00Z' } }])],
    ]);
    renderAt(<PreRegistrationPage />, `/pre-registration/${CODE}`, '/pre-registration/:id?', [{ path: '/pre-registration/:id/success', element: <div>success page</div> }]);
    const user = userEvent.setup();
    await fillDetails(user);
    expect(await screen.findByTestId('prereg-photo-on-file')).toHaveTextContent('We have your photo from an earlier visit');
    expect(screen.queryByRole('button', { name: /Take a photo/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('success page');
    expect((created as unknown as FormData).get('image')).toBeNull();
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

  it("the host's approval page shows the visit and approves it once (rule 155)", async () => {
    let decided: unknown = null;
    routeFetch([
      [/visit-approval\/en\/[\w-]+$/, (init) => (init.method === 'POST' ? ((decided = JSON.parse(String(init.body))), [200, { message: 'Visit approved.' }]) : [200, { data: { id: 3, full_name: 'Tomás Herrera', company_name: 'Herrera Electrical', expectedDateTime: '2030-01-01T10:00:00Z', visit_date: '2030-01-01', visit_time: '10:00:00', site_name: 'Main Building', area_name: 'Reception', user_type_name: 'Contractor', host_name: 'Helen Hostwell' } }])],
    ]);
    renderAt(<VisitApprovalPage />, `/visit-approval/${'t'.repeat(43)}`, '/visit-approval/:token');
    const user = userEvent.setup();
    expect(await screen.findByText('Tomás Herrera')).toBeInTheDocument();
    expect(screen.getByText('Main Building · Reception')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByTestId('approval-result')).toHaveTextContent('Visit approved.');
    expect(decided).toEqual({ action: 'approve' });
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it("the host's approval page says when the link is used or no longer valid", async () => {
    routeFetch([[/visit-approval\/en\//, [404, { message: 'This approval link is not valid or has already been used.' }]]]);
    renderAt(<VisitApprovalPage />, `/visit-approval/${'t'.repeat(43)}`, '/visit-approval/:token');
    expect(await screen.findByTestId('approval-invalid')).toHaveTextContent('This approval link is not valid or has already been used.');
  });
});
