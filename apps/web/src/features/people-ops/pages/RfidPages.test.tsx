import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttp } from '../../../lib/http';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, pickOption, renderAt, testSession } from '../../../test/render';
import { personRow } from '../../users/testing';
import RfidEnrollmentPage from './RfidEnrollmentPage';
import RfidPage from './RfidPage';

const pref = { data: { id: 1, employee_id: 5, entity_id: 1, page_url: '/rfid-enrollment', table_head: null, url: null } };

describe('/rfid-enrollment and /rfid/:code', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { users: 1 } }) as never);
  });
  beforeEach(() => configureHttp({ navigate: vi.fn() }));
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    resetHttp();
    await initI18n('en');
  });

  it('shows each person’s enrolment state, filters by it on the server and mails the instructions naming the chosen kiosk', async () => {
    const api = answerByRoute(vi, {
      'GET /api/users/1': { data: [personRow(7, 'Kofi'), personRow(8, 'Lena')], count: 2 },
      'GET /api/get_users_have_rfid_enrollment': { data: [{ id: 7, has_rfid: 1 }, { id: 8, has_rfid: 0 }] },
      'GET /api/kiosk/1': { data: [{ id: 4, name: 'Front desk' }], count: 1 },
      'GET /api/adminPreference/1': pref,
      'POST /api/send-rfid-instructions': { message: 'RFID enrolment instructions sent.' },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderAt(<RfidEnrollmentPage />, '/rfid-enrollment');
    const kofi = (await screen.findByText('Kofi Test')).closest('tr')!;
    expect(within(kofi).getByText('Enrolled')).toBeInTheDocument();
    expect(within(screen.getByText('Lena Test').closest('tr')!).getByText('Not enrolled')).toBeInTheDocument();
    expect(callsOf(api).find((c) => c.href.startsWith('/api/get_users_have_rfid_enrollment'))!.href).toContain('userIds=7%2C8');
    const user = userEvent.setup();
    await pickOption(user, screen.getByRole('combobox', { name: 'Kiosk for the card' }), 'Front desk');
    fireEvent.click(screen.getByRole('button', { name: 'Send RFID instructions to Lena Test' }));
    await waitFor(() => expect(callsOf(api).find((c) => c.href === '/api/send-rfid-instructions')?.body).toEqual({ user_id: 8, kiosk_id: 4 }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'RFID enrolment instructions sent.' })));
    expect(screen.getByRole('button', { name: 'Send RFID instructions to Lena Test' })).toHaveTextContent('Send again');
    await pickOption(user, screen.getByRole('combobox', { name: 'RFID card' }), 'Not enrolled');
    await waitFor(() => expect(callsOf(api).some((c) => c.href.startsWith('/api/users/1') && c.href.includes(encodeURIComponent('"has_rfid":0')))).toBe(true));
  });

  it('rule 172: the public page greets the person, submits with Enter, answers a used value with the documented message, then succeeds', async () => {
    let tries = 0;
    const api = answerByRoute(vi, {
      'POST /api/verify-rfid-code': (c) => {
        const body = c.body as { code: string; rfid?: string };
        if (!body.rfid) return { message: 'ok', data: { valid: 1, first_name: 'Kofi', enrolled: 0 } };
        tries += 1;
        return tries === 1 ? [409, { message: 'This RFID value is already in use.', errors: { rfid: ['This RFID value is already in use.'] } }] : { message: 'User Updated', data: { valid: 1, first_name: 'Kofi', enrolled: 1 } };
      },
    });
    renderAt(<RfidPage />, '/rfid/abc123def456', '/rfid/:code');
    expect(await screen.findByText('Hello Kofi, enter the number of your RFID card and press Enter.')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'RFID card number' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Enter the card number.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'CARD-1' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('This RFID value is already in use.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'CARD-2' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByTestId('rfid-done')).toHaveTextContent('Your RFID card is registered.');
    expect(callsOf(api).filter((c) => c.href === '/api/verify-rfid-code').map((c) => c.body)).toEqual([{ code: 'abc123def456' }, { code: 'abc123def456', rfid: 'CARD-1' }, { code: 'abc123def456', rfid: 'CARD-2' }]);
  });

  it('an expired link says so; in Arabic the page reads right to left', async () => {
    await initI18n('ar');
    answerByRoute(vi, { 'POST /api/verify-rfid-code': [404, { message: 'رابط تسجيل RFID هذا غير صالح أو منتهي الصلاحية.' }] });
    renderAt(<RfidPage />, '/rfid/expired-code-1', '/rfid/:code');
    expect(await screen.findByRole('alert')).toHaveTextContent('رابط تسجيل RFID هذا غير صالح أو منتهي الصلاحية.');
    expect(screen.getAllByText('سجّل بطاقة RFID الخاصة بك').length).toBeGreaterThan(0);
    expect(document.documentElement.dir).toBe('rtl');
  });
});
