import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KioskFlow } from './api';
import { Arrival, type ArrivalAnswers } from './Arrival';
import { translator } from './i18n';

const flow: KioskFlow = {
  id: 11,
  name: 'Visitors',
  description: null,
  user_type: { id: 5, name: 'Visitor' },
  walk_in: 1,
  mandatory: [],
  host: { required: 1, allow_no_host: 0 },
  temperature_check: 1,
  mask_check: 0,
  print_badge: 1,
  photo: 0,
  custom_fields: [],
  compliance: { id: 31, name: 'Health questionnaire', questions: [{ id: 'fever', question: 'Do you have a fever?' }], agreement_text: 'I follow the rules.', statement: 'My answers are true.' },
};

afterEach(() => vi.unstubAllGlobals());

describe("a known person's arrival at the kiosk", () => {
  it('asks the checks, the host and the entry condition the server said are needed, then sends them at once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const data = url.includes('/conditions/') ? { passed: 1, notes_needed: 0 } : [{ id: 7, name: 'Hilda Hostwell' }];
        return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const done: ArrivalAnswers[] = [];
    render(<Arrival t={translator('en')} lang="en" unit="C" asks={{ temperature: true, mask: false, flow, host: true, compliance: true }} onDone={(a) => done.push(a)} onBack={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Before you sign in' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Temperature'), { target: { value: '36.6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('heading', { name: 'Who are you visiting?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText("Host's name"), { target: { value: 'hil' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Hilda Hostwell' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('heading', { name: 'Health questionnaire' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    fireEvent.click(screen.getByLabelText('My answers are true.'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // The answers are checked by the server first (rules 210-211), then everything goes at once.
    await waitFor(() => expect(done).toEqual([{ temperature: '36.6 c', host_user_id: 7, compliance: { answers: [{ question_id: 'fever', answer: 'negative' }], agreed: true } }]));
  });

  it('skips what is not asked; an optional host can be left out; in Arabic, in its own words', () => {
    const done: ArrivalAnswers[] = [];
    const optional = { ...flow, host: { required: 1 as const, allow_no_host: 1 as const } };
    render(<Arrival t={translator('ar')} lang="ar" unit="C" asks={{ temperature: false, mask: false, flow: optional, host: true, compliance: false }} onDone={(a) => done.push(a)} onBack={() => {}} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(translator('ar')('visitor.host_title'));
    fireEvent.click(screen.getByRole('button', { name: translator('ar')('visitor.sign_in') }));
    expect(done).toEqual([{}]);
  });
});

describe('the checks at the kiosk follow the journey', () => {
  it("hold the temperature to the journey's threshold, and a failed check asks its note at once (rule 212)", async () => {
    const done: ArrivalAnswers[] = [];
    const noFlow = { temperature: true, mask: true, flow: null, host: false, compliance: false };
    render(<Arrival t={translator('en')} lang="en" unit="C" threshold={38.2} asks={noFlow} onDone={(a) => done.push(a)} onBack={() => {}} />);
    fireEvent.change(screen.getByLabelText('Temperature'), { target: { value: '38.0' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.queryByTestId('check-notes')).toBeNull();
    fireEvent.change(screen.getByLabelText('Temperature'), { target: { value: '38.2' } });
    expect(screen.getByRole('alert')).toHaveTextContent('at or above 38.2 °C');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    fireEvent.change(screen.getByTestId('check-notes'), { target: { value: 'Ran from the car park, nurse re-tests.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(done).toEqual([{ temperature: '38.2 c', mask: true, notes: 'Ran from the car park, nurse re-tests.' }]));
  });
});
