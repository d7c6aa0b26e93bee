import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerWith, renderAt, testSession } from '../../../test/render';
import SitesPage from './SitesPage';

const kiosk = { id: 7, entity_id: 1, name: 'Reception Kiosk', site_id: 3, area_id: 11, journey_id: null, mac_address: '00:1A:2B:3C:4D:5E', serial: null, app_version: '3.2.0', local_sync_ip: null, local_sync_port: null, settings: {}, status: 'active', online: 1, last_seen_at: null, created_at: '2026-01-01T00:00:00Z' };
const area = (id: number, name: string, children: unknown[] = [], kiosks: unknown[] = []) => ({ id, entity_id: 1, site_id: 3, parent_id: null, name, journey_id: null, login_mode: 'sign_in_out', auto_sign_out_mode: 'midnight', remote_access: 0, geofence: 0, qr_code: 'abc', compliance_ids: [], created_at: '', updated_at: '', kiosks, doors: [], children });
const tree = {
  data: [
    {
      id: 3, entity_id: 1, name: 'Main Campus', location_name: 'Northfield Road', lat: 53.8, long: -1.5, radius: 200, zoom: 16, timezone: 'Europe/London', geofencing: 1, fire_alarm: null, areas_count: 2, devices_count: 1, created_at: '', updated_at: '',
      areas: [area(10, 'Main Building', [area(11, 'Main Reception', [], [kiosk])])],
    },
  ],
  count: 1,
};

describe('/sites: the tree of sites, areas and kiosks', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { sites_devices: 1 } }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows sites with nested areas and kiosks; selecting a kiosk enables the multi-select actions', async () => {
    const f = answerWith(vi, [200, tree]);
    renderAt(<SitesPage />, '/sites');
    expect(await screen.findByText('Main Campus')).toBeInTheDocument();
    expect(screen.getByText('Main Building')).toBeInTheDocument();
    expect(screen.getByText('Main Reception')).toBeInTheDocument();
    expect(screen.getByText(/Reception Kiosk/)).toBeInTheDocument();
    expect((f.mock.calls[0] as unknown as [string])[0]).toBe('/api/sites_and_areas/1');
    const move = screen.getByRole('button', { name: 'Move selected (0)' });
    expect(move).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Reception Kiosk' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move selected (1)' })).toBeEnabled());
  });

  it('adds an area to a site and shows the server field message on bad input', async () => {
    const f = answerWith(vi, [200, tree], [400, { message: 'The given data was invalid.', errors: { name: ['The name must be at least 2 characters.'] } }], [200, tree]);
    renderAt(<SitesPage />, '/sites');
    await userEvent.click(await screen.findByRole('button', { name: 'Add area' }));
    await userEvent.type(screen.getByLabelText(/Area name/), 'X');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name must be at least 2 characters.')).toBeInTheDocument();
    const post = (f.mock.calls as unknown as [string, RequestInit][]).find((c) => c[1]?.method === 'POST')!;
    expect(post[0]).toBe('/api/area');
    expect(JSON.parse(String(post[1].body))).toMatchObject({ entity_id: 1, site_id: 3, name: 'X', parent_id: null });
  });

  it('the site form shows the map from the server\'s tile setting and sends the location', async () => {
    const f = answerWith(vi, [200, tree], [200, { data: { tile_url: 'http://tiles.school.lan/{z}/{x}/{y}.png', attribution: 'School tiles' } }], [201, { message: 'Site Added', data: {} }], [200, tree]);
    const view = renderAt(<SitesPage />, '/sites');
    await userEvent.click(await screen.findByRole('button', { name: 'Add site' }));
    await screen.findByTestId('site-map', {}, { timeout: 10_000 });
    await waitFor(() => expect(view.baseElement.querySelector('img.leaflet-tile')?.getAttribute('src')).toMatch(/^http:\/\/tiles\.school\.lan\/\d+\/\d+\/\d+\.png$/), { timeout: 5000 });
    await userEvent.type(screen.getByLabelText(/Site name/), 'Oakwood Academy');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect((f.mock.calls as unknown as [string, RequestInit][]).some((c) => c[0] === '/api/site')).toBe(true));
    const post = (f.mock.calls as unknown as [string, RequestInit][]).find((c) => c[0] === '/api/site')!;
    expect(JSON.parse(String(post[1].body))).toMatchObject({ entity_id: 1, name: 'Oakwood Academy', radius: 100, zoom: 15 });
  });
});
