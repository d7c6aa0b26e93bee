import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { clearSession, setSession } from '../../../lib/session';
import { renderAt, testSession } from '../../../test/render';
import AddExpectedVisitorsPage from './AddExpectedVisitorsPage';

// The visit's day typed as payloads carry it (test/day-field-as-text.tsx).
vi.mock('../../../components/fields', async (io) => (await import('../../../test/day-field-as-text')).dayFieldAsText(io));

const options = { data: { sites: [{ id: 2, name: 'Main Building', areas: [{ id: 5, name: 'Reception' }] }], user_types: [{ id: 3, name: 'Visitor' }] } };

/** Types a whole value at once (a paste): typing key by key re-renders the form per key, slow on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, el: HTMLElement, text: string) {
  await user.click(el);
  await user.paste(text);
}
const input = (label: RegExp) => screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!;

function routeFetch(routes: [RegExp, (init: RequestInit) => [number, unknown]][]) {
  const mock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const hit = routes.find(([re]) => re.test(url));
    const [status, body] = hit ? hit[1](init) : [404, { message: 'Not found.' }];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

describe('AddExpectedVisitorsPage', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('adds two visitors at once; per-visitor server errors land on that visitor\'s field', async () => {
    setSession(testSession({ permissions: { users: 1 } }) as never);
    const bodies: unknown[] = [];
    let fail = true;
    routeFetch([
      [/expected_visit_options\/1/, () => [200, options]],
      [
        /\/api\/expected-visit$/,
        (init) => {
          bodies.push(JSON.parse(init.body as string));
          if (fail) {
            fail = false;
            return [409, { message: 'This email is already in use.', errors: { 'visitors.1.email': ['This email is already in use.'] } }];
          }
          return [201, { message: 'Visit has been added successfully.', data: [] }];
        },
      ],
    ]);
    const f = vi.mocked(fetch);
    renderAt(<AddExpectedVisitorsPage />, '/add-expected-visitors');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await vi.waitFor(() => expect(f.mock.calls.some(([u]) => String(u).includes('expected_visit_options/1'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    await user.click(input(/^Site/));
    await user.click(await screen.findByRole('option', { name: 'Main Building', hidden: true }));
    await user.click(input(/^Area/));
    await user.click(await screen.findByRole('option', { name: 'Reception', hidden: true }));
    await user.click(input(/^User type/));
    await user.click(await screen.findByRole('option', { name: 'Visitor', hidden: true }));
    await user.type(screen.getByLabelText(/^Visit date/), '2030-01-01');
    await user.type(screen.getByLabelText(/^Time/), '09:00');
    await fill(user, screen.getByRole('textbox', { name: 'First name 1' }), 'Olga');
    await fill(user, screen.getByRole('textbox', { name: 'Last name 1' }), 'Ortiz');
    await fill(user, screen.getByRole('textbox', { name: 'E-mail 1' }), 'olga@example.test');
    await user.click(screen.getByRole('button', { name: 'Add another visitor' }));
    const second = screen.getByTestId('visitor-row-1');
    await fill(user, within(second).getByRole('textbox', { name: 'First name 2' }), 'Omar');
    await fill(user, within(second).getByRole('textbox', { name: 'Last name 2' }), 'Odeh');
    await fill(user, within(second).getByRole('textbox', { name: 'E-mail 2' }), 'taken@example.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(second).findByText('This email is already in use.')).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      entity_id: 1,
      site_id: 2,
      area_id: 5,
      user_type_id: 3,
      visit_date: '2030-01-01',
      visit_time: '09:00',
      visitors: [
        { first_name: 'Olga', last_name: 'Ortiz', email: 'olga@example.test' },
        { first_name: 'Omar', last_name: 'Odeh', email: 'taken@example.test' },
      ],
    });
    await user.clear(within(second).getByRole('textbox', { name: 'E-mail 2' }));
    await fill(user, within(second).getByRole('textbox', { name: 'E-mail 2' }), 'omar@example.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    // Saved: the visitor rows start again empty.
    await vi.waitFor(() => expect(screen.getByRole('textbox', { name: 'First name 1' })).toHaveValue(''));
    expect(screen.queryByTestId('visitor-row-1')).toBeNull();
  });

  it('finds an existing person (search after typing) and checks a new e-mail as soon as it is typed (rule 171)', async () => {
    setSession(testSession({ permissions: { users: 1 } }) as never);
    const bodies: unknown[] = [];
    routeFetch([
      [/expected_visit_options\/1/, () => [200, options]],
      [/users\/search\/1/, () => [200, { data: [{ id: 44, entity_id: 1, first_name: 'Grace', last_name: 'Okafor', full_name: 'Grace Okafor', email: 'grace@example.org', phone: null, phone_code: null, id_number: null, company_name: null, image: null, status: 'active', user_type_id: 3, user_type: 'Visitor', role_id: null, department_id: null, rfid: null, has_passport: 0, created_at: '2030-01-01' }], count: 1 }]],
      [/check-unique-field/, () => [200, { message: 'Email already in use', data: { unique: 0 } }]],
      [/\/api\/expected-visit-validate$/, (init) => (bodies.push(JSON.parse(init.body as string)), [200, { message: 'The details are valid.' }])],
    ]);
    renderAt(<AddExpectedVisitorsPage />, '/add-expected-visitors');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await fill(user, await screen.findByRole('textbox', { name: 'E-mail 1' }), 'used@example.test');
    await user.tab();
    expect(await screen.findByText('Email already in use')).toBeInTheDocument();
    await user.type(input(/^Find an existing person 1/), 'gra');
    await user.click(await screen.findByRole('option', { name: /Grace Okafor/, hidden: true }));
    expect(screen.queryByRole('textbox', { name: 'E-mail 1' })).toBeNull();
    expect(screen.getByTestId('visitor-row-0')).toHaveTextContent('Grace Okafor');
    await user.click(input(/^Site/));
    await user.click(await screen.findByRole('option', { name: 'Main Building', hidden: true }));
    await user.click(input(/^Area/));
    await user.click(await screen.findByRole('option', { name: 'Reception', hidden: true }));
    await user.click(input(/^User type/));
    await user.click(await screen.findByRole('option', { name: 'Visitor', hidden: true }));
    await user.type(screen.getByLabelText(/^Visit date/), '2030-01-01');
    await user.type(screen.getByLabelText(/^Time/), '09:00');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { visitors: unknown[] }).visitors).toEqual([{ user_id: 44 }]);
  });

  it('lists expected visits awaiting approval and approves one (rule 155)', async () => {
    setSession(testSession({ permissions: { users: 1 } }) as never);
    const decided: string[] = [];
    const row = { id: 9, user_id: 4, full_name: 'Tomás Herrera', email: null, phone: null, company_name: 'Herrera Electrical', site_id: 2, area_id: 5, user_type_id: 3, host_user_id: 1, visit_date: '2030-01-01', visit_time: '11:00:00', expectedDateTime: '2030-01-01T11:00:00Z', status: 'expected', journey_stage: 'awaiting_admin_approval', registration_method: 'approval_required', approval_state: 'pending', is_confirmed: 0, admin_notes: null, site_name: 'Main Building', area_name: 'Reception', user_type_name: 'Contractor', host_name: 'Helen Hostwell' };
    const f = routeFetch([
      [/adminPreference/, () => [200, { data: null }]],
      [/expected_visits\/1/, () => [200, { data: [row], count: 1 }]],
      [/approve-visit$/, (init) => (decided.push(String(init.body)), [200, { message: 'Visit approved.', data: row }])],
    ]);
    renderAt(<AddExpectedVisitorsPage />, '/add-expected-visitors?tab=list');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    expect(await screen.findByText('Tomás Herrera')).toBeInTheDocument();
    expect(screen.getAllByText('Awaiting approval').some((el) => el.closest('table'))).toBe(true);
    const listCall = f.mock.calls.map(([u]) => String(u)).find((u) => u.includes('expected_visits/1'))!;
    expect(decodeURIComponent(listCall)).toContain('"approval_state":"pending"');
    await user.click(screen.getByRole('button', { name: 'Actions for Tomás Herrera' }));
    expect(await screen.findByRole('menuitem', { name: 'Reject', hidden: true })).toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Approve', hidden: true }));
    await vi.waitFor(() => expect(decided).toEqual([JSON.stringify({ entity_id: 1, visit_id: 9 })]));
  });

  it('the summary shows the totals people compare and a bar per day', async () => {
    setSession(testSession({ permissions: { users: 1 } }) as never);
    const today = new Date().toISOString().slice(0, 10);
    routeFetch([[/expected_visits_summary\/1/, () => [200, { data: [{ date: today, total: 5, awaiting_approval: 2, approved: 1, rejected: 1, confirmed: 3, signed_in: 1 }], count: 5 }]]]);
    renderAt(<AddExpectedVisitorsPage />, '/add-expected-visitors?tab=summary');
    const totals = await screen.findByTestId('summary-totals');
    await vi.waitFor(() => expect(totals).toHaveTextContent('Expected5'));
    expect(totals).toHaveTextContent('Awaiting approval2');
    expect(screen.getByRole('img', { name: 'Expected visits per day' }).querySelectorAll('rect')).toHaveLength(3);
  });
});
