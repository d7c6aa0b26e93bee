import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KIOSK_CONFIG_KEY, KIOSK_LANG_KEY, KIOSK_TOKEN_KEY } from '../lib/storage-keys';
import type { KioskConfig } from './api';
import { KioskApp } from './App';
import { MemoryQueueStorage } from './offline-queue';

/** The socket connection is the commands module's: here its events are captured and raised by the test. */
const socket = vi.hoisted(() => ({ onConfigChanged: undefined as undefined | ((reason: string) => void) }));
vi.mock('./commands', () => ({
  connectCommands: (_token: string, _handlers: unknown, events: { onConfigChanged?: (reason: string) => void }) => {
    socket.onConfigChanged = events.onConfigChanged;
    return () => undefined;
  },
}));

const config: KioskConfig = {
  kiosk: { id: 1, name: 'Front desk' },
  entity: { id: 1, name: 'Northfield Academy', logo: null },
  site: { id: 2, name: 'Main Campus' },
  area: { id: 3, name: 'Main Reception' },
  journey_id: 4,
  settings: {},
  journey: { id: 4, name: 'Front door', instruction: null, name_matching: 'quick', print_badge: 0, temperature_check: 0, mask_check: 0, temperature_threshold: 37.5, flows: [] },
};
const identity = (over: Record<string, unknown> = {}) => ({ user_id: 8, name: 'Sam Quay', user_type: 'Staff', action: 'out', checks: { temperature: 0, mask: 0 }, journey_flow_id: null, host: 0, compliance: 0, ...over });
const scanResult = { action: 'out', scan: { id: 90, full_name: 'Sam Quay', user_id: 8, user_type: null, area: { name: 'Main Reception' }, at: '2030-01-01T08:40:00Z', late: 0, early: 0 }, replayed: 0 };

type Route = [RegExp, (body: Record<string, unknown>) => [number, unknown]];
function serve(routes: Route[]) {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      calls.push({ url, body });
      const hit = routes.find(([re]) => re.test(url));
      const [status, answer] = hit ? hit[1](body) : [404, { message: 'Not found.' }];
      return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}
const people = (quickPass: 0 | 1): Route => [/\/api\/kiosk-app\/people/, () => [200, { data: [{ id: 8, name: 'Sam Quay', user_type: 'Staff', quick_pass: quickPass }] }]];
const configRoute: Route = [/\/api\/kiosk-app\/config/, () => [200, { data: config }]];

/** A paired kiosk with its configuration cached, as it starts in the morning. */
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KIOSK_TOKEN_KEY, `ghk_${'t'.repeat(43)}`);
  localStorage.setItem(KIOSK_CONFIG_KEY, JSON.stringify(config));
});
afterEach(() => vi.unstubAllGlobals());

async function pickSam() {
  render(<KioskApp storage={new MemoryQueueStorage()} />);
  fireEvent.click(await screen.findByRole('button', { name: /Find my name/ }));
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'sam' } });
  fireEvent.click(await screen.findByRole('button', { name: /Sam Quay/ }));
}

describe('the kiosk app: a name picked never acts at once', () => {

  it('shows who and what it will do, and signs out only once the person confirms', async () => {
    const calls = serve([configRoute, people(0), [/identify/, () => [200, { data: identity() }]], [/scan/, () => [200, { data: scanResult, message: 'ok' }]]]);
    await pickSam();
    expect(await screen.findByTestId('confirm-name')).toHaveTextContent('Sam Quay');
    expect(screen.getByText('Sign out this person?')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/scan'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, sign me out' }));
    expect(await screen.findByText('Goodbye, Sam Quay!')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('/scan')).map((c) => c.body)).toEqual([expect.objectContaining({ user_id: 8, input_method: 'name' })]);
  });

  it('"Not me" goes back home without acting', async () => {
    const calls = serve([configRoute, people(0), [/identify/, () => [200, { data: identity() }]]]);
    await pickSam();
    fireEvent.click(await screen.findByRole('button', { name: 'Not me' }));
    expect(await screen.findByRole('button', { name: /Find my name/ })).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/scan'))).toBe(false);
  });

  it("where the person's flow asks it, their quick pass code is asked and checked by the server, then sent with the sign-in", async () => {
    const calls = serve([
      configRoute,
      people(1),
      [/identify/, (b) => (b.quick_pass === 'A1B2C3' ? [200, { data: identity() }] : [400, { message: 'x', errors: { quick_pass: ['This quick pass code is not right. Please try again.'] } }])],
      [/scan/, () => [200, { data: scanResult, message: 'ok' }]],
    ]);
    await pickSam();
    expect(await screen.findByText('To sign in or out by name, type your quick pass code.')).toBeInTheDocument();
    const field = screen.getByLabelText('Quick pass code');
    fireEvent.change(field, { target: { value: 'WRONG1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This quick pass code is not right.');
    fireEvent.change(field, { target: { value: 'A1B2C3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Goodbye, Sam Quay!')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('/scan')).map((c) => c.body)).toEqual([expect.objectContaining({ user_id: 8, quick_pass: 'A1B2C3' })]);
  });
});

