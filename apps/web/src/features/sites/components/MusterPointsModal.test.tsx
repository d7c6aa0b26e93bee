import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../../test/render';
import type { TreeSite } from '../api/places';
import { siteFixture } from '../test-fixtures';
import { MusterPointsModal } from './MusterPointsModal';

describe('muster points on the site’s page (issue 17 part 2)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { sites_devices: 1 } }) as never);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the site’s points, renames, removes and adds; a too-short name stays on its row without calling', async () => {
    const api = answerByRoute(vi, {
      'GET /api/muster_points/3': { data: [{ id: 1, site_id: 3, name: 'Car park' }, { id: 2, site_id: 3, name: 'Playing field' }] },
      'PUT /api/muster_points/3': (c) => ({ message: 'Muster points saved.', data: c.body.muster_points.map((p: { id?: number; name: string }, i: number) => ({ id: p.id ?? 10 + i, site_id: 3, name: p.name })) }),
    });
    const onClose = vi.fn();
    renderAt(<MusterPointsModal site={siteFixture() as unknown as TreeSite} onClose={onClose} />);
    expect(await screen.findByDisplayValue('Car park')).toBeInTheDocument();
    fireEvent.change(screen.getByDisplayValue('Car park'), { target: { value: 'Front car park' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Playing field' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a muster point' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Muster point 2' }), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A muster point name must be at least 2 characters.')).toBeInTheDocument();
    expect(callsOf(api).some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Muster point 2' }), { target: { value: 'Sports hall gate' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsOf(api).find((c) => c.method === 'PUT')!.body).toEqual({ muster_points: [{ id: 1, name: 'Front car park' }, { name: 'Sports hall gate' }] });
  });
});
