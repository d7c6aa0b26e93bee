import type { MassUser } from '@gatehouse/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, pickOption, renderAt, testSession } from '../../../test/render';
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
/** Signs in or out with the button that names how many, then confirms in the dialog that shows the checks. */
async function apply(user: ReturnType<typeof userEvent.setup>, label: string, confirm = 'Sign them in') {
  await user.click(screen.getByRole('button', { name: label }));
  await user.click(await screen.findByRole('button', { name: confirm }));
}
/** The body the page sent to apply the mass action (the last one). */
const applied = (fetchMock: Parameters<typeof callsOf>[0]) => callsOf(fetchMock).filter((c) => c.path === '/api/mass-action-apply-signin').at(-1)?.body;

const users = [
  person({ id: 0, full_name: 'All', is_all: 1 }),
  person({ id: 11, full_name: 'Ana Adams', checks: { ...checks, temperature_check: 1 }, compliance_status: 'did_not_pass', compliances: [{ id: 4, name: 'Health', isRequired: 1, status: 'failed', form_metadata: null, notes: null }] }),
  person({ id: 12, full_name: 'Ben Brown', state: 'signed_in', signedOut: 0, next_action: 'out', area: { id: 21, name: 'Gym' }, reasons: [{ id: 8, name: 'Doctor', presented: ['Doctor visit'], type: 'early_sign_out', attendance_code: null }] }),
  person({ id: 13, full_name: 'Cai Chen', can_act: 0, blocked_reason: "This person's attendance mode is outside your access." }),
];

