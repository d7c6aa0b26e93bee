import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, renderAt, testSession } from '../../../test/render';
import { optionsFixture, sent, treeFixture } from '../test-fixtures';
import SitesPage from './SitesPage';

const input = (label: RegExp) => screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!;
vi.mock('../../../lib/realtime', () => ({ connectRealtime: () => () => undefined }));

const base = {
  'GET /api/sites_and_areas/1': [200, treeFixture()],
  'GET /api/area_options/1': [200, optionsFixture],
};

describe('/sites: the tree, the forms and moves', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { sites_devices: 1 } }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows sites with nested areas, kiosks and what each area asks; selecting a kiosk enables the multi-select actions', async () => {
    answerByRoute(vi, base);
    renderAt(<SitesPage />, '/sites');
    expect(await screen.findByText('Main Campus')).toBeInTheDocument();
    expect(screen.getByText('Sixth Form Centre')).toBeInTheDocument();
    const reception = screen.getByTestId('area-11');
    expect(within(reception).getByText('Main Reception')).toBeInTheDocument();
    expect(within(reception).getByText('Reception Kiosk')).toBeInTheDocument();
    expect(within(reception).getByText('Online')).toBeInTheDocument();
    expect(await within(reception).findByText('Visitor journey')).toBeInTheDocument();
    expect(within(reception).getByText('1 entry conditions')).toBeInTheDocument();
    expect(within(reception).getByText('1 documents')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move selected (0)' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Reception Kiosk' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move selected (1)' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Settings for selected (1)' })).toBeEnabled();
  });

  it('adding an area: the server field message shows on the field', async () => {
    answerByRoute(vi, { ...base, 'POST /api/area': [400, { message: 'The given data was invalid.', errors: { name: ['The name must be at least 2 characters.'] } }] });
    renderAt(<SitesPage />, '/sites');
    const campus = await screen.findByTestId('site-3');
    await userEvent.click(within(campus).getAllByRole('button', { name: 'Add area' })[0]);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Area name/), 'X');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name must be at least 2 characters.')).toBeInTheDocument();
  });

  it('adds an area with its journey, entry conditions and documents', async () => {
    const f = answerByRoute(vi, { ...base, 'POST /api/area': [201, { message: 'Area Added', data: {} }] });
    renderAt(<SitesPage />, '/sites');
    const campus = await screen.findByTestId('site-3');
    await userEvent.click(within(campus).getAllByRole('button', { name: 'Add area' })[0]);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText(/Area name/));
    await userEvent.paste('Library');
    await userEvent.click(input(/^Journey/));
    await userEvent.click(await screen.findByRole('option', { name: 'Visitor journey', hidden: true }));
    await userEvent.click(input(/^Entry conditions/));
    await userEvent.click(await screen.findByRole('option', { name: 'Health questions', hidden: true }));
    await userEvent.click(input(/^Documents/));
    await userEvent.click(await screen.findByRole('option', { name: 'PCR test result', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(f, 'POST', '/api/area')).toMatchObject({ entity_id: 1, site_id: 3, parent_id: null, name: 'Library', journey_id: 4, compliance_ids: [22], document_type_ids: [32] }));
  });

  it('the site form shows the map from the server\'s tile setting and sends the location', async () => {
    const f = answerByRoute(vi, { ...base, 'GET /api/map_settings': [200, { data: { tile_url: 'http://tiles.school.lan/{z}/{x}/{y}.png', attribution: 'School tiles' } }], 'POST /api/site': [201, { message: 'Site Added', data: {} }] });
    const view = renderAt(<SitesPage />, '/sites');
    await userEvent.click(await screen.findByRole('button', { name: 'Add site' }));
    await screen.findByTestId('site-map', {}, { timeout: 10_000 });
    await waitFor(() => expect(view.baseElement.querySelector('img.leaflet-tile')?.getAttribute('src')).toMatch(/^http:\/\/tiles\.school\.lan\/\d+\/\d+\/\d+\.png$/), { timeout: 5000 });
    await userEvent.click(screen.getByLabelText(/Site name/));
    await userEvent.paste('Oakwood Academy');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(f, 'POST', '/api/site')).toMatchObject({ entity_id: 1, name: 'Oakwood Academy', radius: 100, zoom: 15 }));
  });

  it('drags an area under another area or to the top of another site; never into its own subtree', async () => {
    const f = answerByRoute(vi, { ...base, 'PUT /api/area_move/*': [200, { message: 'Area Moved', data: {} }] });
    const toast = vi.spyOn(notifications, 'show');
    renderAt(<SitesPage />, '/sites');
    const building = await screen.findByTestId('area-10');
    const handle = within(building).getAllByText('Main Building')[0].parentElement!;
    // Into its own sub-area: refused (no drop allowed, nothing sent).
    fireEvent.dragStart(handle, { dataTransfer: { setData: () => undefined, effectAllowed: '' } });
    const reception = screen.getByTestId('area-11');
    expect(fireEvent.dragOver(reception, { dataTransfer: { dropEffect: '' } })).toBe(true);
    fireEvent.drop(reception, { dataTransfer: {} });
    expect(sent(f, 'PUT', '/api/area_move/')).toBeUndefined();
    // Under Sports Hall: allowed.
    const hall = screen.getByTestId('area-12');
    expect(fireEvent.dragOver(hall, { dataTransfer: { dropEffect: '' } })).toBe(false);
    fireEvent.drop(hall, { dataTransfer: {} });
    await waitFor(() => expect(sent(f, 'PUT', '/api/area_move/10')).toEqual({ site_id: 3, parent_id: 12 }));
    // Another site's top level.
    fireEvent.dragStart(within(screen.getByTestId('area-12')).getAllByText('Sports Hall')[0].parentElement!, { dataTransfer: { setData: () => undefined } });
    fireEvent.dragOver(screen.getByTestId('site-5'), { dataTransfer: {} });
    fireEvent.drop(screen.getByTestId('site-5'), { dataTransfer: {} });
    await waitFor(() => expect(sent(f, 'PUT', '/api/area_move/12')).toEqual({ site_id: 5, parent_id: null }));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Area Moved' }));
  });

  it('moves an area by dialog: its own subtree is not offered as a parent', async () => {
    const f = answerByRoute(vi, { ...base, 'PUT /api/area_move/10': [200, { message: 'Area Moved', data: {} }] });
    renderAt(<SitesPage />, '/sites');
    await screen.findByTestId('area-10');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Main Building' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move', hidden: true }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(input(/^Parent area/));
    await userEvent.click(await screen.findByRole('option', { name: 'Sports Hall', hidden: true }));
    expect(screen.queryByRole('option', { name: /Main Reception/, hidden: true })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(f, 'PUT', '/api/area_move/10')).toEqual({ site_id: 3, parent_id: 12 }));
  });

  it('the list view pages sites through sites_list with the geofencing filter', async () => {
    const f = answerByRoute(vi, {
      ...base,
      'GET /api/adminPreference/1': [200, { data: null }],
      'GET /api/sites_list/1': [200, { data: [{ ...treeFixture().data[0], areas: undefined }], count: 31 }],
    });
    renderAt(<SitesPage />, '/sites');
    await userEvent.click(await screen.findByText('List'));
    expect(await screen.findByRole('cell', { name: 'Northfield Road' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Geofencing on'));
    await waitFor(() => {
      const urls = (f.mock.calls as [string][]).map(([u]) => u).filter((u) => u.startsWith('/api/sites_list/1'));
      expect(decodeURIComponent(urls.at(-1)!)).toContain('"geofencing":"1"');
    });
    expect((f.mock.calls as [string][]).some(([u]) => u.includes('limit=10') && u.includes('page=1'))).toBe(true);
  });
});
