import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../../test/render';
import JourneysPage from '../pages/JourneysPage';
import { ADMIN_PERMISSIONS, journeyRow, optionRoutes } from '../test-data';
import { endOfDay } from './PreRegLinkForm';
import { PreRegLinksModal } from './PreRegLinksModal';

const URL_A = 'https://northfield.gatehouse.test/pre-registration/AAAAaaaaBBBBbbbbCCCCccccDDDDdddd';
const links = [
  { id: 31, code: 'AAAAaaaaBBBBbbbbCCCCccccDDDDdddd', url: URL_A, journey_id: 7, journey_flow_id: null, area_id: 11, expires_at: null, active: 1 },
  { id: 30, code: 'x'.repeat(32), url: 'https://northfield.gatehouse.test/pre-registration/x', journey_id: 7, journey_flow_id: 5, area_id: 12, expires_at: '2030-06-30T21:59:59.000Z', active: 0 },
  { id: 29, code: 'y'.repeat(32), url: 'https://northfield.gatehouse.test/pre-registration/y', journey_id: 7, journey_flow_id: null, area_id: 11, expires_at: '2020-01-01T00:00:00.000Z', active: 1 },
];
const options = {
  areas: [
    { id: 11, name: 'Reception', site_id: 1, site_name: 'Main campus' },
    { id: 12, name: 'Pool', site_id: 2, site_name: 'Sports hall' },
  ],
  flows: [
    { id: 4, user_type_id: 2, user_type_name: 'Visitor' },
    { id: 5, user_type_id: 3, user_type_name: 'Contractor' },
  ],
};
const routes = (over: Record<string, unknown> = {}) =>
  ({
    'GET /api/pre_registration_links/1': { data: links, count: links.length },
    'GET /api/pre_registration_link_options/7': { data: options },
    'GET /api/pre_registration_link_qr/31': { data: { id: 31, url: URL_A, qrcode: 'data:image/png;base64,iVBORw0KGgo=' } },
    ...over,
  }) as never;
const input = (label: RegExp) => screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!;
const open = () => renderAt(<PreRegLinksModal journey={{ id: 7, name: 'School reception' }} onClose={() => {}} />);

