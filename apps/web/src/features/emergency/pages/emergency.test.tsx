import 'fake-indexeddb/auto';
import type { EmergencyListResponse, EmergencyPerson, EmergencySession } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeHandlers } from '../../../lib/realtime';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, pickOption, renderAt, testSession } from '../../../test/render';
import EmergencyListPage from './EmergencyListPage';
import EmergencySessionPage from './EmergencySessionPage';
import EmergencySessionsPage from './EmergencySessionsPage';

// The socket is replaced by the handlers the page registers: the test plays the server's live events.
const live: { handlers: RealtimeHandlers | null } = { handlers: null };
vi.mock('../../../lib/realtime', () => ({
  connectRealtime: (_token: string, _entity: number, handlers: RealtimeHandlers) => {
    live.handlers = handlers;
    return () => undefined;
  },
}));

const MIN = 60_000;
const startedAt = new Date(Date.now() - 5 * MIN).toISOString();
const counts = { total: 3, on_site: 3, left: 0, unaccounted: 3, safe: 0, needs_help: 0, not_on_site: 0 };
const sessionRow = (id: number, over: Partial<EmergencySession> = {}): EmergencySession => ({
  id,
  name: `Fire drill ${id}`,
  status: 'started',
  drill: 1,
  start_method: 'manual',
  started_at: startedAt,
  ended_at: null,
  started_by_name: 'Amelia Johnson',
  ended_by_name: null,
  start_kiosk_id: null,
  all_accounted_at: null,
  accounted_after_seconds: null,
  sites: [{ id: 7, name: 'North School' }],
  counts,
  ...over,
});
const person = (userId: number, first: string, over: Partial<EmergencyPerson> = {}): EmergencyPerson => ({
  session_id: 40,
  user_id: userId,
  first_name: first,
  last_name: 'Pupil',
  user_type: 'Pupil',
  user_type_id: 3,
  site_id: 7,
  site_name: 'North School',
  area_id: 2,
  area_name: 'Hall',
  host_name: null,
  presence: 'on_site',
  joined_at: null,
  left_at: null,
  status: 'unaccounted',
  status_at: null,
  status_by_name: null,
  status_source: null,
  muster_point_id: null,
  muster_point_name: null,
  ...over,
});
const people = () => [person(101, 'Aisha'), person(102, 'Ben'), person(103, 'Chloe')];
const listOf = (data: EmergencyPerson[]): EmergencyListResponse => ({ data, count: data.length, sessions: [sessionRow(40)], muster_points: [], generated_at: new Date().toISOString() });
/** jsdom lays nothing out: the phone list's scroller gets a phone's size, so the virtualised rows render. */
function phoneSizedList() {
  for (const [name, px] of [['clientHeight', 700], ['clientWidth', 390]] as const) {
    const own = Object.getOwnPropertyDescriptor(Element.prototype, name)!;
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        return this.dataset.testid === 'people' ? px : own.get!.call(this);
      },
    });
  }
}
const setOnline = (on: boolean) => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => on });
  window.dispatchEvent(new Event(on ? 'online' : 'offline'));
};

