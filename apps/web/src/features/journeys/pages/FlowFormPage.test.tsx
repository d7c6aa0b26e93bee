import { notifications } from '@mantine/notifications';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../../test/render';
import { ADMIN_PERMISSIONS, flowRow, journeyRow, optionRoutes } from '../test-data';
import FlowFormPage from './FlowFormPage';

const journey = { data: { ...journeyRow(), flows: [flowRow()] } };
const freeTypes = (notRequiredTaken: 0 | 1) => ({
  data: {
    not_required_taken: notRequiredTaken,
    user_types: [
      { id: 3, name: 'Visitor', registration_method: 'approval_required', used: 1 },
      { id: 5, name: 'Staff', registration_method: 'not_required', used: 0 },
      { id: 6, name: 'Contractor', registration_method: 'pre_registered_only', used: 0 },
    ],
    available_user_types: [
      { id: 5, name: 'Staff', registration_method: 'not_required' },
      { id: 6, name: 'Contractor', registration_method: 'pre_registered_only' },
    ],
  },
});
const others = [{ path: '/update/journey/:id', element: <p>journey page</p> }];

describe('/add/journey/flow/:id and /update/journey/flow/:id', { timeout: 60_000 }, () => {
  let toast: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    // Pages here load in a chain of calls; on a shared, loaded machine that takes longer than the 1 s default.
    configure({ asyncUtilTimeout: 5000 });
    await initI18n('en');
    setSession(testSession({ permissions: ADMIN_PERMISSIONS }));
  });
  beforeEach(() => {
    toast = vi.spyOn(notifications, 'show');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("rule 192: offers each free user type with its registration method, and no second 'registration not required' one", async () => {
    answerByRoute(vi, { ...optionRoutes, 'GET /api/get_journey_and_journey_flow/7': journey, 'GET /api/journey_flow_and_check_user_type_by_joruney/7': freeTypes(1) } as never);
    renderAt(<FlowFormPage />, '/add/journey/flow/7', '/add/journey/flow/:id', others);
    await screen.findByRole('combobox', { name: /^User type/ });
    expect(await screen.findByText("This journey already has a 'registration not required' user type; another one cannot be added.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: /^User type/ }));
    const staff = await screen.findByRole('option', { name: 'Staff · Registration not required', hidden: true });
    expect(staff).toHaveAttribute('data-combobox-disabled', 'true');
    expect(screen.getByRole('option', { name: 'Contractor · Pre-registered only', hidden: true })).not.toHaveAttribute('data-combobox-disabled');
    expect(screen.queryByRole('option', { name: /^Visitor/, hidden: true })).toBeNull();
  });

  it('rules 199, 200 and 213 on the fields; then saves with booleans as 1/0 and goes back to the journey (rule 297)', async () => {
    const f = answerByRoute(vi, {
      ...optionRoutes,
      'GET /api/get_journey_and_journey_flow/7': journey,
      'GET /api/journey_flow_and_check_user_type_by_joruney/7': freeTypes(0),
      'POST /api/journey_flow/7': [201, { message: 'Journey Flow Created', data: flowRow({ id: 12 }) }],
    } as never);
    const { router } = renderAt(<FlowFormPage />, '/add/journey/flow/7', '/add/journey/flow/:id', others);
    const user = userEvent.setup();
    fireEvent.change(await screen.findByRole('textbox', { name: /^Flow name/ }), { target: { value: 'Contractors' } });
    await user.click(screen.getByRole('combobox', { name: /^User type/ }));
    await user.click(await screen.findByRole('option', { name: 'Contractor · Pre-registered only', hidden: true }));
    // The lead and reminder are asked only with an entry condition.
    expect(screen.queryByRole('textbox', { name: /Send before the visit/ })).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Entry condition' }));
    await user.click(await screen.findByRole('option', { name: 'Health questionnaire', hidden: true }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Send before the visit/ }), { target: { value: '4' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Reminder interval/ }), { target: { value: '20' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Notification e-mails/ }), { target: { value: 'office@northfield.test, head@northfield.test' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Compliance cannot be sent sooner than 5 minutes before the visit.')).toBeInTheDocument();
    expect(screen.getByText('The reminder interval must be at least 30 minutes.')).toBeInTheDocument();
    expect(screen.getByText('Enter e-mail addresses separated by commas, without spaces.')).toBeInTheDocument();
    expect(callsOf(f).filter(([m]) => m === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /Send before the visit/ }), { target: { value: '5' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Reminder interval/ }), { target: { value: '30' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Notification e-mails/ }), { target: { value: 'office@northfield.test,head@northfield.test' } });
    await user.click(screen.getByRole('combobox', { name: 'Frequency' }));
    await user.click(await screen.findByRole('option', { name: 'Valid until expiry', hidden: true }));
    await user.click(screen.getByRole('switch', { name: /^Ask for a host/ }));
    await user.click(await screen.findByRole('switch', { name: 'Allow continuing without a host' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/update/journey/7'));
    const [, , body] = callsOf(f).find(([m, p]) => m === 'POST' && p === '/api/journey_flow/7')!;
    expect(body).toMatchObject({
      name: 'Contractors',
      user_type_id: 6,
      compliance_id: 4,
      compliance_frequency: 'valid till expiry',
      send_before_visit: 5,
      reminder_interval: 30,
      host: 1,
      allow_no_host: 1,
      print_badge: 0,
      notification_emails: 'office@northfield.test,head@northfield.test',
      auto_close_visits: 0,
    });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Journey Flow Created' }));
  });

  it('rule 154: a change that strands signed-in people names them, and saving closes their visits only when confirmed', async () => {
    const f = answerByRoute(vi, {
      ...optionRoutes,
      'GET /api/journey_flow/11': { data: flowRow() },
      'GET /api/get_journey_and_journey_flow/7': journey,
      'GET /api/journey_flow_and_check_user_type_by_joruney/7': freeTypes(0),
      'GET /api/hosts/7/3': { hosts: [{ id: 21, full_name: 'Grace Hopper', email: 'grace@northfield.test', user_type_id: 5 }], note: 'Please choose a host.', allow_no_host: 0, host_required: 1 },
      'POST /api/validate-update-journey-flow': {
        message: '2 signed-in people use this flow. Saving will close their visits.',
        data: { signed_in_count: 2, users: [{ id: 1, full_name: 'Ada Lovelace' }, { id: 2, full_name: 'Alan Turing' }], will_close: 1 },
      },
      'PUT /api/journey_flow/11': { message: 'Journey Flow Updated', data: flowRow(), closed_visits: 2 },
    } as never);
    const { router } = renderAt(<FlowFormPage />, '/update/journey/flow/11', '/update/journey/flow/:id', others);
    const user = userEvent.setup();
    // The host options the saved flow offers (rule 203).
    expect(await within(await screen.findByTestId('host-preview')).findByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('Please choose a host.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Input method' }));
    await user.click(await screen.findByRole('option', { name: 'RFID card', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2 signed-in people use this flow. Saving will close their visits.')).toBeInTheDocument();
    expect(within(dialog).getByText('Alan Turing')).toBeInTheDocument();
    expect(callsOf(f).filter(([m]) => m === 'PUT')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save and close their visits (2)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/update/journey/7'));
    const [, , body] = callsOf(f).find(([m]) => m === 'PUT')!;
    expect(body).toMatchObject({ input_method: 'rfid', auto_close_visits: 1 });
    expect(callsOf(f).find(([, p]) => p === '/api/validate-update-journey-flow')![2]).toMatchObject({ journey_flow_id: 11, input_method: 'rfid' });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Visits closed automatically: 2' }));
  });
});