describe('pre-registration links of a journey (console)', { timeout: 60_000 }, () => {
  let toast: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    configure({ asyncUtilTimeout: 5000 });
    await initI18n('en');
    setSession(testSession({ permissions: ADMIN_PERMISSIONS }));
  });
  beforeEach(() => {
    toast = vi.spyOn(notifications, 'show');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it("is reached from a journey's actions and lists only that journey's links with area, user type, end date and state", async () => {
    const f = answerByRoute(vi, { ...optionRoutes, 'GET /api/journeys/1': { data: [journeyRow()], count: 1 }, ...(routes() as object) } as never);
    renderAt(<JourneysPage />, '/journeys');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for School reception' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Pre-registration links', hidden: true }));
    const table = await screen.findByRole('table', { name: 'Pre-registration links' });
    expect(callsOf(f).find((c) => c.path === '/api/pre_registration_links/1')?.query.get('journey_id')).toBe('7');
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(within(first).getByText('Main campus · Reception')).toBeInTheDocument();
    expect(within(first).getByText('Every user type of the journey')).toBeInTheDocument();
    expect(within(first).getByText('No end date')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(second).getByText('Sports hall · Pool')).toBeInTheDocument();
    expect(within(second).getByText('Contractor')).toBeInTheDocument();
    expect(within(second).getByText(/\/(06|07)\/2030$/)).toBeInTheDocument();
    expect(within(second).getByText('Turned off')).toBeInTheDocument();
    expect(within(third).getByText('Expired')).toBeInTheDocument();
    // A link that does not work has no poster to print.
    expect(within(third).getByRole('button', { name: 'QR poster' })).toBeDisabled();
  });

  it('copies the link to share', async () => {
    const user = userEvent.setup();
    answerByRoute(vi, routes());
    open();
    const table = await screen.findByRole('table', { name: 'Pre-registration links' });
    await user.click(within(within(table).getAllByRole('row')[1]).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(URL_A);
    expect(await within(table).findByRole('button', { name: 'Link copied' })).toBeInTheDocument();
  });

  it('makes a link for an area, optionally one user type and an end date; shows the field message of a refusal', async () => {
    let refuse = true;
    const f = answerByRoute(vi, routes({
      'POST /api/pre_registration_link': () =>
        refuse ? [400, { message: 'The given data was invalid.', errors: { area_id: ["The area's site is not one the journey may be used on."] } }] : [201, { data: { ...links[0], id: 32 } }],
    }));
    open();
    await screen.findByRole('table', { name: 'Pre-registration links' });
    await userEvent.click(screen.getByRole('button', { name: 'Make link' }));
    expect(await screen.findByText('Choose the area visitors will come to.')).toBeInTheDocument();
    expect(callsOf(f).filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.click(input(/^Area/));
    await userEvent.click(await screen.findByRole('option', { name: 'Pool', hidden: true }));
    await userEvent.click(input(/^User type/));
    await userEvent.click(await screen.findByRole('option', { name: 'Contractor', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Make link' }));
    expect(await screen.findByText("The area's site is not one the journey may be used on.")).toBeInTheDocument();
    expect(callsOf(f).find((c) => c.method === 'POST')?.body).toEqual({ entity_id: 1, journey_id: 7, area_id: 12, journey_flow_id: 5, expires_at: null });

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Make link' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'The link is ready to share.' })));
    // The list is asked again so the new link shows.
    await waitFor(() => expect(callsOf(f).filter((c) => c.path === '/api/pre_registration_links/1')).toHaveLength(2));
  });

  it('ends a link at the end of the chosen day in the admin\'s time', () => {
    const end = new Date(endOfDay('2030-06-30'));
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([2030, 5, 30, 23, 59]);
  });

  it('turns a link off, and a turned-off one on again', async () => {
    const f = answerByRoute(vi, routes({ 'PUT /api/pre_registration_link/31': { data: { ...links[0], active: 0 } }, 'PUT /api/pre_registration_link/30': { data: { ...links[1], active: 1 } } }));
    open();
    const table = await screen.findByRole('table', { name: 'Pre-registration links' });
    const rows = within(table).getAllByRole('row');
    await userEvent.click(within(rows[1]).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'The link is turned off.' })));
    await userEvent.click(within(rows[2]).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'The link works again.' })));
    expect(callsOf(f).filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/api/pre_registration_link/31', { active: 0 }],
      ['/api/pre_registration_link/30', { active: 1 }],
    ]);
  });

  it("shows the QR poster with the organisation's name and prints it in the admin's language (es)", async () => {
    await i18n.changeLanguage('es');
    answerByRoute(vi, routes());
    const printed = document.implementation.createHTMLDocument('');
    const print = vi.fn();
    const openWindow = vi.fn(() => ({ document: printed, focus: vi.fn(), print }));
    vi.stubGlobal('open', openWindow);
    open();
    const table = await screen.findByRole('table', { name: 'Enlaces de prerregistro' });
    await userEvent.click(within(within(table).getAllByRole('row')[1]).getByRole('button', { name: 'Cartel QR' }));
    const poster = await screen.findByLabelText('Cartel QR', { selector: 'div' });
    expect(within(poster).getByText('Northfield Academy')).toBeInTheDocument();
    expect(within(poster).getByText('Main campus · Reception')).toBeInTheDocument();
    expect(within(poster).getByText('Escanee este código con la cámara de su teléfono para prerregistrar su visita.')).toBeInTheDocument();
    expect(within(poster).getByRole('img', { name: 'Código QR del enlace de prerregistro' })).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    await userEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(openWindow).toHaveBeenCalled();
    expect(printed.documentElement.lang).toBe('es');
    expect(printed.querySelector('h1')?.textContent).toBe('Northfield Academy');
    expect(printed.body.textContent).toContain('Escanee este código con la cámara de su teléfono para prerregistrar su visita.');
    expect(printed.body.textContent).toContain(URL_A);
    const img = printed.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    img.onload?.(new Event('load'));
    expect(print).toHaveBeenCalled();
  });
});
