import type { AttendanceMode } from '@gatehouse/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../../test/render';
import AddReasonPage from './AddReasonPage';

const mode = (over: Partial<AttendanceMode> = {}): AttendanceMode => ({
  id: 3,
  entity_id: 1,
  name: 'Staff day',
  schedule_days: [1, 2, 3, 4, 5],
  from: '08:00:00',
  to: '16:00:00',
  late_sign_in_grace: 10,
  early_sign_out_grace: 10,
  on_time_attendance_code_id: null,
  integration_id: null,
  reasons: [{ id: 7, attendance_mode_id: 3, name: 'Traffic', presented_reason: null, type: 'late_sign_in', from: '08:00:00', to: '10:00:00', duration: 30, attendance_code_id: null, attendance_code: null }],
  users_count: 4,
  can_manage: 1,
  ...over,
});
const codes = { data: [{ id: 2, code: 'L', name: 'Late', integration_id: null, add_reason: 0, attendance_mode_id: null }], count: 1 };

async function fill(user: ReturnType<typeof userEvent.setup>, label: RegExp | string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

describe('/add-reason (rules 248-253)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    configure({ asyncUtilTimeout: 5000 });
  });
  beforeEach(() => setSession(testSession({ permissions: { 'attendance modes': 1 } }) as never));
  afterEach(() => vi.unstubAllGlobals());

  it('refuses, before any call, a taken name, a range outside the mode or overlapping a reason of the same type, and a duration past the end', async () => {
    const fetchMock = answerByRoute(vi, {
      'GET /api/attendance_modes/3': { data: mode() },
      'GET /api/attendance_code/1/3': codes,
      'POST /api/reason': { message: 'Reason added.', data: {} },
    });
    const user = userEvent.setup();
    renderAt(<AddReasonPage />, '/add-reason?mode=3');
    expect(await screen.findByText('The mode runs from 08:00 to 16:00: reasons must lie inside it.')).toBeInTheDocument();
    await fill(user, /^Reason/, 'traffic');
    fireTime('From', '11:00');
    fireTime('To', '12:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This mode already has a reason with this name.')).toBeInTheDocument();
    await fill(user, /^Reason/, 'Bus late');
    fireTime('From', '07:30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("The reason's time range must lie inside the mode's range.")).toBeInTheDocument();
    fireTime('From', '09:30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The time range overlaps another reason of the same type.')).toBeInTheDocument();
    fireTime('From', '15:00');
    fireTime('To', '15:50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("The duration plus the reason's end time cannot exceed the mode's end.")).toBeInTheDocument();
    expect(callsOf(fetchMock).some((c) => c.method === 'POST')).toBe(false);
    // An early sign-out reason may share the late reason's hours: another type.
    fireTime('From', '09:00');
    fireTime('To', '10:00');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Early sign-out', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsOf(fetchMock).find((c) => c.method === 'POST')?.body).toEqual({
        entity_id: 1,
        attendance_mode_id: 3,
        name: 'Bus late',
        presented_reason: '',
        type: 'early_sign_out',
        from: '09:00',
        to: '10:00',
        duration: 15,
        attendance_code_id: null,
      }),
    );
  });

  it('a mode outside the caller’s attendance-mode access is read-only, with the explanation (rule 101)', async () => {
    answerByRoute(vi, { 'GET /api/attendance_modes/3': { data: mode({ can_manage: 0 }) }, 'GET /api/attendance_code/1/3': codes });
    renderAt(<AddReasonPage />, '/add-reason?mode=3');
    expect(await screen.findByText(/outside your access: you can see it, but not change it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    const table = screen.getByTestId('reasons-table');
    expect(within(table).getByText('Traffic')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Delete Traffic' })).toBeNull();
  });
});

/** A time input gets its value from the browser's picker at once. */
const fireTime = (label: string, value: string) => fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