describe('emergency pages (issue 17; rules 255-261)', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    phoneSizedList();
    setSession(testSession({ permissions: { emergency: 1, show_emergency_sessions: 1, show_emergency_list: 1 } }) as never);
  });
  beforeEach(() => {
    live.handlers = null;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
  });

  it('/emergency-sessions lists sessions with drills kept apart, follows the drill filter and opens a session; a start opens the new one', async () => {
    const api = answerByRoute(vi, {
      'GET /api/emergencies/1': (c) => {
        const drill = JSON.parse(c.query.get('filterBy') ?? '{}').drill;
        const rows = [sessionRow(40), sessionRow(41, { name: 'Kitchen fire', drill: 0, status: 'ended', ended_at: startedAt, start_method: 'fire_alarm', started_by_name: 'Gate kiosk' })];
        const shown = drill === undefined ? rows : rows.filter((r) => r.drill === drill);
        return { data: shown, count: shown.length };
      },
      'GET /api/adminPreference': { data: null },
      'GET /api/sites/normal/1': { data: [{ id: 7, name: 'North School', timezone: 'Europe/London' }], count: 1 },
      'POST /api/start_emergency': { message: 'Session started', data: { id: 42, name: 'Evening drill', started: 1 } },
    });
    const { router } = renderAt(<EmergencySessionsPage />, '/emergency-sessions', '/emergency-sessions', [{ path: '/emergency-sessions/:sessionName/:sessionId', element: <p>session page</p> }]);
    const drillRow = (await screen.findByText('Fire drill 40')).closest('tr')!;
    expect(within(drillRow).getByText('Drill')).toBeInTheDocument();
    expect(within(drillRow).getByText('Active')).toBeInTheDocument();
    expect(within(drillRow).getByText('By hand · Amelia Johnson')).toBeInTheDocument();
    const alarmRow = screen.getByText('Kitchen fire').closest('tr')!;
    expect(within(alarmRow).getByText('Ended')).toBeInTheDocument();
    expect(within(alarmRow).getByText('Fire alarm · Gate kiosk')).toBeInTheDocument();
    expect(within(alarmRow).queryByText('Drill')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Emergencies' }));
    await waitFor(() => expect(screen.queryByText('Fire drill 40')).toBeNull());
    expect(screen.getByText('Kitchen fire')).toBeInTheDocument();
    expect(JSON.parse(callsOf(api).filter((c) => c.path === '/api/emergencies/1').at(-1)!.query.get('filterBy')!)).toMatchObject({ drill: 0 });

    fireEvent.click(screen.getByText('Kitchen fire'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/emergency-sessions/Kitchen%20fire/41'));

    await router.navigate('/emergency-sessions');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('start-session'));
    const dialog = await screen.findByRole('dialog', { name: 'Start an emergency session' });
    expect(within(dialog).getByRole('button', { name: 'Start session' })).toBeDisabled();
    await pickOption(user, within(dialog).getByRole('combobox', { name: /^Sites/ }), 'North School');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name (optional)' }), { target: { value: 'Evening drill' } });
    await user.click(within(dialog).getByLabelText('This is a drill'));
    await user.click(within(dialog).getByRole('button', { name: 'Start session' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/emergency-sessions/Evening%20drill/42'));
    expect(callsOf(api).find((c) => c.method === 'POST')!.body).toEqual({ site_ids: [7], name: 'Evening drill', drill: true });
  });

  it('a session page counts, marks through action_emergency, follows other wardens and sign-outs live, and ends after a confirmation', async () => {
    let status: 'started' | 'ended' = 'started';
    const api = answerByRoute(vi, {
      'GET /api/get_emergency/40': () => ({ data: { ...sessionRow(40, { status }), muster_points: [], people: people() }, count: 3, permissions: { can_act: 1, can_end: 1 } }),
      'GET /api/check_have_premissions_to_end_session/40': { data: { allowed: 1, message: null, sites: [] } },
      'PUT /api/action_emergency/40': (c) => ({ message: 'Status Updated', replayed: 0, data: person(c.body.user_id, 'Ben', { status: c.body.status, status_by_name: 'Amelia Johnson', status_at: c.body.at }) }),
      'PUT /api/end_emergency/40': () => {
        status = 'ended';
        return { message: 'Session ended' };
      },
    });
    renderAt(<EmergencySessionPage />, '/emergency-sessions/Fire%20drill%2040/40', '/emergency-sessions/:sessionName/:sessionId');
    expect(await screen.findByText('Aisha Pupil')).toBeInTheDocument();
    const count = (k: string) => within(screen.getByTestId(`count-${k}`)).getByText(/^\d+$/).textContent;
    expect(count('unaccounted')).toBe('3');
    expect(screen.getByText('Live')).toBeInTheDocument();

    // Rule 259: the warden's mark goes through the documented call, with when and an idempotency key.
    const user = userEvent.setup();
    await pickOption(user, screen.getByRole('combobox', { name: 'Status: Ben Pupil' }), 'Needs help');
    await waitFor(() => expect(within(screen.getByTestId('person-102')).getByTestId('status-102')).toHaveTextContent('Needs help'));
    const put = callsOf(api).find((c) => c.method === 'PUT' && c.path === '/api/action_emergency/40')!;
    expect(put.body).toMatchObject({ user_id: 102, status: 'needs_help', idempotency_key: expect.stringMatching(/^mark-/), at: expect.any(String) });
    expect(count('needs_help')).toBe('1');
    expect(count('unaccounted')).toBe('2');

    // Another warden's mark and a sign-out arrive live (updateEmergencySessionData): no reload.
    live.handlers!.updateEmergencySessionData!({
      sessionId: 40,
      action: 'people',
      count: 2,
      people: [person(101, 'Aisha', { status: 'safe', status_by_name: 'Noor Warden', status_at: new Date().toISOString() }), person(103, 'Chloe', { presence: 'left', left_at: new Date().toISOString() })],
    });
    await waitFor(() => expect(screen.getByTestId('status-101')).toHaveTextContent('Safe'));
    expect(within(screen.getByTestId('person-101')).getByText(/^Noor Warden · /)).toBeInTheDocument();
    expect(within(screen.getByTestId('person-103')).getByText('Signed out')).toBeInTheDocument();
    expect(count('left')).toBe('1');
    expect(count('unaccounted')).toBe('0');

    // Rule 255: the end asks first, then ends; the page follows.
    await user.click(screen.getByTestId('end-session'));
    expect(callsOf(api).some((c) => c.path === '/api/end_emergency/40')).toBe(false);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(callsOf(api).filter((c) => c.method === 'PUT' && c.path === '/api/end_emergency/40')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('end-session')).toBeNull());
    expect(screen.queryByText('Live')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Status: Ben Pupil' })).toBeNull();
  });

  it('/emergency-list: one tap marks safe; offline the mark is queued on the phone and shown as waiting; back online it is sent once', async () => {
    let list = listOf(people());
    let reachable = true;
    const api = answerByRoute(vi, {
      'GET /api/emergency_list/1': () => list,
      'PUT /api/action_emergency/40': (c) => {
        list = listOf(list.data.map((p) => (p.user_id === c.body.user_id ? { ...p, status: c.body.status, status_by_name: 'Amelia Johnson', status_at: c.body.at } : p)));
        return { message: 'Status Updated', replayed: 0, data: list.data.find((p) => p.user_id === c.body.user_id) };
      },
    });
    const answer = api.getMockImplementation()!;
    api.mockImplementation(async (input: string, init?: RequestInit) => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    renderAt(<EmergencyListPage />, '/emergency-list', '/emergency-list');
    expect(await screen.findByText('Fire drill 40 · Drill')).toBeInTheDocument();
    expect(screen.getByTestId('connection')).toHaveTextContent('Online');
    expect(screen.getByTestId('unaccounted-count')).toHaveTextContent('Unaccounted: 3 / 3');
    expect(screen.getByTestId('list-age')).toHaveTextContent('(0 min ago)');
    const marks = () => callsOf(api).filter((c) => c.method === 'PUT');

    // Online: one tap, shown at once and sent.
    fireEvent.click(screen.getByRole('button', { name: 'Safe: Aisha Pupil' }));
    expect(screen.getByTestId('status-101')).toHaveTextContent('Safe');
    await waitFor(() => expect(marks()).toHaveLength(1));
    expect(marks()[0].body).toMatchObject({ user_id: 101, status: 'safe' });
    await waitFor(() => expect(screen.queryByTestId('pending')).toBeNull());
    expect(screen.getByRole('button', { name: 'Unaccounted: Aisha Pupil' })).toBeInTheDocument();

    // Offline at the muster point: the phone says so, keeps its list, and queues the mark.
    reachable = false;
    setOnline(false);
    expect(await screen.findByTestId('offline-banner')).toHaveTextContent('Offline: marks are kept on this phone');
    fireEvent.click(screen.getByRole('button', { name: 'Safe: Ben Pupil' }));
    expect(await screen.findByTestId('pending')).toHaveTextContent('1 mark waiting to be sent');
    expect(screen.getByTestId('status-102')).toHaveTextContent('Safe');
    expect(screen.getByTestId('unaccounted-count')).toHaveTextContent('Unaccounted: 1 / 3');
    expect(marks()).toHaveLength(1);

    // Back online: the queue is sent (once), the waiting note goes, and the list reloaded from the server has it.
    reachable = true;
    setOnline(true);
    await waitFor(() => expect(screen.queryByTestId('pending')).toBeNull());
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(marks()).toHaveLength(2);
    expect(marks()[1].body).toMatchObject({ user_id: 102, status: 'safe', idempotency_key: expect.stringMatching(/^mark-/) });
    expect(list.data.find((p) => p.user_id === 102)!.status).toBe('safe');
    await waitFor(() => expect(screen.getByTestId('status-102')).toHaveTextContent('Safe'));

    // A person who signs out during the session leaves the warden's list live (marked so, no Safe button).
    live.handlers!.updateEmergencySessionData!({ sessionId: 40, action: 'people', count: 1, people: [{ ...list.data[2], presence: 'left', left_at: new Date().toISOString() }] });
    await waitFor(() => expect(within(screen.getByTestId('row-103')).getByText('Signed out')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Safe: Chloe Pupil' })).toBeNull();
    expect(screen.getByTestId('unaccounted-count')).toHaveTextContent('Unaccounted: 0 / 2');
  });

  it('/emergency-list opens offline from the list kept on the phone and says how old it is', async () => {
    // The list saved by the previous test's visit (IndexedDB) is what an offline phone shows.
    answerByRoute(vi, {});
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', failing);
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    renderAt(<EmergencyListPage />, '/emergency-list', '/emergency-list');
    expect(await screen.findByTestId('offline-banner')).toBeInTheDocument();
    expect(await screen.findByText('Ben Pupil')).toBeInTheDocument();
    expect(screen.getByTestId('connection')).toHaveTextContent('Offline');
    expect(screen.getByTestId('list-age')).toHaveTextContent(/^List from \d\d:\d\d:\d\d \(\d+ min ago\)$/);
    expect(screen.getByTestId('status-102')).toHaveTextContent('Safe');
  });

  it('/emergency-list: a list that comes after a tap (a change of someone else, a reload asked before it) keeps the mark still waiting', async () => {
    let reachable = true;
    let list = listOf(people());
    const api = answerByRoute(vi, {
      'GET /api/emergency_list/1': () => list,
      'PUT /api/action_emergency/40': (c) => {
        list = listOf(list.data.map((p) => (p.user_id === c.body.user_id ? { ...p, status: c.body.status, status_at: c.body.at } : p)));
        return { message: 'Status Updated', replayed: 0, data: list.data.find((p) => p.user_id === c.body.user_id) };
      },
    });
    const answer = api.getMockImplementation()!;
    api.mockImplementation(async (input: string, init?: RequestInit) => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    renderAt(<EmergencyListPage />, '/emergency-list', '/emergency-list');
    expect(await screen.findByText('Fire drill 40 · Drill')).toBeInTheDocument();
    reachable = false;
    setOnline(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Safe: Ben Pupil' }));
    expect(await screen.findByTestId('pending')).toHaveTextContent('1 mark waiting to be sent');
    // Another warden marks Aisha: the live change comes on the list the phone had before the tap.
    live.handlers!.updateEmergencySessionData!({ sessionId: 40, action: 'people', count: 1, people: [person(101, 'Aisha', { status: 'safe', status_by_name: 'Noor Warden', status_at: new Date().toISOString() })] });
    await waitFor(() => expect(screen.getByTestId('status-101')).toHaveTextContent('Safe'));
    expect(screen.getByTestId('status-102')).toHaveTextContent('Safe');
    expect(screen.getByTestId('unaccounted-count')).toHaveTextContent('Unaccounted: 1 / 3');
    // Back online, the mark is sent once.
    reachable = true;
    setOnline(true);
    await waitFor(() => expect(screen.queryByTestId('pending')).toBeNull());
    expect(callsOf(api).filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([expect.objectContaining({ user_id: 102, status: 'safe' })]);
    expect(screen.getByTestId('status-102')).toHaveTextContent('Safe');
  });
  it('/emergency-list: a list asked before the connection went, answered after, keeps the phone offline', async () => {
    let release = () => {};
    const api = answerByRoute(vi, { 'GET /api/emergency_list/1': () => listOf(people()) });
    const answer = api.getMockImplementation()!;
    let calls = 0;
    api.mockImplementation(async (input: string, init?: RequestInit) => {
      // The second load (the one after the first render) is slow: its answer comes once the phone is offline.
      if (String(input).includes('/api/emergency_list/') && ++calls === 2) await new Promise<void>((r) => (release = r));
      return answer(input, init);
    });
    renderAt(<EmergencyListPage />, '/emergency-list', '/emergency-list');
    expect(await screen.findByText('Fire drill 40 · Drill')).toBeInTheDocument();
    setOnline(true);
    await waitFor(() => expect(calls).toBe(2));
    setOnline(false);
    expect(await screen.findByTestId('offline-banner')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.getByTestId('list-age')).toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('offline-banner')).toBeInTheDocument();
    expect(screen.getByTestId('connection')).toHaveTextContent('Offline');
  });
  it('/emergency-list changes one row at a time (Performance, 5,000 people): a mark loads nothing again, a late event does not undo a newer mark, a refused mark is undone with the reason', async () => {
    const list = listOf(people());
    let benAnswer: (() => void) | null = null;
    const api = answerByRoute(vi, {
      'GET /api/emergency_list/1': () => list,
      'PUT /api/action_emergency/40': (c) =>
        c.body.user_id === 103
          ? [409, { message: 'The session has ended' }]
          : { message: 'Status Updated', replayed: 0, data: person(c.body.user_id, c.body.user_id === 101 ? 'Aisha' : 'Ben', { status: c.body.status, status_by_name: 'Amelia Johnson', status_at: c.body.at }) },
    });
    const answer = api.getMockImplementation()!;
    // Ben's mark is held on its way to the server until the test lets it go.
    api.mockImplementation(async (input: string, init?: RequestInit) => {
      if (init?.method === 'PUT' && JSON.parse(String(init.body)).user_id === 102) await new Promise<void>((go) => (benAnswer = go));
      return answer(input, init);
    });
    renderAt(<EmergencyListPage />, '/emergency-list', '/emergency-list');
    expect(await screen.findByText('Aisha Pupil')).toBeInTheDocument();
    const loads = () => callsOf(api).filter((c) => c.method === 'GET' && c.path === '/api/emergency_list/1').length;
    const marks = () => callsOf(api).filter((c) => c.method === 'PUT');
    await waitFor(() => expect(loads()).toBe(1));

    // A mark is shown at once and confirmed by the server's answer: the 5,000 people are not loaded again.
    fireEvent.click(screen.getByRole('button', { name: 'Safe: Aisha Pupil' }));
    expect(screen.getByTestId('status-101')).toHaveTextContent('Safe');
    await waitFor(() => expect(marks()).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('pending')).toBeNull());
    expect(screen.getByTestId('status-101')).toHaveTextContent('Safe');
    expect(loads()).toBe(1);

    // Ben is marked; before the server confirms, an older change of Ben arrives live (another warden, earlier):
    // the later mark (this phone's) stays on screen, and the other rows are left as they are.
    fireEvent.click(screen.getByRole('button', { name: 'Safe: Ben Pupil' }));
    await waitFor(() => expect(benAnswer).not.toBeNull());
    const earlier = new Date(Date.now() - MIN).toISOString();
    live.handlers!.updateEmergencySessionData!({
      sessionId: 40,
      action: 'people',
      count: 1,
      people: [person(102, 'Ben', { status: 'needs_help', status_by_name: 'Noor Warden', status_at: earlier })],
    });
    expect(screen.getByTestId('status-102')).toHaveTextContent('Safe');
    expect(screen.getByTestId('status-101')).toHaveTextContent('Safe');
    benAnswer!();
    await waitFor(() => expect(screen.queryByTestId('pending')).toBeNull());
    expect(screen.getByTestId('status-102')).toHaveTextContent('Safe');
    expect(screen.getByTestId('unaccounted-count')).toHaveTextContent('Unaccounted: 1 / 3');

    // Rule 259: the server refuses Chloe's mark: her row goes back and the warden is told why.
    fireEvent.click(screen.getByRole('button', { name: 'Safe: Chloe Pupil' }));
    expect(screen.getByTestId('status-103')).toHaveTextContent('Safe');
    expect(await screen.findByTestId('mark-refused')).toHaveTextContent('The mark for Chloe Pupil was not saved and has been undone: The session has ended');
    expect(screen.getByTestId('status-103')).toHaveTextContent('Unaccounted');
    expect(screen.getByRole('button', { name: 'Safe: Chloe Pupil' })).toBeInTheDocument();
    expect(loads()).toBe(1);

    // A session ended (or started) is the one change that loads the list again.
    live.handlers!.updateEmergencySessionData!({ sessionId: 40, action: 'ended' });
    await waitFor(() => expect(loads()).toBe(2));
  });
});
