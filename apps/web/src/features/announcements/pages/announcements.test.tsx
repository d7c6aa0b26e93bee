import type { Announcement, AnnouncementView } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, pickOption, renderAt, testSession } from '../../../test/render';
import { AnnouncementsBanner } from '../components/AnnouncementsBanner';
import AddAnnouncementPage from './AddAnnouncementPage';
import AnnouncementDetailsPage from './AnnouncementDetailsPage';
import AnnouncementsPage from './AnnouncementsPage';

// Days and times typed as text (test/day-field-as-text.tsx); the pickers have their own test.
vi.mock('../../../components/fields', async (io) => (await import('../../../test/day-field-as-text')).dayFieldAsText(io));

// No socket in component tests: the live refresh is the API suite's and the journeys' concern.
vi.mock('../../../lib/realtime', () => ({ connectRealtime: () => () => undefined }));

const HOUR = 3_600_000;
const announcement = (id: number, over: Partial<Announcement> = {}): Announcement => ({
  id,
  text: `Notice ${id}`,
  text_i18n: {},
  description: '<p>Fire drill at <strong>10:00</strong>.</p>',
  description_i18n: {},
  url: null,
  urgent: 0,
  pinned: 0,
  verbal: 0,
  publish_at: new Date(Date.now() - HOUR).toISOString(),
  expires_at: null,
  status: 'active',
  user_types: [{ id: 4, name: 'Staff' }],
  sites: [],
  created_by_name: 'Amelia Johnson',
  created_at: new Date(Date.now() - HOUR).toISOString(),
  ...over,
});
const lookups = {
  'GET /api/user_types/1': { data: [{ id: 4, name: 'Staff' }, { id: 5, name: 'Visitor' }], count: 2 },
  'GET /api/sites/normal/1': { data: [{ id: 7, name: 'North School', timezone: 'Europe/London' }], count: 1 },
};

