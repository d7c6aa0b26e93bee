import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { clearSession, setSession } from '../../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../../test/render';
import { localToday } from '../api/awaiting-approval';
import VisitorsPage from './VisitorsPage';

const pref = (page: string) => ({ data: { id: 1, employee_id: 5, entity_id: 1, page_url: page, table_head: null, url: null } });
const visit = (id: number, name: string, approval_state: string) => ({
  id, entity_id: 1, user_id: id, full_name: name, first_name: name, last_name: 'V', email: null, phone: null, company_name: null, status: 'expected', approval_state,
  is_confirmed: 0, journey_stage: null, visit_date: localToday(), visit_time: '10:00:00', expectedDateTime: null, site_name: 'Main', area_name: 'Reception', user_type_name: 'Visitor', host_name: null,
});
/** The lists' calls (not the count's, which asks one row). */
const listFilters = (api: Parameters<typeof callsOf>[0]) =>
  callsOf(api)
    .filter((c) => c.path === '/api/expected_visits/1' && c.query.get('limit') !== '1')
    .map((c) => JSON.parse(c.query.get('filterBy') ?? '{}'));

describe('/visitors (issue 15 part 4)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { users: 1 } }) as never);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("Today lists today's visits of every approval state; Awaiting approval shows its count and lists the pending ones", async () => {
    const api = answerByRoute(vi, {
      'GET /api/adminPreference/1': (r) => pref(String(r.query.get('page_url'))),
      'GET /api/expected_visits/1': (r) =>
        r.query.get('limit') === '1' ? { data: [], count: 2 } : JSON.parse(r.query.get('filterBy') ?? '{}').approval_state === 'pending' ? { data: [visit(2, 'Paula', 'pending')], count: 1 } : { data: [visit(1, 'Tom', 'not_required'), visit(2, 'Paula', 'pending')], count: 2 },
    });
    const { router } = renderAt(<VisitorsPage />, '/visitors');
    expect(await screen.findByText('Tom')).toBeInTheDocument();
    expect(listFilters(api).at(-1)).toEqual({ start_date: localToday(), end_date: localToday() });
    expect(screen.getByRole('tab', { name: /Awaiting approval/ })).toHaveTextContent('2');
    fireEvent.click(screen.getByRole('tab', { name: /Awaiting approval/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/visitors/awaiting-approval'));
    await waitFor(() => expect(listFilters(api).at(-1)).toEqual({ approval_state: 'pending', start_date: localToday() }));
    expect(await screen.findByText('Paula')).toBeInTheDocument();
    expect(screen.queryByText('Tom')).toBeNull();
    expect(screen.getByRole('link', { name: 'Add visits' })).toHaveAttribute('href', '/add-expected-visitors');
  });

  it('Expected lists the visits from today on; Arabic and Spanish name the views', async () => {
    const api = answerByRoute(vi, { 'GET /api/adminPreference/1': pref('/visitors/expected'), 'GET /api/expected_visits/1': { data: [], count: 0 } });
    const a = renderAt(<VisitorsPage />, '/visitors/expected');
    await waitFor(() => expect(listFilters(api).at(-1)).toEqual({ start_date: localToday() }));
    expect(screen.getByRole('tab', { name: 'Expected' })).toHaveAttribute('aria-selected', 'true');
    a.unmount();
    await initI18n('ar');
    const b = renderAt(<VisitorsPage />, '/visitors/expected');
    expect(await screen.findByRole('tab', { name: 'بانتظار الموافقة' })).toBeInTheDocument();
    b.unmount();
    await initI18n('es');
    renderAt(<VisitorsPage />, '/visitors/expected');
    expect(await screen.findByRole('tab', { name: 'Pendientes de aprobación' })).toBeInTheDocument();
    await initI18n('en');
    clearSession();
  });
});
