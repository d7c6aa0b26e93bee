import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { clearSession, setSession } from '../../../lib/session';
import { renderAt, testSession } from '../../../test/render';
import AddExpectedVisitorsPage from './AddExpectedVisitorsPage';

const options = { data: { sites: [{ id: 2, name: 'Main Building', areas: [{ id: 5, name: 'Reception' }] }], user_types: [{ id: 3, name: 'Visitor' }] } };

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
    await user.type(screen.getByRole('textbox', { name: 'First name 1' }), 'Olga');
    await user.type(screen.getByRole('textbox', { name: 'Last name 1' }), 'Ortiz');
    await user.type(screen.getByRole('textbox', { name: 'E-mail 1' }), 'olga@example.test');
    await user.click(screen.getByRole('button', { name: 'Add another visitor' }));
    const second = screen.getByTestId('visitor-row-1');
    await user.type(within(second).getByRole('textbox', { name: 'First name 2' }), 'Omar');
    await user.type(within(second).getByRole('textbox', { name: 'Last name 2' }), 'Odeh');
    await user.type(within(second).getByRole('textbox', { name: 'E-mail 2' }), 'taken@example.test');
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
    await user.type(within(second).getByRole('textbox', { name: 'E-mail 2' }), 'omar@example.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    // Saved: the visitor rows start again empty.
    await vi.waitFor(() => expect(screen.getByRole('textbox', { name: 'First name 1' })).toHaveValue(''));
    expect(screen.queryByTestId('visitor-row-1')).toBeNull();
  });
});
