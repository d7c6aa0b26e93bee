import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Entity } from '@gatehouse/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { answerWith, renderAt } from '../../../test/render';
import { ClientTokenCard } from './ClientTokenCard';

const entity = (has: 0 | 1): Entity => ({ id: 1, name: 'Northfield Academy', subdomain: 'northfield', logo: null, package: 'Cloud', plan: 3, subscription: 'cloud', owner_id: 9, otp_roles: [], has_client_token: has, created_at: '2026-01-01T00:00:00Z' });

describe('ClientTokenCard (rule 293)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('generates the token and shows it once with a copy button', async () => {
    const f = answerWith(vi, [200, { message: 'API integration token generated.', data: { token: 'ghe_secret_value' } }]);
    renderAt(<ClientTokenCard entity={entity(0)} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Generate a token' }));
    expect(await screen.findByTestId('client-token')).toHaveTextContent('ghe_secret_value');
    expect(screen.getByText('Copy the token now: it is shown only once.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    const [url, init] = f.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/client_token');
    expect(JSON.parse(init.body as string)).toEqual({ entity_id: 1 });
  });

  it('deletes the token only after confirmation', async () => {
    const f = answerWith(vi, [200, { message: 'API integration token deleted.' }]);
    renderAt(<ClientTokenCard entity={entity(1)} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Systems that use it will no longer be able to call the API.')).toBeInTheDocument();
    expect(f).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(f).toHaveBeenCalled());
    const [url, init] = f.mock.calls[0] as unknown as [string, RequestInit];
    expect(`${init.method} ${url}`).toBe('DELETE /api/client_token?entity_id=1');
  });
});