describe('the kiosk app: live configuration and the server out of reach', () => {

  it('loads its configuration again when the server says it changed', async () => {
    let round = 0;
    const calls = serve([[/\/api\/kiosk-app\/config/, () => [200, { data: { ...config, area: { id: 3, name: round++ ? 'New Reception' : 'Main Reception' } } }]]]);
    render(<KioskApp storage={new MemoryQueueStorage()} />);
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/config'))).toHaveLength(1));
    socket.onConfigChanged?.('journey');
    expect(await screen.findByText(/New Reception/, {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('says clearly that the server cannot be reached and that sign-ins are kept', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    render(<KioskApp storage={new MemoryQueueStorage()} />);
    expect(await screen.findByTestId('offline-banner')).toHaveTextContent('The server cannot be reached. Sign-ins are kept on this kiosk and sent when it is back.');
  });
});

describe('the kiosk app: a walk-in that waits for approval (rule 155)', () => {
  const flow = {
    id: 11, name: 'Contractors', description: null, user_type: { id: 5, name: 'Contractor' }, walk_in: 1, mandatory: [], host: { required: 0, allow_no_host: 1 },
    temperature_check: 0, mask_check: 0, print_badge: 0, photo: 0, custom_fields: [], compliance: null,
  } as unknown as NonNullable<KioskConfig['journey']>['flows'][number];
  const walkInConfig: KioskConfig = { ...config, settings: { screen_timeout_seconds: 1 }, journey: { ...config.journey!, flows: [flow] } };
  const answers: Record<string, { message: string; title: string; text: string; home: RegExp }> = {
    en: { message: 'Thank you, you are registered.', title: 'Thank you, Carl: you are registered', text: "Your visit waits for your host's approval. Please wait at reception: you can sign in once it is approved.", home: /I'm visiting/ },
    es: { message: 'Gracias, ya está registrado.', title: 'Gracias, Carl: ya está registrado', text: 'Su visita espera la aprobación de su anfitrión. Espere en recepción: podrá registrar su entrada en cuanto la apruebe.', home: /Vengo de visita/ },
  };

  it.each(Object.keys(answers))('in %s: says the visit is registered and waits for the host, not the details step with a message; then goes home', async (lang) => {
    const a = answers[lang]!;
    localStorage.setItem(KIOSK_CONFIG_KEY, JSON.stringify(walkInConfig));
    localStorage.setItem(KIOSK_LANG_KEY, lang);
    const calls = serve([[/\/api\/kiosk-app\/config/, () => [200, { data: walkInConfig }]], [/\/api\/kiosk-app\/visitor/, () => [403, { message: a.message, code: 'walk_in_awaiting_approval' }]]]);
    render(<KioskApp storage={new MemoryQueueStorage()} />);
    fireEvent.click(await screen.findByRole('button', { name: a.home }));
    const inputs = screen.getAllByRole('textbox');
    fireEvent.change(inputs[0]!, { target: { value: 'Carl' } });
    fireEvent.change(inputs[1]!, { target: { value: 'Contractor' } });
    fireEvent.change(inputs[2]!, { target: { value: '07700900123' } });
    // Details, host (none needed), photo (no camera here): each step's primary button goes on.
    for (let step = 0; step < 3; step++) fireEvent.click((await screen.findAllByRole('button')).find((b) => b.className.includes('primary'))!);
    const awaiting = await screen.findByTestId('awaiting-approval');
    expect(calls.filter((c) => c.url.includes('/visitor'))).toHaveLength(1);
    expect(awaiting).toHaveTextContent(a.title);
    expect(screen.getByRole('status')).toHaveTextContent(a.text);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    // The kiosk's screen timeout (1 s here) takes it home.
    expect(await screen.findByRole('button', { name: a.home }, { timeout: 3000 })).toBeInTheDocument();
    // About 1.6 s alone (one of it the screen timeout): room for a shared machine.
  }, 15_000);
});
