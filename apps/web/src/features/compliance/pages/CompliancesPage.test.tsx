import { notifications } from '@mantine/notifications';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../../test/render';
import CompliancesPage from './CompliancesPage';

const condition = {
  id: 4,
  entity_id: 1,
  name: 'Health questionnaire',
  version: 2,
  version_id: 9,
  questions: [{ id: 'q1', question: 'Do you have a fever?', desired_answer: 'negative' }],
  agreement_text: 'I agree.',
  statement: 'True.',
  protocols: ['eu_dcc', 'nhs'],
  accept_negative_pcr: 1,
  pcr_valid_days: 3,
  created_at: '2026-01-05T09:00:00Z',
  updated_at: '2026-02-05T09:00:00Z',
};
const answer = {
  id: 31,
  user_id: 12,
  user_name: 'Ada Lovelace',
  compliance_id: 4,
  compliance_name: 'Health questionnaire',
  version: 1,
  visit_id: 40,
  scan_id: null,
  area_id: null,
  user_type_id: 3,
  answers: [{ question_id: 'q1', question: 'Do you have a fever?', answer: 'positive', desired_answer: 'negative', wrong: true }],
  notes: 'a cold',
  mask_failed: 0,
  temperature: null,
  temperature_failed: 0,
  isWrong: 1,
  isCompleted: 1,
  status: 'failed',
  source: 'online',
  created_at: '2026-02-06T08:10:00Z',
};
const pref = { data: { id: 1, employee_id: 5, entity_id: 1, page_url: '/compliances', table_head: null, url: null } };

describe('/compliances: entry conditions, answers and the trust list', { timeout: 60_000 }, () => {
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

  it('lists entry conditions with their current version and deletes one after a confirmation (rule 215)', async () => {
    const f = answerByRoute(vi, { 'GET /api/compliances/1': { data: [condition], count: 1 }, 'GET /api/adminPreference/1': pref, 'DELETE /api/compliance/4': { message: 'Compliance Deleted' } });
    renderAt(<CompliancesPage />, '/compliances');
    expect(await screen.findByText('Health questionnaire')).toBeInTheDocument();
    expect(screen.getByText('Version 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Health questionnaire' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete the entry condition Health questionnaire\?/)).toBeInTheDocument();
    expect(callsOf(f).filter(([m]) => m === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Compliance Deleted' })));
    expect(callsOf(f).filter(([m, p]) => m === 'DELETE' && p === '/api/compliance/4')).toHaveLength(1);
  });

  it("answers: a person's wrong answer, the version it answered and its notes; the link is sent again from there", async () => {
    const f = answerByRoute(vi, {
      'GET /api/compliances/1': { data: [condition], count: 1 },
      'GET /api/adminPreference/1': pref,
      'GET /api/compliance_users': { data: [answer], count: 1 },
      'GET /api/get_compliance_user': { data: [answer], count: 1, required: [{ id: 4, name: 'Health questionnaire', version: 2, frequency: 'daily', due: 1, last_passed_at: null }] },
      'POST /api/compliance-resent': { message: 'The entry conditions link has been sent again.', data: { visit_id: 40, expires_at: '2026-02-07T10:00:00Z' } },
    });
    renderAt(<CompliancesPage />, '/compliances?tab=answers');
    await userEvent.click(await screen.findByText('Ada Lovelace'));
    const dialog = await screen.findByRole('dialog');
    const card = await within(dialog).findByTestId('answer-31');
    expect(within(card).getByText('Did not pass')).toBeInTheDocument();
    expect(within(card).getByText('Version 1')).toBeInTheDocument();
    expect(within(card).getByLabelText('Wrong answer')).toBeInTheDocument();
    expect(within(card).getByText('a cold')).toBeInTheDocument();
    expect(within(dialog).getByText('Health questionnaire is due (daily).')).toBeInTheDocument();
    expect(callsOf(f).find(([, p]) => p === '/api/get_compliance_user')).toBeDefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'The entry conditions link has been sent again.' })));
    expect(callsOf(f).find(([m, p]) => m === 'POST' && p === '/api/compliance-resent')![2]).toEqual({ visit_id: 40 });
  });

  it('trust list: uploads a JWKS file as a SMART Health Card issuer, lists the keys and removes one after a confirmation', async () => {
    let keys = [{ id: 2, name: 'UK DCC signer', kind: 'pem', key_id: 'obLD1OX2Bxg=', created_at: '2026-01-05T09:00:00Z' }];
    const f = answerByRoute(vi, {
      'GET /api/compliance_trust_keys/1': () => [200, { data: keys, count: keys.length }],
      'POST /api/compliance_trust_key': (req) => {
        keys = [...keys, { id: 3, name: 'State health', kind: 'jwks', key_id: 'https://health.example.test', created_at: '2026-02-01T09:00:00Z' }];
        return [201, { message: 'Trusted key added.', data: keys[1], echo: req.body }];
      },
      'DELETE /api/compliance_trust_key/2': { message: 'Trusted key removed.' },
    });
    const view = renderAt(<CompliancesPage />, '/compliances?tab=trust');
    expect(await screen.findByText('UK DCC signer')).toBeInTheDocument();
    const jwks = JSON.stringify({ keys: [{ kty: 'EC', crv: 'P-256', x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU', y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0', kid: 'shc-1' }] });
    await userEvent.upload(view.container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement, new File([jwks], 'state-health.json', { type: 'application/json' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('state-health'));
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'State health' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Issuer URL/ }), { target: { value: 'https://health.example.test' } });
    await userEvent.click(screen.getByRole('button', { name: 'Upload key' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Trusted key added.' })));
    expect(callsOf(f).find(([m]) => m === 'POST')![2]).toEqual({ name: 'State health', kind: 'jwks', key_id: 'https://health.example.test', content: jwks });
    expect(await screen.findByText('State health')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove UK DCC signer' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Trusted key removed.' })));
    expect(callsOf(f).filter(([m, p]) => m === 'DELETE' && p === '/api/compliance_trust_key/2')).toHaveLength(1);
  });
});
