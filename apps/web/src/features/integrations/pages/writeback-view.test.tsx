import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, pickOption, renderAt, testSession } from '../../../test/render';
import { integration } from '../test-data';
import AttendanceCodesPage from './AttendanceCodesPage';
import ViewIntegrationPage from './ViewIntegrationPage';
import WriteBackPage from './WriteBackPage';

const at = (r: { state: { location: { pathname: string } } }) => r.state.location.pathname;
const codes = {
  data: {
    codes: [
      { id: 1, external_id: 'w1', code: '/', name: 'Present (AM)' },
      { id: 2, external_id: 'w2', code: 'L', name: 'Late before registers closed' },
    ],
    modes: [{ id: 5, name: 'School day', attendance_code_id: 1 }],
    reasons: [
      { id: 8, name: 'Bus late', type: 'late_sign_in', attendance_mode_id: 5, attendance_code_id: null },
      { id: 9, name: 'Dentist', type: 'early_sign_out', attendance_mode_id: 5, attendance_code_id: null },
    ],
  },
};
const scan = (id: number, name: string) => ({ id, scan_id: 100 + id, user_id: 7, full_name: name, at: '2026-11-26T08:52:00Z', date: '2026-11-26', session: 'AM', status: 'pending', attendance_code_id: 2, code: 'L', minutes_late: 22, writeback_id: null, error: null });

