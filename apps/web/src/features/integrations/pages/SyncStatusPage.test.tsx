import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../../test/render';
import { integration } from '../test-data';
import SyncStatusPage from './SyncStatusPage';

const at = (r: { state: { location: { pathname: string; search: string } } }) => r.state.location.pathname + r.state.location.search;
const others = ['/integration', '/integration-duplicate', '/integration-error', '/integration-settings', '/view-integration/:integId/:integName'].map((path) => ({ path, element: <p>{path}</p> }));
const status = (code: number, counts: Record<string, number> = {}, errors: { type: string; message: string }[] = []) => ({ data: { id: 4, status: 'draft', code, migration_stage: 'idle', run_id: 12, counts, errors } });
/** Lets the answers of the fake fetch (promises and streams) settle without moving the fake clock. */
const settle = () => act(async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
});
const advance = async (ms: number) => {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await settle();
};

function stub(codes: ReturnType<typeof status>[], left = { errors: 0, duplicates: 0, valid: 5, can_edit_fields: 1 }) {
  const queue = [...codes];
  return answerByRoute(vi, {
    'GET /api/integration/info': { data: integration() },
    'GET /api/integration/synctempjob/status': () => (queue.length > 1 ? queue.shift() : queue[0]),
    'GET /api/integration/checkDuplicate': { data: left },
    'GET /api/integration/directories': { data: [], count: 0, types: [] },
    'POST /api/integration/firstSync': [202, { message: 'Sync started', data: { run_id: 13, code: 0 } }],
    'POST /api/integration/migrateUsers': [202, { message: 'Sync started', data: { run_id: 14, code: 0 } }],
  });
}
const polls = (f: ReturnType<typeof stub>) => callsOf(f).filter((c) => c.path === '/api/integration/synctempjob/status').length;

describe('/sync-status (rules 17, 36, 270-274)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => {
    setSession(testSession({ permissions: { integration: 1 } }) as never);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('rule 273-274: the first check 3 s after the start, then every 5 s while it runs, with the step and counts; rule 36: duplicates first', async () => {
    const f = stub([status(1), status(2, { listed: 120 }), status(15, { listed: 240, valid: 230, error: 4, duplicate: 6 })], { errors: 4, duplicates: 6, valid: 230, can_edit_fields: 0 });
    const { router } = renderAt(<SyncStatusPage />, '/sync-status?id=4', '/sync-status', others);
    await advance(2900);
    expect(polls(f)).toBe(0);
    await advance(100);
    expect(polls(f)).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent('Signing in to the directory…');
    await advance(4900);
    expect(polls(f)).toBe(1);
    await advance(100);
    expect(polls(f)).toBe(2);
    expect(screen.getByRole('status')).toHaveTextContent('Reading the people and groups…');
    expect(screen.getByRole('table', { name: 'Counts' })).toHaveTextContent('Read120');
    await advance(5000);
    expect(polls(f)).toBe(3);
    expect(at(router)).toBe('/integration-duplicate?id=4');
    await advance(10_000);
    expect(polls(f)).toBe(3);
  });

  it('rule 36: with errors and no duplicates it opens the error list; with neither, the integration', async () => {
    const f = stub([status(3)], { errors: 2, duplicates: 0, valid: 3, can_edit_fields: 0 });
    const a = renderAt(<SyncStatusPage />, '/sync-status?id=4', '/sync-status', others);
    await advance(3000);
    expect(at(a.router)).toBe('/integration-error?id=4');
    a.unmount();
    f.mockClear();
    stub([status(3)]);
    const b = renderAt(<SyncStatusPage />, '/sync-status?id=4', '/sync-status', others);
    await advance(3000);
    expect(at(b.router)).toBe('/view-integration/4/Northfield%20Wonde');
  });

  it('rules 270-271: code 4 is shown as Retry, which restarts the first sync and polls again', async () => {
    const f = stub([status(4), status(0), status(3)]);
    renderAt(<SyncStatusPage />, '/sync-status?id=4', '/sync-status', others);
    await advance(3000);
    expect(screen.getByText('The sync failed.')).toBeInTheDocument();
    expect(polls(f)).toBe(1);
    await advance(10_000);
    expect(polls(f)).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(callsOf(f).filter((c) => c.path === '/api/integration/firstSync')).toHaveLength(1);
    await advance(3000);
    expect(polls(f)).toBe(2);
  });

  it('rule 270: 9 asks the user to go back and re-authenticate; 10 shows the server’s message', async () => {
    stub([status(9)]);
    const a = renderAt(<SyncStatusPage />, '/sync-status?id=4', '/sync-status', others);
    await advance(3000);
    expect(screen.getByRole('link', { name: 'Go back and re-authenticate' })).toHaveAttribute('href', '/integration-settings?id=4');
    a.unmount();
    stub([status(10, {}, [{ type: 'AUTH', message: 'Wonde: the token was revoked' }])]);
    renderAt(<SyncStatusPage />, '/sync-status?id=4', '/sync-status', others);
    await advance(3000);
    expect(screen.getByText('The directory refused the credentials.')).toBeInTheDocument();
    expect(screen.getByText('Wonde: the token was revoked')).toBeInTheDocument();
  });

  it('rule 274: a migration is polled every 3 s', async () => {
    const f = stub([status(6), status(6), status(3)]);
    const { router } = renderAt(<SyncStatusPage />, '/sync-status?id=4&kind=migration', '/sync-status', others);
    await advance(3000);
    expect(polls(f)).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent('Moving the people in…');
    await advance(3000);
    expect(polls(f)).toBe(2);
    await advance(3000);
    expect(polls(f)).toBe(3);
    expect(at(router)).toBe('/view-integration/4/Northfield%20Wonde');
  });

  it('rule 17: without an integration it sends the user to /integration', async () => {
    const f = stub([status(3)]);
    const { router } = renderAt(<SyncStatusPage />, '/sync-status', '/sync-status', others);
    await settle();
    expect(at(router)).toBe('/integration');
    await advance(5000);
    expect(polls(f)).toBe(0);
  });
});
