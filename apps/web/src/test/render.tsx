import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { i18n } from '../lib/i18n';

/** Renders an element inside the app's providers and a memory data router at `path`; `others` are extra routes. */
export function renderAt(element: ReactElement, path = '/', routePath = '*', others: { path: string; element: ReactElement }[] = []) {
  const router = createMemoryRouter([{ path: routePath, element }, ...others], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={client}>
          <ModalsProvider>
            <RouterProvider router={router} />
          </ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { ...view, router };
}

/** A stored session for tests. */
export const testSession = (over: { permissions?: Record<string, 0 | 1>; package?: 'Cloud' | 'Standalone' | null; isSupport?: boolean; name?: string } = {}) => ({
  token: 'tok-test',
  expires_at: '2030-01-01T00:00:00Z',
  user: { id: 5, user_id: 9, email: 'amelia@northfield.test', fullName: 'Amelia Johnson', first_name: 'Amelia', last_name: 'Johnson', image: null, role_id: 1, role: 'admin', is_otp_enabled: 0 as const, passport_id: '6a9a436a-dbe6-4201-a6bb-cd0ecc271207', lang: 'en' as const, is_support: (over.isSupport ? 1 : 0) as 0 | 1 },
  entity: { id: 1, name: over.name ?? 'Northfield Academy', subdomain: 'northfield', logo: null, package: over.package === undefined ? ('Cloud' as const) : over.package, plan: 3, subscription: 'cloud' as const, owner_id: 9, otp_roles: [] },
  permissions: Object.fromEntries(Object.entries(over.permissions ?? {}).map(([k, v]) => [k, { pivot: { allowed: v } }])),
  role: { id: 1, name: 'admin' },
  plan: 3,
});

/** Replaces fetch with a queue of JSON answers; returns the mock to inspect calls. */
export function answerWith(vi: { fn: (impl: any) => any; stubGlobal: (n: string, v: unknown) => void }, ...answers: [number, unknown][]) {
  const queue = [...answers];
  const mock = vi.fn(async () => {
    const [status, body] = queue.length > 1 ? queue.shift()! : queue[0];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
