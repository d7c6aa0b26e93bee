import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { setSession } from '../../lib/session';
import { renderAt, testSession } from '../../test/render';
import { DataGrid, type GridQuery, toFilterBy } from './DataGrid';
import { parseTableHead } from './use-column-preference';

interface Site {
  id: number;
  name: string;
  city: string;
  code: string;
}
const SITES: Site[] = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `Site ${String(i + 1).padStart(2, '0')}`, city: i % 2 ? 'Leeds' : 'York', code: `S${i + 1}` }));

/** A fake server for the preference calls; the list itself is the feature's fetcher. */
function preferenceServer(saved: unknown) {
  const posts: any[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === 'POST') {
        const body = JSON.parse(init.body as string);
        posts.push(body);
        saved = body.table_head;
      }
      return new Response(JSON.stringify({ data: { id: 1, employee_id: 5, entity_id: 1, page_url: '/sites', table_head: saved, url: null } }), { status: 200 });
    }),
  );
  return posts;
}

describe('DataGrid', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => {
    localStorage.clear();
    setSession(testSession() as any);
  });
  afterEach(() => vi.unstubAllGlobals());

  const columns = [
    { id: 'name', header: 'Name', sortField: 'name', fixed: true },
    { id: 'city', header: 'City', sortField: 'city' },
    { id: 'code', header: 'Code', defaultHidden: true },
  ];

  it('pages and sorts on the server (page size 10, rule 123) and shows the total', async () => {
    preferenceServer(null);
    const calls: GridQuery[] = [];
    const fetchPage = vi.fn(async (q: GridQuery) => {
      calls.push(q);
      const sorted = q.orderBy === 'desc' ? [...SITES].reverse() : SITES;
      return { data: sorted.slice((q.page - 1) * q.limit, q.page * q.limit), count: SITES.length };
    });
    renderAt(<DataGrid pageUrl="/sites" queryKey={['sites']} fetchPage={fetchPage} columns={columns} rowId={(s) => s.id} />);
    expect(await screen.findByText('Site 01')).toBeInTheDocument();
    expect(screen.getByText('Total: 23')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ page: 1, limit: 10 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Site 11')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ page: 2, limit: 10 });
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ page: 1, sortField: 'name', orderBy: 'asc' }));
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ sortField: 'name', orderBy: 'desc' }));
    expect(await screen.findByText('Site 23')).toBeInTheDocument();
  });

  it('shows the empty state and sends the search as filterBy', async () => {
    preferenceServer(null);
    const calls: GridQuery[] = [];
    renderAt(
      <DataGrid pageUrl="/sites" queryKey={['sites', 'empty']} filters={{ city: 'York' }} fetchPage={async (q) => (calls.push(q), { data: [], count: 0 })} columns={columns} rowId={(s: Site) => s.id} />,
    );
    expect(await screen.findByText('No records found.')).toBeInTheDocument();
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Search' }), 'north');
    await waitFor(() => expect(calls.at(-1)?.filterBy).toBe(JSON.stringify({ city: 'York', search: 'north' })), { timeout: 3000 });
  });

  it('rule 128: the column switcher applies the saved columns and saves a new choice through /api/adminPreference', async () => {
    const posts = preferenceServer(['name', 'code']);
    renderAt(<DataGrid pageUrl="/sites" queryKey={['sites', 'cols']} fetchPage={async () => ({ data: SITES.slice(0, 2), count: 2 })} columns={columns} rowId={(s) => s.id} />);
    expect(await screen.findByRole('columnheader', { name: 'Code' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /City/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const city = await screen.findByRole('menuitem', { name: 'City' });
    expect(city).toHaveAttribute('aria-pressed', 'false');
    await user.click(city);
    await waitFor(() => expect(posts).toHaveLength(1));
    // Every column with whether it shows: the server counts them against the page's columns (rule 128).
    expect(posts[0]).toMatchObject({ entity_id: 1, page_url: '/sites', table_head: { name: true, city: true, code: true } });
    expect(await screen.findByRole('columnheader', { name: /City/ })).toBeInTheDocument();
  });

  it('goes back to the first page when the filters change, and hands the shown rows to the page', async () => {
    preferenceServer(null);
    const calls: GridQuery[] = [];
    const seen: Site[][] = [];
    const fetchPage = async (q: GridQuery) => (calls.push(q), { data: SITES.slice((q.page - 1) * q.limit, q.page * q.limit), count: SITES.length });
    function Harness() {
      const [city, setCity] = useState('York');
      return (
        <>
          <button type="button" onClick={() => setCity('Leeds')}>Leeds only</button>
          <DataGrid pageUrl="/sites" queryKey={['sites', 'filter']} filters={{ city }} fetchPage={fetchPage} columns={columns} rowId={(s: Site) => s.id} onRowsChange={(r) => seen.push(r)} />
        </>
      );
    }
    renderAt(<Harness />);
    expect(await screen.findByText('Site 01')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ page: 2 }));
    await waitFor(() => expect(seen.at(-1)?.[0].id).toBe(11));
    await user.click(screen.getByRole('button', { name: 'Leeds only' }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ page: 1, filterBy: JSON.stringify({ city: 'Leeds' }) }));
  });

  it('reads table_head as an array or a JSON string, and builds filterBy only when there is something to filter', () => {
    expect(parseTableHead('["a","b"]')).toEqual(['a', 'b']);
    expect(parseTableHead({ a: true, b: false, c: 1 })).toEqual(['a', 'c']);
    expect(parseTableHead('{"a":false,"b":true}')).toEqual(['b']);
    expect(parseTableHead(null)).toBeNull();
    expect(parseTableHead('nonsense')).toBeNull();
    expect(toFilterBy({ status: '' }, '  ')).toBeUndefined();
    expect(toFilterBy({ status: 1 }, ' x ')).toBe('{"status":1,"search":"x"}');
  });
});
