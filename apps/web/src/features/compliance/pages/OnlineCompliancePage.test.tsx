import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { answerWith, renderAt } from '../../../test/render';
import OnlineCompliancePage from './OnlineCompliancePage';

const CODE = 'k3nV0xq8Yb7Zr2Lm5Pw9Tf4Hs6Jd1Ga0Qe8Uc3Ni7Ro';
const page = {
  data: {
    is_expired: 0,
    reason: null,
    message: null,
    visitId: 7,
    expectedDateTime: null,
    user: { first_name: 'Ada', last_name: 'Lovelace' },
    entity: { name: 'Northfield Academy', logo: null },
    compliances: [{ id: 3, name: 'Health questionnaire', version: 2, questions: [{ id: 'q1', question: 'Do you have a fever?' }], agreement_text: 'I agree.', statement: 'All true.', protocols: ['eu_dcc'] }],
  },
};

describe('OnlineCompliancePage', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the answers with the link code and shows the failure and the notes rule (rules 210-211)', async () => {
    const notesRule = 'Notes must be at least 20 characters when the entry conditions fail.';
    const f = answerWith(vi, [200, page], [201, { message: notesRule, data: { status: 'failed', isWrong: 1, reason: notesRule } }]);
    renderAt(<OnlineCompliancePage />, `/online-compliance/${CODE}`, '/online-compliance/:id');
    const user = userEvent.setup();
    expect(await screen.findByText('Hello Ada, please answer these questions before your visit.')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByRole('textbox', { name: /Notes/ }), 'a cold');
    // The statement must be agreed to before sending.
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'All true. — I agree' }));
    await user.click(send);
    expect(await screen.findByText(notesRule)).toBeInTheDocument();
    expect(screen.getByText('6 / 20 characters')).toBeInTheDocument();
    const [url, init] = f.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/create_online_compliance_user');
    expect(JSON.parse(init.body as string)).toEqual({ visitCode: CODE, compliances: [{ complianceId: 3, answer: [{ question_id: 'q1', answer: 'positive' }] }], notes: 'a cold' });
  });

  it('shows why an expired link cannot be used (rule 148)', async () => {
    const message = 'Your compliance link has expired because you missed your appointment. Please contact the system admin for further details.';
    answerWith(vi, [200, { data: { ...page.data, is_expired: 1, reason: 'VISIT_EXPIRED', message, compliances: [] } }]);
    renderAt(<OnlineCompliancePage />, `/online-compliance/${CODE}`, '/online-compliance/:id');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });
});
