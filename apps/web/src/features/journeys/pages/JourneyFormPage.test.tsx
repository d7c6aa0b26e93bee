import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../../test/render';
import { ADMIN_PERMISSIONS, flowRow, journeyRow, optionRoutes } from '../test-data';
import JourneyFormPage from './JourneyFormPage';

const withFlows = (flows = [flowRow()]) => ({ data: { ...journeyRow(), flows } });

describe('/add-journey and /update/journey/:id', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    // Pages here load in a chain of calls; on a shared, loaded machine that takes longer than the 1 s default.
    configure({ asyncUtilTimeout: 5000 });
    await initI18n('en');
    setSession(testSession({ permissions: ADMIN_PERMISSIONS }));
  });
  let toast: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    toast = vi.spyOn(notifications, 'show');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  const toasted = (message: string) => waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message })));

  it('rule 196: the temperature threshold is asked only while the check is on, and is sent with it; rule 204 toast and the new journey opens', async () => {
    const f = answerByRoute(vi, { ...optionRoutes, 'POST /api/journey': [201, { message: 'Journey Created', data: journeyRow({ id: 9 }) }] } as never);
    const { router } = renderAt(<JourneyFormPage />, '/add-journey', '/add-journey', [{ path: '/update/journey/:id', element: <p>journey page</p> }]);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Sports day');
    expect(screen.queryByLabelText(/Temperature threshold/)).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Temperature check' }));
    const threshold = await screen.findByLabelText(/Temperature threshold/);
    expect(threshold).toHaveValue('37.5');
    await user.clear(threshold);
    await user.type(threshold, '38.2');
    await user.click(screen.getByRole('switch', { name: 'Print badge' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/update/journey/9'));
    const post = callsOf(f).find(([m, p]) => m === 'POST' && p === '/api/journey')!;
    expect(post[2]).toMatchObject({ name: 'Sports day', temperature_check: 1, temperature_threshold: 38.2, print_badge: 1, mask_check: 0, name_matching: 'quick', site_ids: [] });
    await toasted('Journey Created');
  });

  it('rule 201: a one-letter name is refused on the field without calling the server', async () => {
    const f = answerByRoute(vi, optionRoutes as never);
    renderAt(<JourneyFormPage />, '/add-journey', '/add-journey');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'S' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The journey name must be at least 2 characters.')).toBeInTheDocument();
    expect(callsOf(f).filter(([m]) => m === 'POST')).toHaveLength(0);
  });

  it('rule 202: removing a site asks validate-update-journey before saving, shows why it cannot go, and does not save', async () => {
    const message = 'The site Sports hall cannot be removed: the journey is assigned to its areas (Gym).';
    const f = answerByRoute(vi, {
      ...optionRoutes,
      'GET /api/get_journey_and_journey_flow/7': withFlows([]),
      'POST /api/validate-update-journey': { message, data: { can_update: 0, blocked_sites: [{ id: 2, name: 'Sports hall', reason: 'assigned_to_areas', areas: ['Gym'], message }] } },
      'POST /api/journey/7': { message: 'Journey Updated', data: journeyRow() },
    } as never);
    renderAt(<JourneyFormPage />, '/update/journey/7', '/update/journey/:id');
    const sites = await screen.findByRole('combobox', { name: 'Permitted sites' });
    fireEvent.keyDown(sites, { key: 'Backspace' });
    // Said at once as the list changes, and asked again on Save instead of saving.
    expect(await within(await screen.findByTestId('sites-blocked')).findByText(message)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsOf(f).filter(([m, p]) => m === 'POST' && p === '/api/validate-update-journey')).toHaveLength(2));
    expect(callsOf(f).find(([, p]) => p === '/api/validate-update-journey')![2]).toEqual({ journey_id: 7, site_ids: [1] });
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(callsOf(f).filter(([m, p]) => m === 'POST' && p === '/api/journey/7')).toHaveLength(0);
  });

  it('rule 202: when the sites may change the journey saves after the check, with its flows shown as steps', async () => {
    const f = answerByRoute(vi, {
      ...optionRoutes,
      'GET /api/get_journey_and_journey_flow/7': withFlows(),
      'POST /api/validate-update-journey': { message: 'The sites can be changed.', data: { can_update: 1, blocked_sites: [] } },
      'POST /api/journey/7': { message: 'Journey Updated', data: journeyRow() },
    } as never);
    renderAt(<JourneyFormPage />, '/update/journey/7', '/update/journey/:id');
    // The builder: the visitor meets the user type, QR input, the journey's temperature check and the flow's mask check, the entry condition, a host, outputs.
    expect(await screen.findByTestId('step-11-user_type')).toHaveTextContent('Visitor');
    expect(screen.getByTestId('step-11-input_method')).toHaveTextContent('QR code');
    expect(screen.getByTestId('step-11-checks')).toHaveTextContent('Temperature above 37.8 °C fails, Mask check');
    expect(screen.getByTestId('step-11-compliance')).toHaveTextContent('Health questionnaire · Daily');
    expect(screen.getByTestId('step-11-host')).toHaveTextContent('Required');
    expect(screen.getByTestId('step-11-output')).toHaveTextContent('Print badge, Door relay');
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Permitted sites' }), { key: 'Backspace' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await toasted('Journey Updated');
    const calls = callsOf(f).filter(([m]) => m === 'POST');
    expect(calls.map(([, p]) => p).slice(-2)).toEqual(['/api/validate-update-journey', '/api/journey/7']);
    expect(calls.at(-1)![2]).toMatchObject({ site_ids: [1], temperature_check: 1, temperature_threshold: 37.8 });
  });

  it('deletes a flow from the builder after a confirmation (rule 204)', async () => {
    const f = answerByRoute(vi, { ...optionRoutes, 'GET /api/get_journey_and_journey_flow/7': withFlows(), 'DELETE /api/journey_flow/11': { message: 'Journey Flow Deleted' } } as never);
    renderAt(<JourneyFormPage />, '/update/journey/7', '/update/journey/:id');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Visitors' }));
    expect(callsOf(f).filter(([m]) => m === 'DELETE')).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await toasted('Journey Flow Deleted');
    expect(callsOf(f).filter(([m, p]) => m === 'DELETE' && p === '/api/journey_flow/11')).toHaveLength(1);
  });
});
