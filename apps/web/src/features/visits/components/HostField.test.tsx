import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { clearSession, setSession } from '../../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../../test/render';
import { AddVisitorsForm } from './AddVisitorsForm';

// The visit's day typed as payloads carry it (test/day-field-as-text.tsx).
vi.mock('../../../components/fields', async (io) => (await import('../../../test/day-field-as-text')).dayFieldAsText(io));

const options = {
  data: {
    sites: [{ id: 2, name: 'Main Building', areas: [{ id: 5, name: 'Reception', journey_id: 11 }, { id: 6, name: 'Store', journey_id: null }] }],
    user_types: [{ id: 3, name: 'Visitor' }, { id: 4, name: 'Contractor' }],
  },
};
const input = (label: RegExp) => screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!;
type Settings = { allowNotSelectHost: 0 | 1; hostUserTypesExist: 0 | 1; note: string };
const OPTIONAL: Settings = { allowNotSelectHost: 1, hostUserTypesExist: 1, note: 'Choosing a host is optional.' };
const REQUIRED: Settings = { allowNotSelectHost: 0, hostUserTypesExist: 1, note: 'Please choose a host.' };
const NOT_ASKED: Settings = { allowNotSelectHost: 1, hostUserTypesExist: 0, note: 'This flow does not ask for a host.' };

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(input(label));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('/add-expected-visitors: the host follows the flow (rules 194, 197, 203)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { users: 1 } }) as never);
  });
  afterEach(() => vi.unstubAllGlobals());
  afterAll(() => clearSession());

  const setup = (byType: Record<string, Settings>) => {
    const f = answerByRoute(vi, {
      'GET /api/expected_visit_options/1': options,
      'GET /api/hosts/settings/11/3': { data: byType['3'] },
      'GET /api/hosts/settings/11/4': { data: byType['4'] },
      'POST /api/hosts/search': (req) => ({ data: req.body.search.startsWith('hel') ? [{ id: 21, full_name: 'Helen Hostwell' }] : [] }),
      'POST /api/host/search': { data: [{ id: 30, full_name: 'Connie Console', email: 'connie@example.test' }] },
      'POST /api/expected-visit-validate': { message: 'Visitors can be added.' },
    });
    renderAt(<AddVisitorsForm entityId={1} />);
    return { f, user: userEvent.setup({ pointerEventsCheck: 0 }) };
  };

  it("asks the flow's host settings for the area's journey and user type, and searches only the flow's hosts", async () => {
    const { f, user } = setup({ '3': OPTIONAL, '4': REQUIRED });
    expect(await screen.findByPlaceholderText('Choose the area and user type first')).toBeDisabled();
    await choose(user, /^Site/, 'Main Building');
    await choose(user, /^Area/, 'Reception');
    await choose(user, /^User type/, 'Visitor');
    expect(await screen.findByText('Choosing a host is optional.')).toBeInTheDocument();
    expect(input(/^Host/)).not.toBeRequired();
    await user.click(input(/^Host/));
    await user.paste('hel');
    await user.click(await screen.findByRole('option', { name: 'Helen Hostwell', hidden: true }));
    const search = callsOf(f).find((c) => c.path === '/api/hosts/search');
    expect(search?.body).toEqual({ journey_id: 11, user_type_id: 3, search: 'hel' });
    expect(callsOf(f).some((c) => c.path === '/api/host/search')).toBe(false);
    // Another user type: its flow requires a host, and the chosen one is cleared (it may not host this type).
    await choose(user, /^User type/, 'Contractor');
    expect(await screen.findByText('Please choose a host.')).toBeInTheDocument();
    expect(input(/^Host/)).toBeRequired();
    expect(input(/^Host/)).toHaveValue('');
  });

  it('hides the host when the flow does not ask for one (or has nobody to host), and sends none', async () => {
    const { f, user } = setup({ '3': NOT_ASKED, '4': NOT_ASKED });
    await choose(user, /^Site/, 'Main Building');
    await choose(user, /^Area/, 'Reception');
    await choose(user, /^User type/, 'Visitor');
    expect(await screen.findByTestId('host-not-asked')).toHaveTextContent('This flow does not ask for a host.');
    expect(screen.queryAllByLabelText(/^Host/).filter((el) => el.tagName === 'INPUT')).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Visit date/), '2030-01-01');
    await user.type(screen.getByLabelText(/^Time/), '09:00');
    await user.click(screen.getByRole('textbox', { name: 'First name 1' }));
    await user.paste('Olga');
    await user.click(screen.getByRole('textbox', { name: 'Last name 1' }));
    await user.paste('Ortiz');
    await user.click(screen.getByRole('textbox', { name: 'E-mail 1' }));
    await user.paste('olga@example.test');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await vi.waitFor(() => expect(callsOf(f).some((c) => c.path === '/api/expected-visit-validate')).toBe(true));
    expect(callsOf(f).find((c) => c.path === '/api/expected-visit-validate')?.body).not.toHaveProperty('host');
  });

  it('an area without a journey keeps an optional console user as host', async () => {
    const { f, user } = setup({});
    await choose(user, /^Site/, 'Main Building');
    await choose(user, /^Area/, 'Store');
    await choose(user, /^User type/, 'Visitor');
    await user.click(input(/^Host/));
    await user.paste('con');
    expect(await screen.findByRole('option', { name: 'Connie Console', hidden: true })).toBeInTheDocument();
    expect(callsOf(f).some((c) => c.path.startsWith('/api/hosts/'))).toBe(false);
    expect(input(/^Host/)).not.toBeRequired();
  });
});