describe('/multiple-signin', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    configure({ asyncUtilTimeout: 5000 });
  });
  beforeEach(() => setSession(testSession({ permissions: { dashboard: 1, users: 1 } }) as never));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the site with the All row, state and next action (rules 220, 224-225), blocked people with why (rule 226); explicit Sign in and Sign out with the checks shown first (issue 15 part 5)', async () => {
    const fetchMock = answerByRoute(vi, {
      'GET /api/sites/normal/1': { data: [{ id: 5, name: 'Hill School' }], count: 1 },
      'POST /api/mass-action-signin': { data: [{ users, area: [{ id: 20, name: 'Hall' }, { id: 21, name: 'Gym' }], user_type: [{ id: 2, name: 'Staff' }], site: { id: 5, name: 'Hill School' }, capped: 0 }] },
      'POST /api/mass-action-signin/errors': { data: [], count: 0 },
      'POST /api/mass-action-apply-signin': (r) =>
        r.body.action === 'in'
          ? { data: { batch_id: '0b8f7a36-5f57-4c2e-9d1e-2f7f1f1a4a11', applied: [{ user_id: 11, action: 'in', scan_id: 90 }], skipped: [] }, message: '1 people updated, 0 skipped.' }
          : r.body.users[0].reason_id
            ? { data: { batch_id: '0b8f7a36-5f57-4c2e-9d1e-2f7f1f1a4a13', applied: [{ user_id: 12, action: 'out', scan_id: 92 }], skipped: [] }, message: '1 people updated, 0 skipped.' }
            : { data: { batch_id: '0b8f7a36-5f57-4c2e-9d1e-2f7f1f1a4a12', applied: [], skipped: [{ user_id: 12, full_name: 'Ben Brown', message: 'Choose a reason.' }] }, message: '0 people updated, 1 skipped.' },
    });
    const user = userEvent.setup();
    renderAt(<MultipleSigninPage />, '/multiple-signin');
    // One site: chosen at once; the first area is where people sign in (and the data is asked with it, rule 228).
    // The first render of the file loads the page's modules: slow on a busy machine.
    expect(await screen.findByText('All (2 people you may sign in or out)', {}, { timeout: 30_000 })).toBeInTheDocument();
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
    // Two explicit actions instead of one flip: Ana signs in, Ben signs out.
    expect(screen.getByText('2 chosen: 1 to sign in at Hall, 1 to sign out.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in (1)' })).toBeDisabled();
    await user.click(screen.getByLabelText(/^Notes/));
    await user.paste('Checked again by the nurse: fine.');
    // The checks are shown before applying.
    await user.click(screen.getByRole('button', { name: 'Sign in (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in 1 people?' });
    expect(within(dialog).getByTestId('mass-confirm')).toHaveTextContent('Temperature: 99.5 f');
    expect(within(dialog).getByText('Notes: Checked again by the nurse: fine.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sign them in' }));
    await waitFor(() =>
      expect(applied(fetchMock)).toEqual({ entity_id: 1, site_id: 5, area_id: 20, action: 'in', notes: 'Checked again by the nurse: fine.', users: [{ id: 11, temperature: '99.5 f' }] }),
    );
    // The result at the top; the one signed in is no longer chosen, Ben still is.
    expect(await screen.findByTestId('mass-result')).toHaveTextContent('1 signed in');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Choose Ana Adams' })).not.toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'Choose Ben Brown' })).toBeChecked();
    await apply(user, 'Sign out (1)', 'Sign them out');
    await waitFor(() => expect(applied(fetchMock)).toMatchObject({ action: 'out', users: [{ id: 12 }] }));
    // Rules 160-161: who was skipped and why, at the top; they stay chosen to answer and apply again.
    expect(await screen.findByTestId('mass-skipped')).toHaveTextContent('Ben Brown: Choose a reason.');
    expect(screen.getByTestId('mass-result')).toHaveTextContent('0 signed out');
    expect(screen.getByRole('checkbox', { name: 'Choose Ben Brown' })).toBeChecked();
    // One early reason for everyone reaches Ben as his mode names it.
    await pickOption(user, screen.getByRole('combobox', { name: 'One reason for everyone' }), 'Doctor');
    await user.click(screen.getByRole('button', { name: 'Sign out (1)' }));
    expect(await screen.findByText('Reason for everyone: Doctor')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign them out' }));
    await waitFor(() => expect(applied(fetchMock)).toMatchObject({ action: 'out', users: [{ id: 12, reason_id: 8 }] }));
    expect(await screen.findByText('1 signed out')).toBeInTheDocument();
  });

  it('issue 15 part 5: a list stopped at 1,000 people says so and how to reach the others', async () => {
    answerByRoute(vi, {
      'GET /api/sites/normal/1': { data: [{ id: 5, name: 'Hill School' }], count: 1 },
      'POST /api/mass-action-signin': { data: [{ users: [person({ id: 0, full_name: 'All', is_all: 1 }), person({ id: 100, full_name: 'Pupil One' })], area: [{ id: 20, name: 'Hall' }], user_type: [], site: { id: 5, name: 'Hill School' }, capped: 1 }] },
      'POST /api/mass-action-signin/errors': { data: [], count: 0 },
    });
    renderAt(<MultipleSigninPage />, '/multiple-signin');
    const note = await screen.findByTestId('mass-capped');
    expect(note).toHaveTextContent('Only the first 1,000 people are listed');
    expect(note).toHaveTextContent('Filter by user type or search for a name to reach the others.');
  });

  it('rules 210-211, 222-223: a due entry condition is answered in a dialog; the status follows the answers and they go with the sign-in', async () => {
    const form = {
      questions: [
        { id: 'fever', question: 'Do you have a fever?', desired_answer: 'negative' as const },
        { id: 'rules', question: 'Have you read the site rules?', desired_answer: 'positive' as const },
      ],
      agreement_text: 'Your answers are kept for 14 days.',
      statement: 'My answers are true.',
    };
    const dan = person({ id: 21, full_name: 'Dan Diaz', compliance_status: 'pending', compliances: [{ id: 4, name: 'Health', isRequired: 1, status: null, form_metadata: form, notes: null }] });
    const fetchMock = answerByRoute(vi, {
      'GET /api/sites/normal/1': { data: [{ id: 5, name: 'Hill School' }], count: 1 },
      'POST /api/mass-action-signin': { data: [{ users: [person({ id: 0, full_name: 'All', is_all: 1 }), dan, person({ id: 22, full_name: 'Eve Earl' })], area: [{ id: 20, name: 'Hall' }], user_type: [], site: { id: 5, name: 'Hill School' }, capped: 0 }] },
      'POST /api/mass-action-signin/errors': { data: [], count: 0 },
      'POST /api/mass-action-apply-signin': { data: { batch_id: '0b8f7a36-5f57-4c2e-9d1e-2f7f1f1a4a11', applied: [{ user_id: 21, action: 'in', scan_id: 91 }], skipped: [] }, message: '1 people updated, 0 skipped.' },
    });
    const user = userEvent.setup();
    renderAt(<MultipleSigninPage />, '/multiple-signin');
    const row = await screen.findByTestId('mass-row-21');
    expect(within(row).getByTestId('mass-status-21')).toHaveTextContent('Pending');
    expect(within(screen.getByTestId('mass-row-22')).queryByRole('button', { name: /Answer/ })).toBeNull();

    // Chosen but unanswered: the apply button is off and says what is missing.
    await user.click(screen.getByRole('checkbox', { name: 'Choose Dan Diaz' }));
    expect(screen.getByRole('button', { name: 'Sign in (1)' })).toBeDisabled();
    expect(screen.getByTestId('mass-missing')).toHaveTextContent('Dan Diaz: the entry condition “Health”.');

    await user.click(within(row).getByRole('button', { name: 'Answer “Health” for Dan Diaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Health — Dan Diaz' });
    expect(within(dialog).getByText('Your answers are kept for 14 days.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep the answers' }));
    expect(within(dialog).getAllByText('Answer this question.')).toHaveLength(2);
    expect(within(dialog).getByText('The person must agree to the statement.')).toBeInTheDocument();
    // All answers pass: passed.
    const fever = within(dialog).getByRole('radiogroup', { name: 'Do you have a fever?' });
    const rules = within(dialog).getByRole('radiogroup', { name: 'Have you read the site rules?' });
    await user.click(within(fever).getByRole('radio', { name: 'No' }));
    await user.click(within(rules).getByRole('radio', { name: 'Yes' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'My answers are true.' }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep the answers' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(row).getByTestId('mass-status-21')).toHaveTextContent('Passed');
    expect(screen.queryByTestId('mass-missing')).toBeNull();

    // A fever is not the answer that passes (rule 210): notes of 20 characters are needed, then it is completed.
    await user.click(within(row).getByRole('button', { name: 'Answer “Health” for Dan Diaz' }));
    const again = await screen.findByRole('dialog', { name: 'Health — Dan Diaz' });
    await user.click(within(within(again).getByRole('radiogroup', { name: 'Do you have a fever?' })).getByRole('radio', { name: 'Yes' }));
    expect(within(again).getByText('Not the answer that passes: explain in the notes.')).toBeInTheDocument();
    await user.click(within(again).getByLabelText(/^Notes/));
    await user.paste('Mild cold');
    expect(within(again).getByText('An answer does not pass: write at least 20 characters (9 so far).')).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Keep the answers' }));
    expect(screen.getByRole('dialog', { name: 'Health — Dan Diaz' })).toBeInTheDocument();
    await user.click(within(again).getByLabelText(/^Notes/));
    await user.paste(', 37.1 C checked by the nurse');
    await user.click(within(again).getByRole('button', { name: 'Keep the answers' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(row).getByTestId('mass-status-21')).toHaveTextContent('Completed');

    await apply(user, 'Sign in (1)');
    await waitFor(() =>
      expect(applied(fetchMock)).toEqual({
        entity_id: 1,
        site_id: 5,
        area_id: 20,
        action: 'in',
        notes: null,
        users: [
          {
            id: 21,
            compliance: { answers: [{ question_id: 'fever', answer: 'positive' }, { question_id: 'rules', answer: 'positive' }], agreed: true },
            notes: 'Mild cold, 37.1 C checked by the nurse',
          },
        ],
      }),
    );
  });
});
