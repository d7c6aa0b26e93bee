import type { LogbookRow } from '@gatehouse/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import type { RealtimeHandlers } from '../../../lib/realtime';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../../test/render';
import DashboardPage from './DashboardPage';
import FilteredPage from './FilteredPage';

// The visit's day typed as payloads carry it (test/day-field-as-text.tsx).
vi.mock('../../../components/fields', async (io) => (await import('../../../test/day-field-as-text')).dayFieldAsText(io));

const live: { handlers: RealtimeHandlers | null } = { handlers: null };
vi.mock('../../../lib/realtime', () => ({
  connectRealtime: (_token: string, _entity: number, handlers: RealtimeHandlers) => {
    live.handlers = handlers;
    return () => undefined;
  },
}));

const row = (over: Partial<LogbookRow> = {}): LogbookRow => ({
  id: 11,
  visit_id: 7,
  user_id: 30,
  full_name: 'Ana Garcia',
  email: 'ana@northfield.test',
  user_type: { id: 2, name: 'Staff' },
  site: { id: 1, name: 'Main Campus' },
  area: { id: 3, name: 'Main Hall' },
  kiosk: { id: 4, name: 'Front desk kiosk' },
  direction: 'in',
  type: 'sign_in',
  input_method: 'qr',
  at: '2026-03-02T08:20:00.000Z',
  late: 1,
  early: 0,
  reason: { id: 9, name: 'Traffic' },
  attendance_code: { id: 5, code: 'L', name: 'Late' },
  temperature: 37.9,
  mask: 1,
  notes: null,
  visit_status: 'signed_in',
  host: null,
  journey_stage: 'ready_to_sign_in',
  visit_date: null,
  visit_time: null,
  admin_notes: null,
  ...over,
});

const lookups = {
  'GET /api/input_method': { data: [{ id: 'qr', name: 'QR code' }, { id: 'rfid', name: 'RFID card' }], count: 2 },
  'GET /api/sacn_data_type': ({ url }: { url: URL }) =>
    url.searchParams.get('type') === 'visit'
      ? { data: [{ id: 'expected', name: 'Expected' }, { id: 'signed_in', name: 'Signed in' }], count: 2 }
      : { data: [{ id: 'sign_in', name: 'Sign in' }, { id: 'sign_out', name: 'Sign out' }, { id: 'auto_sign_out', name: 'Automatic sign out' }], count: 3 },
  'GET /api/sites/normal/1': { data: [{ id: 1, name: 'Main Campus' }], count: 1 },
  'GET /api/areas/1': { data: [{ id: 3, name: 'Main Hall', site_id: 1 }], count: 1 },
  'GET /api/kiosk/1': { data: [{ id: 4, name: 'Front desk kiosk', site_id: 1 }], count: 1 },
  'GET /api/user_types/1': { data: [{ id: 2, name: 'Staff' }], count: 1 },
  'GET /api/adminPreference/1': { data: { id: 1, employee_id: 5, entity_id: 1, page_url: '/', table_head: null, url: null } },
  'GET /api/dashboard/1': { totals: { daily: [{ date: '2026-03-02', sign_ins: 4, sign_outs: 2, people: 3 }], on_site: 2, sign_ins_today: 4, sign_outs_today: 2, expected_today: 1 } },
  'GET /api/get_compliance_user': { data: [], count: 0, required: [] },
  'GET /api/dashboard/setup/1': { data: { steps: [], complete: 1 } },
};
const logbookCalls = (mock: Parameters<typeof callsOf>[0]) => callsOf(mock).filter((c) => c.path === '/api/visit_list/1');

