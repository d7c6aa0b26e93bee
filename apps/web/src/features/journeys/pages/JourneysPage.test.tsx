import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../../test/render';
import { ADMIN_PERMISSIONS, journeyRow, optionRoutes } from '../test-data';
import JourneysPage from './JourneysPage';

const list = { data: [journeyRow(), journeyRow({ id: 8, journey_id: 8, name: 'Sports day', sites: [], site_ids: [], flows_count: 0, temperature_check: 0 })], count: 12 };

describe('/journeys: the journeys grid', { timeout: 60_000 }, () => {
  let toast: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    configure({ asyncUtilTimeout: 5000 });
    await initI18n('en');
    setSession(testSession({ permissions: ADMIN_PERMISSIONS }));
  });
  beforeEach(() => {
    toast = vi.spyOn(notifications, 'show');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists journeys with their sites, flows and checks; searches and pages on the server', async () => {
    const f = answerByRoute(vi, { ...optionRoutes, 'GET /api/journeys/1': list } as never);
    renderAt(<JourneysPage />, '/journeys');
    const row = (await screen.findByText('School reception')).closest('tr')!;
    expect(within(row).getByText('Main campus')).toBeInTheDocument();
    expect(within(row).getByText('Temperature above 37.8 °C fails')).toBeInTheDocument();
    // Rule 97: a journey without sites is open to every admin.
    expect(within(screen.getByText('Sports day').closest('tr')!).getByText('All admins')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'sport');
    await waitFor(() => expect(callsOf(f).some(([, p], i) => p === '/api/journeys/1' && String((f.mock.calls[i] as unknown[])[0]).includes('sport'))).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(f.mock.calls.some((c: unknown[]) => String(c[0]).includes('page=2'))).toBe(true));
  });

  it('deletes a journey only after a confirmation (rule 204), and shows why one is refused (rule 202)', async () => {
    let refuse = false;
    const f = answerByRoute(vi, {
      ...optionRoutes,
      'GET /api/journeys/1': list,
      'DELETE /api/journey/8': () => (refuse ? [400, { message: 'The site Main campus cannot be removed: the journey is assigned to its areas (Reception).' }] : [200, { message: 'Journey Deleted' }]),
    } as never);
    renderAt(<JourneysPage />, '/journeys');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Sports day' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete the journey Sports day and its flows \(0\)\?/)).toBeInTheDocument();
    expect(callsOf(f).filter(([m]) => m === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Journey Deleted' })));
    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Sports day' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: 'The site Main campus cannot be removed: the journey is assigned to its areas (Reception).' })));
    expect(callsOf(f).filter(([m]) => m === 'DELETE')).toHaveLength(2);
  });
});
