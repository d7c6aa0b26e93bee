import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import { getSession, setSession } from '../../lib/session';
import { SIDEBAR_KEY } from '../../lib/storage-keys';
import { testSession } from '../../test/render';
import { usePageAside } from './aside';
import { Shell } from './Shell';

vi.mock('socket.io-client', () => ({ io: () => ({ on: () => {}, off: () => {}, emit: () => {}, connect: () => {}, disconnect: () => {}, removeAllListeners: () => {} }) }));

function PageWithAside() {
  const filters = useMemo(() => <p>Filters of this page</p>, []);
  usePageAside(filters);
  return <p>page body</p>;
}

function open(page: React.ReactElement) {
  const router = createMemoryRouter([{ element: <Shell />, children: [{ path: '*', element: page }] }], { initialEntries: ['/company'] });
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('Shell: top bar and menu state', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => {
    localStorage.clear();
    setSession(testSession({ permissions: { company_details: 1 } }) as any);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const s = getSession();
        const data = url === '/api/user_details' ? s?.user : url === '/api/user-role' ? { ...s?.role, permissions: s?.permissions } : url.startsWith('/api/get-entity/') ? s?.entity : url === '/api/my_announcements' ? [] : { is_active: 1 };
        return new Response(JSON.stringify({ data }), { status: 200 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('rules 54, 58: default logo when the entity has none, and the name truncated', async () => {
    open(<p>page body</p>);
    expect(await screen.findByTestId('top-logo')).toHaveAttribute('src', '/gatehouse.svg');
    expect(screen.getByTestId('top-user-name')).toHaveTextContent('Amelia Johnson'); // 14 characters: whole
  });

  it('rule 53: the pinned menu choice is kept in local storage', async () => {
    open(<p>page body</p>);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Keep the menu open' }));
    expect(localStorage.getItem(SIDEBAR_KEY)).toBe('true');
    expect(await screen.findByRole('button', { name: 'Collapse the menu' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('rule 55: a page owns the right-hand sidebar, opened from the top bar', async () => {
    open(<PageWithAside />);
    const toggle = await screen.findByRole('button', { name: 'Open or close the side panel' });
    expect(screen.getByTestId('page-aside')).toHaveTextContent('Filters of this page');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('the side-panel toggle is not there when the page has no sidebar', async () => {
    open(<p>page body</p>);
    await screen.findByText('page body');
    expect(screen.queryByRole('button', { name: 'Open or close the side panel' })).toBeNull();
  });
});
