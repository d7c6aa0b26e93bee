import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { answerByRoute, answerWith, renderAt } from '../../../test/render';
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
    compliances: [{ id: 3, name: 'Health questionnaire', version: 2, questions: [{ id: 'q1', question: 'Do you have a fever?' }], agreement_text: 'I agree.', statement: 'All true.', protocols: ['eu_dcc', 'nys_excelsior'], accept_negative_pcr: 1, pcr_valid_days: 3 }],
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
    expect(JSON.parse(init.body as string)).toEqual({ visitCode: CODE, compliances: [{ complianceId: 3, answer: [{ question_id: 'q1', answer: 'positive' }] }], notes: 'a cold', certificate: null });
  });

  it('shows why an expired link cannot be used (rule 148)', async () => {
    const message = 'Your compliance link has expired because you missed your appointment. Please contact the system admin for further details.';
    answerWith(vi, [200, { data: { ...page.data, is_expired: 1, reason: 'VISIT_EXPIRED', message, compliances: [] } }]);
    renderAt(<OnlineCompliancePage />, `/online-compliance/${CODE}`, '/online-compliance/:id');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  const QR = 'HC1:6BFOXN%TS3DH0YOJ58S S-W5HDC *M0II5XHC9B5G2+$N IOP-IA%NFQGRJPC%OQHIZC4.OI1RM8ZA.A5:S9MKN4NN3F85QNCY0O%0VZ001HOC9JU0D0HT0HB2PL';
  const accepted = { protocol: 'eu_dcc', type: 'test', status: 'negative PCR', verified: 1, accepted: 1, message: 'Your certificate was checked and accepted.', date_taken: '2026-03-01', expiry_date: '2026-03-04' };
  const answerQuestion = async (user: ReturnType<typeof userEvent.setup>) => {
    await screen.findByText('Certificate (optional)');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('checkbox', { name: 'All true. — I agree' }));
  };

  it('offers the readable protocols and negative PCR days, sends the pasted certificate and shows it was accepted', async () => {
    const f = answerByRoute(vi, {
      'GET /api/get_online_compliance_user': page,
      'POST /api/create_online_compliance_user': [201, { message: 'Entry conditions saved.', data: { status: 'success', isWrong: 0, reason: null, certificate: accepted } }],
    });
    renderAt(<OnlineCompliancePage />, `/online-compliance/${CODE}`, '/online-compliance/:id');
    const user = userEvent.setup();
    await answerQuestion(user);
    // The original Excelsior Pass has its own format: only the EU certificate is offered.
    expect(screen.getByText(/You can show a COVID certificate now: EU digital COVID certificate\. A negative test taken in the last 3 days is accepted\./)).toBeInTheDocument();
    // jsdom has no QR reader: the visitor pastes the text.
    expect(screen.getByText('This browser cannot read QR codes: paste the text of the QR code instead.')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: /Certificate QR text/ }));
    await user.paste(QR);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Entry conditions saved.')).toBeInTheDocument();
    const result = screen.getByTestId('online-certificate-result');
    expect(result).toHaveTextContent('Your certificate was checked and accepted.');
    expect(result).toHaveTextContent('Trusted issuer');
    expect(result).toHaveTextContent('Negative PCR');
    expect(result).toHaveTextContent('Taken on 2026-03-01 · Valid until 2026-03-04');
    const calls = f.mock.calls as unknown as [string, RequestInit][];
    const post = calls.find(([u]) => u === '/api/create_online_compliance_user')!;
    expect(JSON.parse(post[1].body as string)).toMatchObject({ certificate: QR, notes: null });
  });

  it('shows why a certificate is refused without the notes hint, and an unreadable one on its field (Spanish)', async () => {
    await initI18n('es');
    const refusal = 'Las condiciones de entrada no aceptan una prueba negativa: se necesita un certificado de vacunación.';
    let n = 0;
    answerByRoute(vi, {
      'GET /api/get_online_compliance_user': { data: { ...page.data, compliances: [{ ...page.data.compliances[0], accept_negative_pcr: 0 }] } },
      'POST /api/create_online_compliance_user': () =>
        n++ === 0
          ? [400, { message: 'Los datos no son válidos.', errors: { certificate: ['No se ha podido leer el certificado.'] } }]
          : [201, { message: refusal, data: { status: 'failed', isWrong: 0, reason: refusal, certificate: { ...accepted, accepted: 0, message: refusal } } }],
    });
    try {
      renderAt(<OnlineCompliancePage />, `/online-compliance/${CODE}`, '/online-compliance/:id');
      const user = userEvent.setup();
      await screen.findByText('Certificado (opcional)');
      expect(screen.getByText(/Solo se aceptan certificados de vacunación, no resultados de pruebas\./)).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'No' }));
      await user.click(screen.getByRole('checkbox', { name: /All true\./ }));
      await user.click(screen.getByRole('textbox', { name: /Texto del código QR/ }));
      await user.paste('HC1:garbage-text');
      await user.click(screen.getByRole('button', { name: 'Enviar' }));
      expect(await screen.findByText('No se ha podido leer el certificado.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Enviar' }));
      expect(await screen.findByTestId('online-certificate-result')).toHaveTextContent(refusal);
      expect(screen.getByTestId('online-compliance-result')).toHaveTextContent(refusal);
      expect(screen.queryByText(/Explica tus respuestas en las notas/)).toBeNull();
      expect(screen.queryByText('No se ha podido leer el certificado.')).toBeNull();
    } finally {
      await initI18n('en');
    }
  });

  it('reads the QR code from an uploaded picture where the browser has a QR reader', async () => {
    const detect = vi.fn(async () => [{ rawValue: QR }]);
    vi.stubGlobal('BarcodeDetector', class { detect = detect; });
    vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ close: () => {} })));
    answerByRoute(vi, { 'GET /api/get_online_compliance_user': page });
    renderAt(<OnlineCompliancePage />, `/online-compliance/${CODE}`, '/online-compliance/:id');
    const user = userEvent.setup();
    await screen.findByText('Certificate (optional)');
    expect(screen.queryByText('This browser cannot read QR codes: paste the text of the QR code instead.')).toBeNull();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(64)], 'pass.png', { type: 'image/png' }));
    expect(await screen.findByText('QR code read.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Certificate QR text/ })).toHaveValue(QR);
    expect(detect).toHaveBeenCalledTimes(1);
    detect.mockResolvedValueOnce([]);
    await user.upload(input, new File([new Uint8Array(64)], 'blank.png', { type: 'image/png' }));
    expect(await screen.findByText('No QR code was found in this picture.')).toBeInTheDocument();
  });
});