// Rich pages with many lookups: jsdom renders them slowly on a shared two-core machine (as the DataGrid's own tests).
describe('the dashboard and /filtered', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    configure({ asyncUtilTimeout: 5000 });
  });
  beforeEach(() => setSession(testSession({ permissions: { dashboard: 1, users: 1 } }) as never));
  afterEach(() => vi.unstubAllGlobals());

  it('/filtered reads its filters from the address and sends every one, with the temperature default (rules 164, 167)', async () => {
    const fetchMock = answerByRoute(vi, { ...lookups, 'GET /api/visit_list/1': { data: [row()], count: 1 } });
    renderAt(<FilteredPage />, '/filtered?area_id=3&user_type_id=2&input_method=qr,rfid&scan_type=sign_in&start_date=2026-03-01&end_date=2026-03-02&bogus=1&site_id=x');
    expect(await screen.findByText('Ana Garcia')).toBeInTheDocument();
    const [first] = logbookCalls(fetchMock);
    expect(JSON.parse(first.query.get('filterBy')!)).toEqual({
      start_date: '2026-03-01',
      end_date: '2026-03-02',
      area_id: [3],
      user_type_id: [2],
      input_method: ['qr', 'rfid'],
      scan_type: ['sign_in'],
      temperature: 'default',
    });
    expect(first.query.get('page')).toBe('1');
    expect(first.query.get('limit')).toBe('10');
    expect(screen.getByRole('button', { name: 'Clear filters (5)' })).toBeEnabled();
  });

  it('a filter chosen on the page goes to the address and to the call; clearing sends only the default', async () => {
    const fetchMock = answerByRoute(vi, { ...lookups, 'GET /api/visit_list/1': { data: [], count: 0 } });
    const { router } = renderAt(<FilteredPage />, '/filtered');
    expect(await screen.findByText('No records found.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Temperature' }));
    await userEvent.click(await screen.findByRole('option', { name: '37.5 °C or above', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?temperature=high'));
    await waitFor(() => expect(JSON.parse(logbookCalls(fetchMock).at(-1)!.query.get('filterBy')!)).toEqual({ temperature: 'high' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters (1)' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(JSON.parse(logbookCalls(fetchMock).at(-1)!.query.get('filterBy')!)).toEqual({ temperature: 'default' }));
  });

  it('a row opens its details: journey stage, checks, lateness and reason; admin notes under 20 characters are refused without a call (rule 211)', async () => {
    const fetchMock = answerByRoute(vi, {
      ...lookups,
      'GET /api/visit_list/1': { data: [row()], count: 1 },
      'PUT /api/visits/notes': ({ body }: { body: { notes: string } }) => ({ message: 'Notes saved.', data: { admin_notes: body.notes } }),
    });
    renderAt(<DashboardPage />, '/');
    await userEvent.click(await screen.findByRole('row', { name: /Ana Garcia, Sign in/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Ready to sign in')).toBeInTheDocument();
    expect(within(drawer).getByText('Traffic')).toBeInTheDocument();
    expect(within(drawer).getByText('L · Late')).toBeInTheDocument();
    expect(within(drawer).getByText('37.9 °C (100.2 °F)')).toBeInTheDocument();
    expect(within(drawer).getByText('Front desk kiosk')).toBeInTheDocument();
    // A visit that has started cannot be edited: the drawer says so instead of offering it.
    expect(within(drawer).queryByRole('button', { name: 'Edit visit' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(drawer).getByLabelText('Admin notes'));
    await user.paste('Too short');
    await user.click(within(drawer).getByRole('button', { name: 'Save notes' }));
    expect(await within(drawer).findByText('Notes must be at least 20 characters.')).toBeInTheDocument();
    expect(callsOf(fetchMock).some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(drawer).getByLabelText('Admin notes'));
    await user.paste(' but now long enough');
    await user.click(within(drawer).getByRole('button', { name: 'Save notes' }));
    await waitFor(() => expect(callsOf(fetchMock).find((c) => c.method === 'PUT')?.body).toEqual({ entity_id: 1, visit_id: 7, notes: 'Too short but now long enough' }));
    expect(await within(drawer).findByTestId('admin-notes')).toHaveTextContent('Too short but now long enough');
  });

  it('a new organisation sees the first-run checklist, ticked from its data, with a way to each undone step; hiding it is remembered (issue 15 part 4)', async () => {
    localStorage.clear();
    setSession(testSession({ permissions: { dashboard: 1, users: 1, sites_devices: 1, journeys: 0 } }) as never);
    const steps = [
      { key: 'site', done: 1 },
      { key: 'area', done: 1 },
      { key: 'kiosk', done: 0 },
      { key: 'journey', done: 0 },
      { key: 'link', done: 0 },
    ];
    answerByRoute(vi, { ...lookups, 'GET /api/visit_list/1': { data: [], count: 0 }, 'GET /api/dashboard/setup/1': { data: { steps, complete: 0 } } });
    const { unmount } = renderAt(<DashboardPage />, '/');
    const card = await screen.findByTestId('setup-checklist');
    expect(within(card).getByText('2 of 5 done')).toBeInTheDocument();
    expect(within(card).getByTestId('setup-site')).toHaveTextContent(/Add a site\s*Done/);
    // The kiosk step opens the sites page; the journey steps need a permission this member lacks: no way offered.
    expect(within(card).getByRole('link', { name: 'Open: Pair a kiosk' })).toHaveAttribute('href', '/sites');
    expect(within(card).queryByRole('link', { name: /Open: Give an area/ })).toBeNull();
    expect(within(card).queryByRole('link', { name: 'Open: Add a site' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Hide the checklist' }));
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
    unmount();
    renderAt(<DashboardPage />, '/');
    await screen.findByTestId('count-on_site');
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
    localStorage.clear();
  });

  it('the counts open the logbook filtered to them; a new scan reloads the logbook and counts live', async () => {
    const fetchMock = answerByRoute(vi, { ...lookups, 'GET /api/visit_list/1': { data: [row()], count: 1 } });
    renderAt(<DashboardPage />, '/');
    await waitFor(() => expect(screen.getByTestId('count-expected')).toHaveAttribute('href', '/filtered?start_date=2026-03-02&end_date=2026-03-02&status=expected'));
    expect(screen.getByTestId('count-on_site')).toHaveTextContent('2');
    expect(screen.getByRole('img', { name: 'Sign-ins and sign-outs per day' })).toBeInTheDocument();
    await waitFor(() => expect(live.handlers?.update).toBeDefined());
    const before = logbookCalls(fetchMock).length;
    const countsBefore = callsOf(fetchMock).filter((c) => c.path === '/api/dashboard/1').length;
    live.handlers!.update!({ type: 'scan', action: 'created', id: 12, visit_id: 7, direction: 'in', scan: { ...row({ id: 12 }), type: 'sign_in' } });
    expect(await screen.findByTestId('live-count')).toHaveTextContent(/\b1 new scan(?!s)/);
    await waitFor(() => expect(logbookCalls(fetchMock).length).toBeGreaterThan(before));
    await waitFor(() => expect(callsOf(fetchMock).filter((c) => c.path === '/api/dashboard/1').length).toBeGreaterThan(countsBefore));
  });

  it('an expected visit can be edited from its details (rule 153: only while expected)', async () => {
    answerByRoute(vi, {
      ...lookups,
      'GET /api/visit_list/1': { data: [row({ id: 7, type: 'expected', kiosk: null, input_method: '', reason: null, late: 0, attendance_code: null, temperature: null, mask: null, visit_status: 'expected', visit_date: '2026-03-05', visit_time: '10:00:00' })], count: 1 },
      'GET /api/expected_visit_options/1': { data: { sites: [{ id: 1, name: 'Main Campus', areas: [{ id: 3, name: 'Main Hall' }] }], user_types: [{ id: 2, name: 'Staff' }] } },
    });
    renderAt(<FilteredPage />, '/filtered?status=expected');
    await userEvent.click(await screen.findByRole('row', { name: /Ana Garcia, Expected/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit visit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit the visit of Ana Garcia' })).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue('2026-03-05');
    expect(screen.getByLabelText('Time')).toHaveValue('10:00');
  });
});
