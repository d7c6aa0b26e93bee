import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, renderAt, testSession } from '../../../test/render';
import { kioskFixture, optionsFixture, sent, treeFixture } from '../test-fixtures';
import SitesPage from './SitesPage';

vi.mock('../../../lib/realtime', () => ({ connectRealtime: () => () => undefined }));

const input = (label: RegExp) => screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!;
const base = {
  'GET /api/sites_and_areas/1': [200, treeFixture()],
  'GET /api/area_options/1': [200, optionsFixture],
};

async function openMenu(label: string, item: string) {
  await screen.findByTestId('area-10');
  await userEvent.click(screen.getByRole('button', { name: label }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item, hidden: true }));
  return screen.findByRole('dialog');
}

describe('/sites: checks before a change or a removal (rules 232-235), kiosks', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { sites_devices: 1 } }));
  });
  afterEach(() => vi.unstubAllGlobals());
  afterAll(() => initI18n('en'));

  it('rule 232: a mode change shows who will be signed out and the site\'s areas before saving', async () => {
    const f = answerByRoute(vi, {
      ...base,
      'GET /api/get_count_users_singned_in/11': [200, { data: { area_id: 11, signed_in: 3, remote_access: 1, geofence: 0 } }],
      'GET /api/check_should_SignedOut_in_area?area_id=11&login_mode=off': [200, { data: { should_sign_out: 1, count: 2, users: [{ id: 1, first_name: 'Ada', last_name: 'Lovelace' }, { id: 2, first_name: 'Alan', last_name: 'Turing' }] } }],
      'GET /api/check_areas_mode_by_site/3': [200, { data: [{ area_id: 11, name: 'Main Reception', login_mode: 'sign_in_out', signed_in: 3, remote_access: 1, geofence: 0 }, { area_id: 12, name: 'Sports Hall', login_mode: 'off', signed_in: 0, remote_access: 0, geofence: 0 }] }],
      'PUT /api/area/11': [200, { message: 'Area Updated', data: {}, signed_out: 2 }],
    });
    renderAt(<SitesPage />, '/sites');
    const dialog = await openMenu('Actions for Main Reception', 'Edit');
    expect(await within(dialog).findByTestId('area-signed-in')).toHaveTextContent('Signed in now: 3 (remote access 1, geofence 0)');
    await userEvent.click(input(/^Sign-in\/out mode/));
    await userEvent.click(await screen.findByRole('option', { name: 'No sign-in', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(dialog).getByText('Alan Turing')).toBeInTheDocument();
    expect(within(dialog).getByText(/2 people signed in here will be signed out when the mode becomes "No sign-in"/)).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: 'Sports Hall' })).toBeInTheDocument();
    expect(sent(f, 'PUT', '/api/area/11')).toBeUndefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change mode and sign them out' }));
    await waitFor(() => expect(sent(f, 'PUT', '/api/area/11')).toMatchObject({ login_mode: 'off', journey_id: 4, compliance_ids: [21], document_type_ids: [31] }));
  });

  it('rule 235: remote access cannot be switched off while people are signed in through it', async () => {
    answerByRoute(vi, {
      ...base,
      'GET /api/get_count_users_singned_in/11': [200, { data: { area_id: 11, signed_in: 1, remote_access: 1, geofence: 0 } }],
      'GET /api/check_areas_mode_by_area/11/remote_access': [200, { data: { area_id: 11, action: 'remote_access', allowed: 0, signed_in: 1, will_sign_out: 0, message: 'This input option cannot be removed while people are signed in through it.' } }],
    });
    renderAt(<SitesPage />, '/sites');
    const dialog = await openMenu('Actions for Main Reception', 'Edit');
    const remote = within(dialog).getByRole('switch', { name: /Remote access/ });
    expect(remote).toBeChecked();
    await userEvent.click(remote);
    expect(await within(dialog).findByText('This input option cannot be removed while people are signed in through it.')).toBeInTheDocument();
    expect(remote).toBeChecked();
  });

  it('rule 233: deleting an area is refused while people are signed in; allowed otherwise', async () => {
    const f = answerByRoute(vi, {
      ...base,
      'GET /api/check_areas_mode_by_area/10/delete': [200, { data: { area_id: 10, action: 'delete', allowed: 0, signed_in: 4, will_sign_out: 0, message: 'This cannot be done while 4 people are signed in to this area or its sub-areas.' } }],
      'GET /api/check_areas_mode_by_area/12/delete': [200, { data: { area_id: 12, action: 'delete', allowed: 1, signed_in: 0, will_sign_out: 0, message: null } }],
      'DELETE /api/area/12': [200, { message: 'Area Deleted' }],
    });
    renderAt(<SitesPage />, '/sites');
    const toast = vi.spyOn(notifications, 'show');
    let dialog = await openMenu('Actions for Main Building', 'Delete');
    expect(await within(dialog).findByTestId('delete-refused')).toHaveTextContent('4 people are signed in');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    dialog = await openMenu('Actions for Sports Hall', 'Delete');
    expect(await within(dialog).findByText(/Delete Sports Hall and its 0 sub-areas/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Area Deleted' })));
    expect((f.mock.calls as [string, RequestInit | undefined][]).filter(([, i]) => i?.method === 'DELETE').map(([u]) => u)).toEqual(['/api/area/12']);
  });

  it('rule 234: removing a site is refused while a journey is assigned to its areas or people are signed in', async () => {
    const f = answerByRoute(vi, {
      ...base,
      'GET /api/check_areas_mode_by_site/3': [200, { data: [{ area_id: 12, name: 'Sports Hall', login_mode: 'sign_in_out', signed_in: 2, remote_access: 0, geofence: 0 }] }],
      'GET /api/check_areas_mode_by_site/5': [200, { data: [] }],
      'DELETE /api/site/5': [200, { message: 'Site Deleted' }],
    });
    renderAt(<SitesPage />, '/sites');
    await screen.findByTestId('site-3');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Main Campus' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete site', hidden: true }));
    let dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('site-journey-blocker')).toHaveTextContent('Main Reception');
    expect(await within(dialog).findByTestId('site-people-blocker')).toHaveTextContent('Sports Hall: 2 signed in');
    expect(within(dialog).getByRole('button', { name: 'Delete site' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Sixth Form Centre' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete site', hidden: true }));
    dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete site' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete site' }));
    await waitFor(() => expect((f.mock.calls as [string, RequestInit | undefined][]).some(([u, i]) => u === '/api/site/5' && i?.method === 'DELETE')).toBe(true));
  });

  it('remote commands: sends one with the control payload, shows the success message and the request history', async () => {
    const f = answerByRoute(vi, {
      ...base,
      'GET /api/kiosks/7': [200, { data: { ...kioskFixture(), requests: [{ id: 90, kiosk_id: 7, command: 'pull-database', status: 'failed', reason: 'no connection found to the kiosk', userName: 'Amelia Johnson', isSuperAdmin: 0, requested_by: 5, payload: {}, created_at: '2026-01-01T09:00:00Z', updated_at: '' }, { id: 91, kiosk_id: 7, command: 'restart-app', status: 'running', reason: null, userName: 'Amelia Johnson', isSuperAdmin: 0, requested_by: 5, payload: {}, created_at: '2026-01-01T09:05:00Z', updated_at: '' }] } }],
      'POST /api/kiosks/open-door': [200, { message: 'Request was delivered successfully', data: { id: 92, status: 'delivered' } }],
      'PUT /api/kiosks/requests/cancel/91': [200, { message: 'Request canceled.', data: {} }],
    });
    renderAt(<SitesPage />, '/sites');
    const toast = vi.spyOn(notifications, 'show');
    await screen.findByTestId('area-11');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Reception Kiosk' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remote commands', hidden: true }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByTestId('request-90')).toHaveTextContent('no connection found to the kiosk');
    expect(within(drawer).getByTestId('request-91')).toHaveTextContent('Running');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Send a command' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Open door', hidden: true }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Request was delivered successfully' })));
    expect(sent(f, 'POST', '/api/kiosks/open-door')).toEqual({ kiosk_id: 7, macAddress: '00:1A:2B:3C:4D:5E', kioskName: 'Reception Kiosk', entityId: 1 });
    await userEvent.click(within(within(drawer).getByTestId('request-91')).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Request canceled.' })));
  });

  it('online kiosks and app versions; room data; the kiosk journey', async () => {
    const f = answerByRoute(vi, {
      ...base,
      'GET /api/kiosks/online': [200, { data: [kioskFixture()], count: 1 }],
      'GET /api/kiosks/app-versions': [200, { data: [{ app_version: '3.2.0', kiosks: 2 }, { app_version: null, kiosks: 1 }] }],
      'GET /api/kiosks/room-data/7': [200, { data: { kiosk: kioskFixture(), site: { id: 3, name: 'Main Campus', timezone: 'Europe/London' }, area: { id: 11, name: 'Main Reception', login_mode: 'sign_in_out' }, doors: [{ id: 1, type: 'door', name: 'Front door', site_id: 3, area_id: 11, kiosk_id: 7, io_port: 2, created_at: '' }], signed_in: 5 } }],
      'PUT /api/change_journey_for_kiosk/7': [200, { message: 'Kiosk journey updated.', data: {} }],
    });
    renderAt(<SitesPage />, '/sites');
    await screen.findByTestId('area-11');
    await userEvent.click(screen.getByRole('button', { name: 'Online kiosks' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByTestId('online-kiosks')).toHaveTextContent('Main Campus / Main Reception');
    expect(within(drawer).getByTestId('app-versions')).toHaveTextContent('3.2.0: 2 kiosks');
    expect(within(drawer).getByTestId('app-versions')).toHaveTextContent('unknown: 1 kiosks');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Reception Kiosk' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Room data', hidden: true }));
    const room = await screen.findByRole('dialog');
    expect(await within(room).findByTestId('room-signed-in')).toHaveTextContent('5');
    expect(within(room).getByText('Front door · IO 2')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Reception Kiosk' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Change journey', hidden: true }));
    const journey = await screen.findByRole('dialog');
    await userEvent.click(input(/^Journey/));
    await userEvent.click(await screen.findByRole('option', { name: 'Visitor journey', hidden: true }));
    await userEvent.click(within(journey).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(f, 'PUT', '/api/change_journey_for_kiosk/7')).toEqual({ kiosk: { journey_id: 4, area_id: 11 } }));
  });

  it('reads right to left in Arabic with the Arabic texts', async () => {
    await initI18n('ar');
    answerByRoute(vi, base);
    renderAt(<SitesPage />, '/sites');
    expect(await screen.findByText('المواقع والأجهزة')).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findByText('متصل')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إضافة موقع' })).toBeInTheDocument();
  });
});
