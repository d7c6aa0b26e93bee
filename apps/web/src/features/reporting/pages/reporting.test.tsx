import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../../test/render';
import { PrivacyManagerPage } from '../../privacy/testing';
import PrintListPage from './PrintListPage';
import VisitSummaryPage from './VisitSummaryPage';

// recharts measures its container; jsdom has no layout.
class RO {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeAll(async () => {
  await initI18n('en');
  vi.stubGlobal('ResizeObserver', RO);
});
beforeEach(() => setSession(testSession()));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.stubGlobal('ResizeObserver', RO);
  await i18n.changeLanguage('en');
});

const summary = {
  data: {
    start: '2026-03-01',
    end: '2026-03-02',
    totals: { sign_ins: 6, sign_outs: 5, people: 5 },
    by_day: [
      { date: '2026-03-01', sign_ins: 0, sign_outs: 0, people: 0 },
      { date: '2026-03-02', sign_ins: 6, sign_outs: 5, people: 5 },
    ],
    by_site: [{ id: 1, name: 'London School', sign_ins: 4, people: 3 }],
    by_area: [{ id: 3, name: 'Hall', sign_ins: 3, people: 3 }],
    by_user_type: [{ id: 2, name: 'Visitor', sign_ins: 3, people: 2 }],
    by_input_method: [{ id: 'qr', name: 'qr', sign_ins: 5, people: 4 }],
  },
};

describe('visit summary', () => {
  it('shows every chart with its table beside it, dates as DD/MM/YYYY, in Arabic too', async () => {
    answerByRoute(vi, { 'GET /api/visit_summary/1': summary, 'GET /api/get_history_data_grid/1': { data: { columns: [], sites: [], areas: [], user_types: [], kiosks: [] } } });
    renderAt(<VisitSummaryPage />);
    const byDay = await screen.findByRole('table', { name: 'By day' });
    expect(within(byDay).getByText('02/03/2026')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'By site' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'By input method' })).getByText('QR code')).toBeInTheDocument();
    await i18n.changeLanguage('ar');
    expect(await screen.findByRole('table', { name: 'حسب اليوم' })).toBeInTheDocument();
  }, 30_000);
});

describe('print list (rule 291)', () => {
  it('cancels a queued job and reprints a printed one', async () => {
    const job = (over: object) => ({ id: 1, printer: 'Reception kiosk', status: 'printed', person: { id: 4, name: 'Vera Visitor' }, kiosk: { id: 2, name: 'Reception kiosk' }, reprint_of: null, created_at: '2026-03-02T08:00:00Z', expires_at: '2026-03-03T08:00:00Z', executed_at: '2026-03-02T08:00:00Z', can_cancel: 0, can_reprint: 1, ...over });
    const mock = answerByRoute(vi, {
      'GET /api/print_queue_list/1': { data: [job({}), job({ id: 2, status: 'queued', can_cancel: 1, can_reprint: 0, executed_at: null })], count: 2 },
      'PUT /api/cancel_print/2': { message: 'Print Cancelled', data: job({ id: 2, status: 'canceled' }) },
      'PUT /api/reprint/1': { message: 'Sent to the printer again', data: job({ id: 3, status: 'sent' }) },
      'GET /api/adminPreference/1': { data: [] },
      'POST /api/adminPreference': { data: {} },
    });
    const user = userEvent.setup();
    renderAt(<PrintListPage />);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Reprint' }));
    await waitFor(() => expect(callsOf(mock).map((c) => `${c.method} ${c.path}`)).toEqual(expect.arrayContaining(['PUT /api/cancel_print/2', 'PUT /api/reprint/1'])));
  }, 30_000);
});

describe('privacy manager', () => {
  it('shows what a shorter retention removes, saves only once confirmed, and deletes now with the password', async () => {
    const mock = answerByRoute(vi, {
      'GET /api/privacy_manager/1': { data: { default: { data_retention_days: 365, scans_retention_days: 365 }, time_zone: 'Europe/London', user_types: [{ user_type_id: 7, name: 'Visitor', is_staff: 0, data_retention_days: 365, scans_retention_days: 365, source: 'default' }] } },
      'GET /api/cron_jobs/1': { data: [], count: 0, scheduled: [{ name: 'privacy.purge', next_run_at: '2026-03-03T02:00:00Z', time_zone: 'Europe/London' }] },
      'GET /api/privacy_manager/impact/1': { data: { people: 12, scans: 340 } },
      'POST /api/user-type_privacy_manager': { message: 'Data & Scans Updated', data: { people: 12, scans: 340 } },
      'POST /api/delete_now_privacy_manager': [400, { message: 'Invalid', errors: { password: ['The password is not correct.'] } }],
    });
    const user = userEvent.setup();
    renderAt(<PrivacyManagerPage />);
    const days = await screen.findByRole('textbox', { name: 'Days Visitor data is kept' });
    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[1]);
    expect(await screen.findByText(/This deletes 12 people and 340 scans/)).toBeInTheDocument();
    expect(callsOf(mock).some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete and save' }));
    await waitFor(() => expect(callsOf(mock).find((c) => c.method === 'POST')?.body).toMatchObject({ user_type_id: 7, data_retention_days: 30, confirm: 1 }));
    await user.click(screen.getByRole('button', { name: 'Delete now' }));
    await user.type(screen.getByLabelText(/Your password/), 'wrong');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete now' }));
    expect(await screen.findByText('The password is not correct.')).toBeInTheDocument();
    expect(screen.getByText(/Next nightly purge: 03\/03\/2026/)).toBeInTheDocument();
  }, 30_000);
});