describe('announcements console (rules 262-265)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { announcements: 1 } }) as never);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('rule 263: the grid has the three tabs and asks the server for the chosen one', async () => {
    const api = answerByRoute(vi, {
      'GET /api/announcements/1': (c) => ({
        data: c.query.get('status') === 'scheduled' ? [announcement(2, { text: 'Open evening', status: 'scheduled', publish_at: new Date(Date.now() + HOUR).toISOString() })] : [announcement(1, { urgent: 1, pinned: 1 })],
        count: 1,
      }),
      'GET /api/adminPreference': { data: null },
    });
    const { router } = renderAt(<AnnouncementsPage />, '/announcements', '/announcements', [{ path: '/announcement-details', element: <p>details</p> }]);
    expect(await screen.findByText('Notice 1')).toBeInTheDocument();
    expect(screen.getByText('Urgent')).toBeInTheDocument();
    expect(screen.getByText('Every site')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Active', 'Scheduled', 'Expired']);
    expect(callsOf(api).find((c) => c.path === '/api/announcements/1')!.query.get('status')).toBe('active');
    fireEvent.click(screen.getByRole('tab', { name: 'Scheduled' }));
    expect(await screen.findByText('Open evening')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=scheduled');
    fireEvent.click(screen.getByText('Open evening'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/announcement-details'));
    expect(router.state.location.search).toBe('?id=2');
  });

  it('rules 262, 264: refuses a missing title and user type without calling, shows the server’s past-time message on its field, then creates', async () => {
    let answer: [number, unknown] = [400, { message: 'Invalid', errors: { publish_at: ['The publish date and time cannot be before now.'] } }];
    const api = answerByRoute(vi, { ...lookups, 'POST /api/announcement': () => answer });
    const { router } = renderAt(<AddAnnouncementPage />, '/add-announcement', '/add-announcement', [{ path: '/announcements', element: <p>grid</p> }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The title must be at least 2 characters.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one user type.')).toBeInTheDocument();
    expect(callsOf(api).filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), { target: { value: 'Lockdown drill' } });
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('contenteditable', 'true');
    await pickOption(user, screen.getByRole('combobox', { name: /^User types/ }), 'Visitor');
    await user.click(screen.getByRole('switch', { name: /^Urgent/ }));
    await user.click(screen.getByRole('switch', { name: /^Read aloud/ }));
    const publish = within(screen.getByRole('group', { name: 'Publish' }));
    await user.click(publish.getByRole('radio', { name: 'At a date and time' }));
    const at = screen.getByLabelText(/Publish date and time/);
    fireEvent.change(at, { target: { value: '2030-05-04T09:30' } });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The publish date and time cannot be before now.')).toBeInTheDocument();

    answer = [201, { message: 'Announcement has been created successfully.', data: announcement(9, { status: 'scheduled' }) }];
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/announcements'));
    expect(router.state.location.search).toBe('?tab=scheduled');
    const posts = callsOf(api).filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1].body).toMatchObject({ text: 'Lockdown drill', user_type_ids: [5], site_ids: [], urgent: true, verbal: true, pinned: false, publish: 'custom', expiry: 'never', expires_at: null, url: null });
    expect(new Date(posts[1].body.publish_at).getTime()).toBe(new Date(2030, 4, 4, 9, 30).getTime());
  });

  it('rule 265: the details page shows the announcement in the editor, keeps its publish time and saves the edit; delete asks first', async () => {
    const a = announcement(3, { text_i18n: { ar: 'تنبيه' }, sites: [{ id: 7, name: 'North School' }], expires_at: new Date(Date.now() + 48 * HOUR).toISOString() });
    const api = answerByRoute(vi, {
      ...lookups,
      'GET /api/announcement/3': { data: a },
      'PUT /api/announcement/3': (c) => ({ message: 'Announcement has been updated successfully.', data: { ...a, text: c.body.text } }),
      'DELETE /api/announcement/3': { message: 'Announcement has been deleted successfully.' },
    });
    const { router } = renderAt(<AnnouncementDetailsPage />, '/announcement-details?id=3', '/announcement-details', [{ path: '/announcements', element: <p>grid</p> }]);
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    expect(title).toHaveValue('Notice 3');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' }).innerHTML).toContain('<strong>10:00</strong>'));
    expect(screen.getByText(/by Amelia Johnson/)).toBeInTheDocument();
    fireEvent.change(title, { target: { value: 'Notice three' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/announcements'));
    const put = callsOf(api).find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ text: 'Notice three', text_i18n: { ar: 'تنبيه' }, site_ids: [7], user_type_ids: [4], publish: 'custom', publish_at: a.publish_at, expiry: 'custom', expires_at: a.expires_at });
    expect(put.body.description).toContain('<strong>10:00</strong>');

    await router.navigate('/announcement-details?id=3');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(callsOf(api).some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsOf(api).filter((c) => c.method === 'DELETE')).toHaveLength(1));
  });

  it('the console banner shows the member’s active announcements, urgent first, and hides one on request', async () => {
    sessionStorage.clear();
    const views: AnnouncementView[] = [
      { id: 1, text: 'Evacuate the east wing', description: '<p>Use the <em>north</em> stairs.</p>', url: 'https://example.test/plan', urgent: 1, pinned: 0, verbal: 1, user_type_ids: [4], publish_at: new Date().toISOString(), expires_at: null },
      { id: 2, text: 'Canteen closed', description: '', url: null, urgent: 0, pinned: 1, verbal: 0, user_type_ids: [4], publish_at: new Date().toISOString(), expires_at: null },
    ];
    answerByRoute(vi, { 'GET /api/my_announcements': { data: views } });
    renderAt(<AnnouncementsBanner />);
    const banner = await screen.findByRole('region', { name: 'Announcements for you' });
    expect(within(banner).getByText('Urgent: Evacuate the east wing')).toBeInTheDocument();
    expect(within(banner).getByText('north').tagName).toBe('EM');
    expect(within(banner).getByRole('link', { name: 'Open the link' })).toHaveAttribute('href', 'https://example.test/plan');
    fireEvent.click(within(banner).getAllByRole('button', { name: 'Hide this announcement' })[1]);
    await waitFor(() => expect(screen.queryByText('Canteen closed')).toBeNull());
    expect(JSON.parse(sessionStorage.getItem('gatehouse.announcements.dismissed')!)).toHaveLength(1);
  });
});
