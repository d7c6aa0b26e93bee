import { notifications } from '@mantine/notifications';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../../test/render';
import ComplianceFormPage from './ComplianceFormPage';

const detail = {
  id: 4,
  entity_id: 1,
  name: 'Health questionnaire',
  version: 2,
  version_id: 9,
  questions: [{ id: 'q1', question: 'Do you have a fever?', desired_answer: 'negative' }],
  agreement_text: 'I will follow the instructions of school staff.',
  statement: 'My answers are true.',
  protocols: ['eu_dcc'],
  accept_negative_pcr: 1,
  pcr_valid_days: 3,
  asks_certificate: 1,
  created_at: '2026-01-05T09:00:00Z',
  updated_at: '2026-02-05T09:00:00Z',
  versions: [
    { version: 2, name: 'Health questionnaire', created_at: '2026-02-05T09:00:00Z', answers_count: 4 },
    { version: 1, name: 'Health check', created_at: '2026-01-05T09:00:00Z', answers_count: 12 },
  ],
};
const others = [{ path: '/compliances', element: <p>list</p> }];

describe('/compliance-new and /compliance/update/:id', { timeout: 60_000 }, () => {
  let toast: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    // Pages here load in a chain of calls; on a shared, loaded machine that takes longer than the 1 s default.
    configure({ asyncUtilTimeout: 5000 });
    await initI18n('en');
    setSession(testSession({ permissions: { compliances: 1 } }));
  });
  beforeEach(() => {
    toast = vi.spyOn(notifications, 'show');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('rules 207-209: every field says what is missing, on the field, and nothing is sent', async () => {
    const f = answerByRoute(vi, {});
    renderAt(<ComplianceFormPage />, '/compliance-new', '/compliance-new', others);
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'H' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The entry condition name must be at least 2 characters.')).toBeInTheDocument();
    const q1 = screen.getByTestId('question-1');
    expect(within(q1).getByText('Each question is required.')).toBeInTheDocument();
    expect(within(q1).getByText('Check the desired answer of each question.')).toBeInTheDocument();
    expect(screen.getByText('The agreement text is required.')).toBeInTheDocument();
    expect(screen.getByText('The statement is required.')).toBeInTheDocument();
    expect(screen.getByText('Select at least one protocol.')).toBeInTheDocument();
    expect(screen.getByText('PCR valid days are required.')).toBeInTheDocument();
    // Rule 209: the field keeps digits only, three at most.
    const days = screen.getByRole('textbox', { name: /PCR valid days/ });
    fireEvent.change(days, { target: { value: '1e000' } });
    expect(days).toHaveValue('100');
    expect(callsOf(f)).toHaveLength(0);
  });

  it('creates an entry condition with a question per desired answer (rule 205) and the toast of rule 215', async () => {
    const f = answerByRoute(vi, { 'POST /api/compliance': [201, { message: 'Compliance Added', data: detail }] });
    const { router } = renderAt(<ComplianceFormPage />, '/compliance-new', '/compliance-new', others);
    const user = userEvent.setup();
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'Sports day check' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Question 1/ }), { target: { value: 'Do you have a fever?' } });
    await user.click(within(screen.getByTestId('question-1')).getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Question 2/ }), { target: { value: 'Have you read the safeguarding leaflet?' } });
    await user.click(within(screen.getByTestId('question-2')).getByRole('radio', { name: 'Yes' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Agreement text/ }), { target: { value: 'I agree.' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Statement/ }), { target: { value: 'All true.' } });
    await user.click(screen.getByRole('checkbox', { name: 'SMART Health Card' }));
    fireEvent.change(screen.getByRole('textbox', { name: /PCR valid days/ }), { target: { value: '7' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/compliances'));
    expect(callsOf(f)[0][2]).toEqual({
      name: 'Sports day check',
      questions: [
        { question: 'Do you have a fever?', desired_answer: 'negative' },
        { question: 'Have you read the safeguarding leaflet?', desired_answer: 'positive' },
      ],
      agreement_text: 'I agree.',
      statement: 'All true.',
      protocols: ['smart_health_card'],
      accept_negative_pcr: 0,
      pcr_valid_days: 7,
      // Issue 15 parts 6-7: it asks a certificate; no translations were given.
      asks_certificate: true,
      name_i18n: {},
      agreement_text_i18n: {},
      statement_i18n: {},
    });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Compliance Added' }));
  });

  it('editing says which version is current, what each version kept, and saves the next version with the question ids kept', async () => {
    const f = answerByRoute(vi, { 'GET /api/compliance/4': { data: detail }, 'PUT /api/compliance/4': { message: 'Compliance Updated', data: { ...detail, version: 3 } } });
    const { router } = renderAt(<ComplianceFormPage />, '/compliance/update/4', '/compliance/update/:id', others);
    expect(await screen.findByTestId('current-version')).toHaveTextContent('Version 2 is current. Saving your changes creates version 3; answers already given keep the version they answered.');
    expect(screen.getByText('Version 2 (current)')).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /^Question 1/ }), { target: { value: 'Any fever today?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/compliances'));
    const put = callsOf(f).find(([m]) => m === 'PUT')!;
    expect(put[2]).toMatchObject({ questions: [{ id: 'q1', question: 'Any fever today?', desired_answer: 'negative' }], pcr_valid_days: 3, accept_negative_pcr: 1 });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Compliance Updated' }));
  });
});
