import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { ROUTE_TABLE_INFO } from '../app/route-table';
import { i18n } from '../lib/i18n';
import { RouteTableContext } from '../lib/route-table';

/** Renders an element inside the app's providers and a memory data router at `path`; `others` are extra routes. */
export function renderAt(element: ReactElement, path = '/', routePath = '*', others: { path: string; element: ReactElement }[] = []) {
  const router = createMemoryRouter([{ path: routePath, element }, ...others], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <QueryClientProvider client={client}>
          <ModalsProvider>
            <RouteTableContext.Provider value={ROUTE_TABLE_INFO}>
              <RouterProvider router={router} />
            </RouteTableContext.Provider>
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

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  url: URL;
  /** The path and query as called ("/api/users/1?page=1"). */
  href: string;
  body: any;
}
type StubAnswer = ((req: StubRequest) => unknown) | Record<string, unknown> | unknown[] | null;

/**
 * Replaces fetch with a small fake API for pages that make several calls at once. A key is "METHOD /path": it
 * answers the calls to that path whatever their query string; "METHOD /path?query" answers only that query;
 * a key ending in `*` answers every call that starts with the rest ("PUT /api/area_move/*"; the longest wins).
 * A value is the body (200), a `[status, body]` pair, or a function of the request answering either; bodies sent
 * are parsed from JSON (FormData is kept). Other calls answer 404. Returns the mock (`callsOf` reads its calls).
 */
export function answerByRoute(vi: { fn: (impl: any) => any; stubGlobal: (n: string, v: unknown) => void }, routes: Record<string, StubAnswer>) {
  const prefixes = Object.keys(routes)
    .filter((k) => k.endsWith('*'))
    .sort((a, b) => b.length - a.length);
  const mock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') body = JSON.parse(body);
    const href = url.pathname + url.search;
    const key = [`${method} ${href}`, `${method} ${url.pathname}`].find((k) => k in routes) ?? prefixes.find((k) => `${method} ${href}`.startsWith(k.slice(0, -1)));
    const route = key === undefined ? undefined : routes[key];
    const out = typeof route === 'function' ? route({ method, path: url.pathname, query: url.searchParams, url, href, body }) : route;
    const [status, json] =
      key === undefined ? [404, { message: 'Not found' }] : Array.isArray(out) && out.length === 2 && typeof out[0] === 'number' ? (out as [number, unknown]) : [200, out];
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/**
 * The calls a fetch mock received, each both a `[method, path, body]` tuple and an object with `method`, `path`,
 * `query`, `href` (path and query) and `body` (bodies parsed from JSON), whichever reads better in the test.
 */
export const callsOf = (mock: { mock: { calls: unknown[][] } }) =>
  mock.mock.calls.map(([input, init]) => {
    const i = init as RequestInit | undefined;
    const url = new URL(String(input), 'http://localhost');
    const method = (i?.method ?? 'GET').toUpperCase();
    const body = typeof i?.body === 'string' ? JSON.parse(i.body) : i?.body;
    return Object.assign([method, url.pathname, body] as [string, string, any], { method, path: url.pathname, query: url.searchParams, href: url.pathname + url.search, body });
  });
export type StubCall = ReturnType<typeof callsOf>[number];

/** Opens a Mantine Select / MultiSelect and picks an option of ITS list (other comboboxes keep hidden lists). */
export async function pickOption(user: { click: (e: Element) => Promise<void> }, input: HTMLElement, name: string) {
  await user.click(input);
  const option = await waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    const found = [...(list?.querySelectorAll('[role="option"]') ?? [])].find((o) => o.textContent?.trim() === name);
    if (!found) throw new Error(`no option "${name}" in the list of ${input.getAttribute('aria-label') ?? input.id}`);
    return found;
  });
  await user.click(option);
}
