import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttp } from '../../../lib/http';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../../test/render';
import { personRow } from '../../users/testing';
import DuplicationBoardPage from './DuplicationBoardPage';

const pair = { user: personRow(7, 'Kofi', { email: 'kofi@x.test' }), duplicate: personRow(8, 'Koffi', { email: 'kofi@x.test' }), reasons: ['email', 'name'], similarity: 0.8 };
const pref = { data: { id: 1, employee_id: 5, entity_id: 1, page_url: '/duplication-control-board', table_head: null, url: null } };

describe('/duplication-control-board', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { users: 1 } }) as never);
  });
  beforeEach(() => configureHttp({ navigate: vi.fn() }));
  afterEach(() => {
    vi.unstubAllGlobals();
    resetHttp();
  });

  it('rules 180, 286-287: lists pairs with reasons; no choice says "Please select a user"; the merge is confirmed, shown, and the pair leaves the list', async () => {
    let merged = false;
    const api = answerByRoute(vi, {
      'GET /api/get_users_duplicate/1': () => (merged ? { data: [], count: 0 } : { data: [pair], count: 1 }),
      'GET /api/adminPreference/1': pref,
      'POST /api/merge_user': () => {
        merged = true;
        return { message: 'Merged User', data: { ...pair.duplicate } };
      },
    });
    renderAt(<DuplicationBoardPage />, '/duplication-control-board');
    expect(await screen.findByText('Koffi Test')).toBeInTheDocument();
    const row = screen.getByText('Koffi Test').closest('tr')!;
    expect(within(row).getByText('Same e-mail')).toBeInTheDocument();
    expect(within(row).getByText('Similar name')).toBeInTheDocument();
    expect(screen.getByText('80%')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Merge Kofi Test and Koffi Test' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a user');
    expect(callsOf(api).some((c) => c.href === '/api/merge_user')).toBe(false);
    fireEvent.click(within(dialog).getByRole('radio', { name: /Koffi Test/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(within(dialog).getByTestId('merge-confirm')).toHaveTextContent('Keep Koffi Test and merge Kofi Test into them?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge now' }));
    expect(await screen.findByTestId('merge-result')).toHaveTextContent('Merged User: Kofi Test was merged into Koffi Test.');
    expect(callsOf(api).find((c) => c.href === '/api/merge_user')!.body).toEqual({ keep_user_id: 8, merge_user_id: 7 });
    await waitFor(() => expect(screen.queryByText('Koffi Test')).not.toBeInTheDocument());
  });

  it('narrows the list by reason on the server and shows the server refusal in the dialog', async () => {
    const api = answerByRoute(vi, {
      'GET /api/get_users_duplicate/1': { data: [pair], count: 1 },
      'GET /api/adminPreference/1': pref,
      'POST /api/merge_user': [409, { message: 'An error occurred. Please try again later' }],
    });
    renderAt(<DuplicationBoardPage />, '/duplication-control-board');
    await screen.findByText('Koffi Test');
    fireEvent.click(screen.getByText('Same phone'));
    await waitFor(() => expect(callsOf(api).some((c) => c.href.includes(encodeURIComponent('"reason":"phone"')))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Merge Kofi Test and Koffi Test' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Kofi Test/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An error occurred. Please try again later');
  });

  it('issue 15: says honestly that similar names are still being compared (how many people are left), and when the count is a floor', async () => {
    let pending = 1200;
    answerByRoute(vi, {
      'GET /api/get_users_duplicate/1': () => ({ data: [pair], count: 1, names_pending: pending, count_capped: false }),
      'GET /api/adminPreference/1': pref,
    });
    renderAt(<DuplicationBoardPage />, '/duplication-control-board');
    expect(await screen.findByTestId('names-pending')).toHaveTextContent('Still looking for similar names. People left to compare: 1,200.');
    expect(screen.queryByTestId('names-capped')).not.toBeInTheDocument();
    // Once everyone is compared (the board asks again while people are left), the notice goes.
    pending = 0;
    await waitFor(() => expect(screen.queryByTestId('names-pending')).not.toBeInTheDocument(), { timeout: 8_000 });
  });

  it('issue 15: more similar-name pairs than counted: the board says the list holds only the closest', async () => {
    answerByRoute(vi, {
      'GET /api/get_users_duplicate/1': { data: [pair], count: 10_003, names_pending: 0, count_capped: true },
      'GET /api/adminPreference/1': pref,
    });
    renderAt(<DuplicationBoardPage />, '/duplication-control-board');
    expect(await screen.findByTestId('names-capped')).toHaveTextContent('More than 10,003 pairs by similar name');
    expect(screen.queryByTestId('names-pending')).not.toBeInTheDocument();
  });

  it('every string in ar is Arabic and the page title is translated', async () => {
    await initI18n('ar');
    answerByRoute(vi, { 'GET /api/get_users_duplicate/1': { data: [pair], count: 1, names_pending: 3, count_capped: false }, 'GET /api/adminPreference/1': pref });
    renderAt(<DuplicationBoardPage />, '/duplication-control-board');
    expect(await screen.findByText('لوحة التحكم في التكرار')).toBeInTheDocument();
    expect(await screen.findByTestId('names-pending')).toHaveTextContent('لا يزال البحث عن الأسماء المتشابهة جاريًا');
    expect(within((await screen.findByText('Koffi Test')).closest('tr')!).getByText('البريد الإلكتروني نفسه')).toBeInTheDocument();
    await initI18n('en');
  });
});
