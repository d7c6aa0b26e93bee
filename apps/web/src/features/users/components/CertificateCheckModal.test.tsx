import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, pickOption, renderAt, testSession } from '../../../test/render';
import { fullUser } from '../testing';
import { DocumentsPanel } from './DocumentsPanel';

const QR = 'HC1:6BFOXN%TS3DH0YOJ58S S-W5HDC *M0II5XHC9B5G2+$N IOP-IA%NFQGRJPC%OQHIZC4.OI1RM8ZA.A5:S9MKN4NN3F85QNCY0O%0VZ001HOC9JU0D0HT0HB2PL/IB*09B9LW4T*8+DCMH0LDK2%K:XFE70*LP$V25$0Q:J:4MO1P0%0L0HD+9E/HY+4J6TH48S%4K.GJ2PT3QY:GQ3TE2I+-CPHN6D7LLK*2HG%89UV-0LZ 2ZJJ524-LH/CJTK96L6SR9MU9DHGZ%P WUQRENS431T1XCNCF+47AY0-IFO0500TGPN8F5G.41Q2E4T8ALW.INSV$ 07UV5SR+BNQHNML7 /KD3TU 4V*CAT3ZGLQMI/XI%ZJNSBBXK2:UG%UJMI:TU+MMPZ5$/PMX19UE:-PSR3/$NU44CBE6DQ3D7B0FBOFX0DV2DGMB$YPF62I$60/F$Z2I6IFX21XNI-LM%3/DF/U6Z9FEOJVRLVW6K$UG+BKK57:1+D10%4K83F+1VWD1NE';
const check = (extra: Record<string, unknown> = {}) => ({
  message: 'Certificate checked and saved.',
  data: { id: 4, user_id: 7, protocol: 'eu_dcc', type: 'test', status: 'negative PCR', verified: 1, holder_name: 'Ada Lovelace', date_of_birth: '1990-12-10', date_taken: '2026-03-01', expiry_date: '2026-03-04', issuer: 'GB', created_at: '2026-03-01T10:00:00Z', ...extra },
});

describe('checking a certificate from a person’s records', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { users: 1, compliances: 1 } }) as never);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the pasted QR text with the chosen entry condition and shows trusted, status and dates', async () => {
    const f = answerByRoute(vi, {
      'GET /api/compliances/1': { data: [{ id: 12, name: 'Health questionnaire', version: 2 }], count: 1 },
      'POST /api/compliance_certificate': [201, check()],
    });
    renderAt(<DocumentsPanel user={fullUser() as never} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Check a certificate' }));
    const check_ = screen.getByRole('button', { name: 'Check' });
    expect(check_).toBeDisabled();
    // This browser (jsdom) has no QR reader: pasting is offered.
    expect(screen.getByText('This browser cannot read QR codes: paste the text of the QR code instead.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Scan with the camera' })).toBeNull();
    await user.click(screen.getByRole('textbox', { name: /Certificate QR text/ }));
    await user.paste(QR);
    await pickOption(user, screen.getByRole('combobox', { name: 'Entry condition (for PCR valid days)' }), 'Health questionnaire');
    await user.click(check_);
    const result = await screen.findByTestId('certificate-check-result');
    expect(result).toHaveTextContent('Certificate checked and saved.');
    expect(result).toHaveTextContent('Trusted issuer');
    expect(result).toHaveTextContent('Negative PCR');
    expect(result).toHaveTextContent('EU digital COVID certificate · Test');
    expect(result).toHaveTextContent('Taken on 2026-03-01 · Valid until 2026-03-04');
    const calls = f.mock.calls as unknown as [string, RequestInit][];
    const post = calls.find(([u, i]) => u === '/api/compliance_certificate' && i.method === 'POST')!;
    expect(JSON.parse(post[1].body as string)).toEqual({ user_id: fullUser().id, payload: QR, compliance_id: 12 });
  });

  it('says when the issuer is not trusted, and shows the unreadable-certificate message on the field', async () => {
    let n = 0;
    answerByRoute(vi, {
      'GET /api/compliances/1': { data: [], count: 0 },
      'POST /api/compliance_certificate': () =>
        n++ === 0
          ? [400, { message: 'The given data was invalid.', errors: { payload: ['The certificate could not be read.'] } }]
          : [201, { ...check({ verified: 0, status: 'unchecked' }), message: 'The certificate signature is not from a trusted issuer.' }],
    });
    renderAt(<DocumentsPanel user={fullUser() as never} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Check a certificate' }));
    await user.click(screen.getByRole('textbox', { name: /Certificate QR text/ }));
    await user.paste('HC1:NOT*A*CERTIFICATE');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('The certificate could not be read.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const result = await screen.findByTestId('certificate-check-result');
    expect(result).toHaveTextContent('The certificate signature is not from a trusted issuer.');
    expect(result).toHaveTextContent('Untrusted issuer');
    expect(result).toHaveTextContent('Unchecked');
    await waitFor(() => expect(screen.queryByText('The certificate could not be read.')).toBeNull());
  });
});
