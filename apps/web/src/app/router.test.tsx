import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';
import { getSession, setSession } from '../lib/session';
import { testSession } from '../test/render';
import { EXISTING_PATHS } from './route-table';
import { buildRouteObjects } from './router';

vi.mock('socket.io-client', () => ({ io: () => ({ on: () => {}, off: () => {}, emit: () => {}, connect: () => {}, disconnect: () => {}, removeAllListeners: () => {} }) }));

function open(path: string) {
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return router;
}
const at = (router: ReturnType<typeof open>) => router.state.location.pathname + router.state.location.search;

describe('the route table behind the router (rules 15, 16, 19, 91, 92)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => {
    localStorage.clear();
    // The server as the shell's session refresh sees it: it answers what the stored session says.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const s = getSession();
        const data =
          url === '/api/user_details' ? s?.user : url === '/api/user-role' ? { ...s?.role, permissions: s?.permissions } : url.startsWith('/api/get-entity/') ? s?.entity : null;
        return new Response(JSON.stringify({ data }), { status: 200 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a stranger goes to /login with the page to return to, also from an unknown path; public pages open', async () => {
    const r = open('/company');
    await waitFor(() => expect(at(r)).toBe('/login?next=%2Fcompany'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Log in | Gatehouse'));
    const r2 = open('/no/such/page');
    await waitFor(() => expect(at(r2)).toBe('/login?next=%2Fno%2Fsuch%2Fpage'));
    const r3 = open('/link-expired?reason=deleted');
    expect(await screen.findByText(/Your confirmation link has expired because your visit has been deleted\./)).toBeInTheDocument();
    expect(at(r3)).toBe('/link-expired?reason=deleted');
  });

  it('a signed-in user on an unknown path sees /404', async () => {
    setSession(testSession({ permissions: { company_details: 1 } }) as any);
    const r = open('/no/such/page');
    await waitFor(() => expect(at(r)).toBe('/404'));
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });

  it('rule 91: a page whose permission is 0 sends the user to the start page; rule 92: Standalone keeps /company for support', async () => {
    setSession(testSession({ permissions: { company_details: 0 } }) as any);
    const r = open('/company');
    await waitFor(() => expect(at(r)).not.toBe('/company'));
    expect(['/', '/passport']).toContain(r.state.location.pathname);
    setSession(testSession({ permissions: { company_details: 1 }, package: 'Standalone' }) as any);
    const r2 = open('/company');
    // Standalone goes to the sites list once it exists, to /error until then
    await waitFor(() => expect(at(r2)).toBe(EXISTING_PATHS.has('/sites') ? '/sites' : '/error'), { timeout: 5000 });
    setSession(testSession({ permissions: { company_details: 1 }, package: 'Standalone', isSupport: true }) as any);
    const r3 = open('/company');
    await new Promise((res) => setTimeout(res, 300));
    expect(at(r3)).toBe('/company');
  });
});
