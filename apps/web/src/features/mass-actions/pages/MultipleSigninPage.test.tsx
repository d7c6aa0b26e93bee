import type { MassUser } from '@gatehouse/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../../test/render';
import MultipleSigninPage from './MultipleSigninPage';

const checks = { temperature_check: 0 as const, mask_check: 0 as const, host: 0 as const, allow_not_select_host: 1 as const, select_host_permitted: 1 as const, temperature_threshold: 37.5 };
const person = (over: Partial<MassUser>): MassUser => ({
  id: 1,
  full_name: '',
  is_all: 0,
  signedOut: 1,
  state: 'signed_out',
  next_action: 'in',
  user_type: { id: 2, name: 'Staff' },
  area: null,
  host: null,
  journey_flow_id: null,
  attendance_mode: null,
  reasons: [],
  checks,
  compliances: [],
  compliance_status: 'not_required',
  can_act: 1,
  blocked_reason: null,
  ...over,
});
const users = [
  person({ id: 0, full_name: 'All', is_all: 1 }),
  person({ id: 11, full_name: 'Ana Adams', checks: { ...checks, temperature_check: 1 }, compliance_status: 'did_not_pass', compliances: [{ id: 4, name: 'Health', isRequired: 1, status: 'failed' }] }),
  person({ id: 12, full_name: 'Ben Brown', state: 'signed_in', signedOut: 0, next_action: 'out', area: { id: 21, name: 'Gym' }, reasons: [{ id: 8, name: 'Doctor', presented: ['Doctor visit'], type: 'early_sign_out', attendance_code: null }] }),
  person({ id: 13, full_name: 'Cai Chen', can_act: 0, blocked_reason: "This person's attendance mode is outside your access." }),
];

describe('/multiple-signin', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    configure({ asyncUtilTimeout: 5000 });
  });
  beforeEach(() => setSession(testSession({ permissions: { dashboard: 1, users: 1 } }) as never));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the site with the All row, state and next action (rules 220, 224-225), blocked people with why (rule 226), and applies with answers', async () => {
    const fetchMock = answerByRoute(vi, {
      'GET /api/sites/normal/1': { data: [{ id: 5, name: 'Hill School' }], count: 1 },
      'POST /api/mass-action-signin': { data: [{ users, area: [{ id: 20, name: 'Hall' }, { id: 21, name: 'Gym' }], user_type: [{ id: 2, name: 'Staff' }], site: { id: 5, name: 'Hill School' } }] },
      'POST /api/mass-action-signin/errors': { data: [], count: 0 },
      'POST /api/mass-action-apply-signin': {
        data: { batch_id: '0b8f7a36-5f57-4c2e-9d1e-2f7f1f1a4a11', applied: [{ user_id: 11, action: 'in', scan_id: 90 }], skipped: [{ user_id: 12, full_name: 'Ben Brown', message: 'Choose a reason.' }] },
        message: '1 people updated, 1 skipped.',
      },
    });
    const user = userEvent.setup();
    renderAt(<MultipleSigninPage />, '/multiple-signin');
    // One site: chosen at once; the first area is where people sign in (and the data is asked with it, rule 228).
    expect(await screen.findByText('All (2 people you may sign in or out)')).toBeInTheDocument();
    await waitFor(() => expect(callsOf(fetchMock).filter((c) => c.path === '/api/mass-action-signin').at(-1)?.body).toEqual({ entity_id: 1, site_id: 5, area_id: 20 }));
    const ben = screen.getByTestId('mass-row-12');
    expect(within(ben).getByText('Signed in at Gym')).toBeInTheDocument();
    expect(within(ben).getByText('Signs out')).toBeInTheDocument();
    expect(within(screen.getByTestId('mass-row-11')).getByText("Didn't pass")).toBeInTheDocument();
    const cai = screen.getByTestId('mass-row-13');
    expect(within(cai).getByRole('checkbox')).toBeDisabled();
    expect(within(cai).getByText("This person's attendance mode is outside your access.")).toBeInTheDocument();

    // The All row chooses everyone the caller may act on, not Cai.
    await user.click(screen.getByRole('checkbox', { name: 'Choose everyone' }));
    expect(screen.getByRole('checkbox', { name: 'Choose Ana Adams' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Choose Cai Chen' })).not.toBeChecked();
    // Ana's sign-in asks a temperature: 99.5 F is 37.5 C, a failed check that needs notes of 20 characters.
    await user.click(screen.getByLabelText('Temperature'));
    await user.paste('99.5');
    await user.click(screen.getByRole('radio', { name: '°F' }));
    expect(await screen.findByText('A check fails: write at least 20 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply to 2' })).toBeDisabled();
    await user.click(screen.getByLabelText(/^Notes/));
    await user.paste('Checked again by the nurse: fine.');
    await user.click(screen.getByRole('button', { name: 'Apply to 2' }));
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(callsOf(fetchMock).find((c) => c.path === '/api/mass-action-apply-signin')?.body).toEqual({
        entity_id: 1,
        site_id: 5,
        area_id: 20,
        notes: 'Checked again by the nurse: fine.',
        users: [{ id: 11, temperature: '99.5 f' }, { id: 12 }],
      }),
    );
    // Rules 160-161: who was skipped and why; they stay chosen to answer and apply again.
    const skipped = await screen.findByTestId('mass-skipped');
    expect(skipped).toHaveTextContent('Ben Brown: Choose a reason.');
    expect(screen.getByRole('checkbox', { name: 'Choose Ben Brown' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Choose Ana Adams' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Early sign-out reason' })).toBeInTheDocument();
  });
});
