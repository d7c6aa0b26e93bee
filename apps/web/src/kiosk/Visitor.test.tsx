import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KioskJourney } from './api';
import { translator } from './i18n';
import { detailProblems, stepOfField, Visitor, type VisitorBody } from './Visitor';

const flow: KioskJourney['flows'][number] = {
  id: 11,
  name: 'Visitors',
  description: 'Parents and guests',
  user_type: { id: 5, name: 'Visitor' },
  walk_in: 1,
  mandatory: ['email'],
  host: { required: 1, allow_no_host: 0 },
  temperature_check: 1,
  mask_check: 0,
  print_badge: 1,
  photo: 0,
  custom_fields: [{ id: 21, name: 'Purpose of visit', type: 'radio', display: null, options: ['Meeting', 'Delivery'], required: 1 }],
  compliance: { id: 31, name: 'Health questionnaire', questions: [{ id: 'fever', question: 'Do you have a fever?' }], agreement_text: 'I follow the rules.', statement: 'My answers are true.' },
};
const journey: KioskJourney = { id: 1, name: 'Reception', instruction: null, name_matching: 'quick', print_badge: 1, temperature_check: 1, mask_check: 0, temperature_threshold: 37.5, flows: [flow, { ...flow, id: 12, walk_in: 0, user_type: { id: 6, name: 'Pupil' } }] };

afterEach(() => vi.unstubAllGlobals());

/** The hosts search finds Hilda; the entry-condition check answers `conditions` (and records what it was sent). */
function answer(conditions: { passed: 0 | 1; notes_needed: 0 | 1 } | ((body: { notes?: string }) => { passed: 0 | 1; notes_needed: 0 | 1 })) {
  const checked: { notes?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body ?? '{}')) as { notes?: string };
      if (url.includes('/conditions/')) checked.push(body);
      const data = url.includes('/conditions/') ? (typeof conditions === 'function' ? conditions(body) : conditions) : [{ id: 7, name: 'Hilda Hostwell' }];
      return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return checked;
}

describe('walk-in visitor', () => {
  it('checks the details as rules 169-171 say, with the user type’s mandatory e-mail', () => {
    expect(detailProblems({ first_name: 'W', last_name: 'Walker', phone: '07-700', email: '', company_name: '', id_number: '' }, flow)).toEqual({
      first_name: 'visitor.name_min',
      phone: 'visitor.phone_digits',
      email: 'visitor.required',
    });
    expect(detailProblems({ first_name: 'Wanda', last_name: 'Walker', phone: '07700900123', email: 'w@x.example', company_name: '', id_number: '' }, flow)).toEqual({});
    expect(stepOfField('custom_fields.21')).toBe('fields');
    expect(stepOfField('compliance.agreed')).toBe('conditions');
    expect(stepOfField('host_user_id')).toBe('host');
    expect(stepOfField('temperature')).toBe('checks');
  });

  it('goes through details, host, fields, entry condition, photo (no camera) and checks, then sends one body; a refusal returns to its step in the kiosk’s language', async () => {
    answer({ passed: 1, notes_needed: 0 });
    const sent: VisitorBody[] = [];
    const onSubmit = vi.fn(async (body: VisitorBody) => {
      sent.push(body);
      return sent.length === 1 ? { step: 'host' as const, message: 'Esta persona no puede elegirse como anfitrión.' } : undefined;
    });
    render(<Visitor t={translator('en')} lang="es" journey={journey} unit="C" onSubmit={onSubmit} onBack={() => {}} />);
    // Only the flow that takes walk-ins is offered, so the details come first.
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Wanda' } });
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Walker' } });
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: 'call me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Digits only, at most 20.')).toBeInTheDocument();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: '07700900123' } });
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'wanda@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('heading', { name: 'Who are you visiting?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText("Host's name"), { target: { value: 'hil' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Hilda Hostwell' }));
    expect(screen.getByTestId('host-picked')).toHaveTextContent('Hilda Hostwell');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Meeting' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('heading', { name: 'Health questionnaire' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    fireEvent.click(screen.getByLabelText('My answers are true.'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    // No camera in the test browser: the visitor continues without a photo.
    expect(await screen.findByText('No camera here: continue without a photo.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    fireEvent.change(screen.getByLabelText('Temperature'), { target: { value: 'hot' } });
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Temperature'), { target: { value: '36.6' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));

    expect(sent[0]).toEqual({
      journey_flow_id: 11,
      first_name: 'Wanda',
      last_name: 'Walker',
      phone: '07700900123',
      email: 'wanda@example.test',
      host_user_id: 7,
      custom_fields: [{ custom_field_id: 21, value: 'Meeting' }],
      compliance: { answers: [{ question_id: 'fever', answer: 'negative' }], agreed: true },
      temperature: '36.6 c',
      lang: 'es',
    });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Esta persona no puede elegirse como anfitrión.'));
    expect(screen.getByRole('heading', { name: 'Who are you visiting?' })).toBeInTheDocument();
  });

  it('a wrong entry answer asks for its note at once, before the photo; the note goes with the registration', async () => {
    const checked = answer((body) => ((body.notes ?? '').length >= 20 ? { passed: 1, notes_needed: 1 } : { passed: 0, notes_needed: 1 }));
    const onSubmit = vi.fn(async () => undefined);
    const noHost = { ...flow, host: { required: 0 as const, allow_no_host: 1 as const }, custom_fields: [], temperature_check: 0 as const };
    render(<Visitor t={translator('en')} lang="en" journey={{ ...journey, flows: [noHost] }} unit="C" onSubmit={onSubmit} onBack={() => {}} />);
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Wanda' } });
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Walker' } });
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: '07700900123' } });
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'wanda@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('heading', { name: 'Health questionnaire' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    fireEvent.click(screen.getByLabelText('My answers are true.'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('One of your answers needs a note of at least 20 characters for reception.');
    expect(screen.getByRole('heading', { name: 'Health questionnaire' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Anything to add/), { target: { value: 'Hay fever, seen by the nurse.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('No camera here: continue without a photo.')).toBeInTheDocument();
    expect(checked.map((c) => c.notes)).toEqual([undefined, 'Hay fever, seen by the nurse.']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ notes: 'Hay fever, seen by the nurse.', compliance: { answers: [{ question_id: 'fever', answer: 'positive' }], agreed: true } }));
  });
});
