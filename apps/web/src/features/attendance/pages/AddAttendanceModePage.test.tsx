import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { renderAt, testSession } from '../../../test/render';
import AddAttendanceModePage from './AddAttendanceModePage';

describe('/add-attendance-mode', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the server’s "mode name exists" on the name field (rule 249) and posts the mode', async () => {
    setSession(testSession({ permissions: { 'attendance modes': 1 } }) as never);
    const fetchMock = vi.fn(async () =>
      new Response(JSON.stringify({ message: 'An attendance mode with this name already exists.', errors: { name: ['An attendance mode with this name already exists.'] } }), { status: 409 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt(<AddAttendanceModePage />, '/add-attendance-mode');
    await userEvent.type(screen.getByLabelText(/Name/), 'Staff day');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An attendance mode with this name already exists.')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/attendance_mode');
    expect(JSON.parse(String(init.body))).toMatchObject({ entity_id: 1, name: 'Staff day', schedule_days: [1, 2, 3, 4, 5], from: '08:00', to: '16:00' });
  });

  it('checks the name on the client first (at least 2 characters) without calling the server', async () => {
    setSession(testSession({ permissions: { 'attendance modes': 1 } }) as never);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAt(<AddAttendanceModePage />, '/add-attendance-mode');
    await userEvent.type(screen.getByLabelText(/Name/), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The mode name must be at least 2 characters.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