describe('write-back, attendance codes and the integration view (rules 17, 269, 279-281)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    configure({ asyncUtilTimeout: 5000 });
  });
  beforeEach(() => setSession(testSession({ permissions: { integration: 1 } }) as never));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the pending sign-ins with their session, code and minutes late; chosen ones get another code, are ignored or written back', async () => {
    const f = answerByRoute(vi, {
      'GET /api/integration/info': { data: integration({ status: 'active' }) },
      'GET /api/integration/get_intgration_scancs_list': { data: [scan(1, 'Maya Patel'), scan(2, 'Leo Grant')], count: 2 },
      'GET /api/integration/get_attendance_code/1/4': codes,
      'PUT /api/integration/edit_intgration_scancs': { message: 'Saved Successfully', data: { updated: 1 } },
      'PUT /api/integration/ignore_intgration_scancs': { message: 'Saved Successfully', data: { updated: 1 } },
      'POST /api/integration/writeBack/scans': [202, { message: 'The marks are being written back.', data: { updated: 2 } }],
    });
    const user = userEvent.setup();
    renderAt(<WriteBackPage />, '/write-back?id=4', '/write-back');
    const table = await screen.findByRole('table', { name: 'Write-back' });
    expect(within(table).getByTestId('scan-1')).toHaveTextContent('AM');
    expect(within(table).getByTestId('scan-1')).toHaveTextContent('22');
    expect(screen.getByRole('button', { name: 'Write back (0)' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Choose the scan of Maya Patel' }));
    await pickOption(user, screen.getByRole('combobox', { name: 'Attendance code' }), '/ — Present (AM)');
    await user.click(screen.getByRole('button', { name: 'Set the code' }));
    await waitFor(() => expect(callsOf(f).find((c) => c.path === '/api/integration/edit_intgration_scancs')?.body).toEqual({ ids: [1], attendanceCodeId: 1 }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose the scan of Leo Grant' }));
    await user.click(screen.getByRole('button', { name: 'Ignore' }));
    await waitFor(() => expect(callsOf(f).find((c) => c.path === '/api/integration/ignore_intgration_scancs')?.body).toEqual({ ids: [2] }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose all' }));
    await user.click(screen.getByRole('button', { name: 'Write back (2)' }));
    // The write-back names the sign-ins (their scan ids), not the rows of the list.
    await waitFor(() => expect(callsOf(f).find((c) => c.path === '/api/integration/writeBack/scans')?.body).toEqual({ id: 4, scan_ids: [101, 102] }));
    expect(callsOf(f).find((c) => c.path === '/api/integration/get_intgration_scancs_list')!.query.get('status')).toBe('pending');
  });

  it('the attendance codes of each mode and reason are saved in one bulk update, only those changed', async () => {
    const f = answerByRoute(vi, {
      'GET /api/integration/get_attendance_code/1/4': codes,
      'POST /api/integration/attendance_codes/bulk-update': { message: 'Saved Successfully', data: { updated: 1 } },
    });
    const user = userEvent.setup();
    renderAt(<AttendanceCodesPage />, '/attendance-codes/4/Northfield%20Wonde', '/attendance-codes/:integId/:integName');
    expect(await screen.findByRole('heading', { name: 'Attendance codes of Northfield Wonde' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Attendance code of School day' })).toHaveValue('/ — Present (AM)');
    expect(screen.getByRole('table', { name: 'Modes and reasons' })).toHaveTextContent('Early sign-out reason');
    expect(screen.getByRole('button', { name: 'Save the codes' })).toBeDisabled();
    await pickOption(user, screen.getByRole('combobox', { name: 'Attendance code of Bus late' }), 'L — Late before registers closed');
    await user.click(screen.getByRole('button', { name: 'Save the codes' }));
    await waitFor(() => expect(callsOf(f).find((c) => c.path === '/api/integration/attendance_codes/bulk-update')?.body).toEqual({ integration_id: 4, modes: [], reasons: [{ id: 8, attendance_code_id: 2 }] }));
  });

  it('rule 17: the codes page with a bad id goes to /integration', async () => {
    answerByRoute(vi, {});
    const { router } = renderAt(<AttendanceCodesPage />, '/attendance-codes/x/Wonde', '/attendance-codes/:integId/:integName', [{ path: '/integration', element: <p>list</p> }]);
    await waitFor(() => expect(at(router)).toBe('/integration'));
  });

  it('the view: statistics linking to the lists, the logs of every run, deactivation (rule 269) and deletion', async () => {
    const f = answerByRoute(vi, {
      'GET /api/integration/info': { data: integration({ status: 'active', migration_stage: 'done' }) },
      'GET /api/integration/statistics': { data: { synced_users: 230, archived_users: 4, temp: { valid: 0, error: 3, duplicate: 1 }, runs: 2, last_run: null, scans: { sent: 14, pending: 2 } } },
      'GET /api/integration/SyncLogs': {
        data: [{ id: 2, kind: 'first', status: 'done', code: 15, counts: { listed: 240, error: 3, resumed: 1 }, errors: [{ type: 'NO_GROUP_TO_MAP', message: 'integrations.no_group_to_map' }], started_at: '2026-11-26T09:00:00Z', finished_at: '2026-11-26T09:01:00Z', created_at: '2026-11-26T09:00:00Z' }],
        count: 1,
      },
      'PUT /api/integration/directory/4': { message: 'Status Updated', data: integration({ status: 'inactive' }) },
      'DELETE /api/integration/directory/4': { message: 'Integration Deleted Successfully' },
      'GET /api/integration/directories': { data: [], count: 0, types: [] },
    });
    const user = userEvent.setup();
    const { router } = renderAt(<ViewIntegrationPage />, '/view-integration/4/Northfield%20Wonde', '/view-integration/:integId/:integName', [{ path: '/integration', element: <p>list</p> }]);
    expect(await screen.findByRole('link', { name: '3' })).toHaveAttribute('href', '/integration-error?id=4');
    expect(screen.getByRole('link', { name: '230' })).toHaveAttribute('href', '/integration-valid?id=4');
    expect(screen.getByRole('link', { name: '14' })).toHaveAttribute('href', '/write-back?id=4');
    const logs = screen.getByRole('table', { name: 'Sync logs' });
    expect(logs).toHaveTextContent('First sync');
    expect(logs).toHaveTextContent('Read: 240, Errors: 3, Resumed after a stop: 1'); // a run cut short by a stop says so
    expect(logs).toHaveTextContent('The person is in no group that has a user type.');
    expect(screen.getByRole('link', { name: 'Write-back' })).toHaveAttribute('href', '/write-back?id=4');
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await waitFor(() => expect(callsOf(f).find((c) => c.method === 'PUT')?.body).toEqual({ status: 'inactive' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(at(router)).toBe('/integration'));
  });
  it('a Paxton Net2 integration: the access level each user type’s visitors get and the doors read as sign-ins at an area, saved together (issue 19 part 4)', async () => {
    const f = answerByRoute(vi, {
      'GET /api/integration/info': { data: integration({ type: 'paxton', name: 'Doors', status: 'active' }) },
      'GET /api/integration/statistics': { data: { synced_users: 20, archived_users: 0, temp: { valid: 0, error: 0, duplicate: 0 }, runs: 1, last_run: null, scans: { sent: 0, pending: 0 } } },
      'GET /api/integration/SyncLogs': { data: [], count: 0 },
      'GET /api/integration/net2/options': {
        data: {
          access_levels: [{ id: '1', name: 'All hours, all doors' }, { id: '2', name: 'Visitors - reception' }],
          doors: [{ id: '1160131', name: 'Main entrance' }, { id: '1160132', name: 'Staff room' }],
          visitor_access_levels: [],
          door_areas: [{ door_id: '1160132', area_id: 12 }],
        },
      },
      'GET /api/integration/userType': { data: { user_types: [{ id: 3, name: 'Visitor' }, { id: 4, name: 'Contractor' }], groups: [] } },
      'GET /api/integration/areas': { data: [{ site_id: 1, site_name: 'Main Campus', areas: [{ id: 11, name: 'Main Reception' }, { id: 12, name: 'Staff Room' }] }] },
      'PUT /api/integration/net2/4': { message: 'Saved Successfully', data: { visitor_access_levels: [{ user_type_id: 3, access_level_id: 2 }], door_areas: [] } },
    });
    const user = userEvent.setup();
    renderAt(<ViewIntegrationPage />, '/view-integration/4/Doors', '/view-integration/:integId/:integName');
    const card = await screen.findByRole('region', { name: 'Paxton Net2 doors and visitors' });
    const staffRoom = await within(card).findByRole('combobox', { name: 'Area of Staff room' });
    expect(staffRoom).toHaveValue('Main Campus — Staff Room');
    await pickOption(user, within(card).getByRole('combobox', { name: 'Net2 access level of Visitor' }), 'Visitors - reception');
    await pickOption(user, within(card).getByRole('combobox', { name: 'Area of Main entrance' }), 'Main Campus — Main Reception');
    await user.click(within(card).getByRole('button', { name: 'Save the Net2 settings' }));
    await waitFor(() => expect(callsOf(f).find((c) => c.method === 'PUT')?.body).toEqual({ visitor_access_levels: [{ user_type_id: 3, access_level_id: 2 }], door_areas: [{ door_id: '1160132', area_id: 12 }, { door_id: '1160131', area_id: 11 }] }));
  });
});
