import { screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { renderAt } from '../../../test/render';
import { SubdomainInput } from './SubdomainInput';

function Field({ initial, current, ownTaken }: { initial: string; current?: string; ownTaken?: string }) {
  const [v, setV] = useState(initial);
  return <SubdomainInput label="Subdomain" value={v} onChange={setV} current={current} ownTaken={ownTaken} />;
}

describe('SubdomainInput: the live check (GET /api/check_subdomain)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  const server = (available: 0 | 1) => {
    const f = vi.fn(async () => new Response(JSON.stringify({ message: available ? 'This subdomain is available.' : 'This subdomain is already taken.', data: { available } }), { status: 200 }));
    vi.stubGlobal('fetch', f);
    return f;
  };

  it('shows the server answer for a free or a taken subdomain', async () => {
    const f = server(0);
    renderAt(<Field initial="harbour" />);
    expect(await screen.findByText('This subdomain is already taken.')).toBeInTheDocument();
    expect((f.mock.calls[0] as unknown as [string])[0]).toBe('/api/check_subdomain?subdomain=harbour');
  });

  it('checks the format first with the contract message, without asking the server', async () => {
    const f = server(1);
    renderAt(<Field initial="Bad_Sub!" />);
    expect(await screen.findByText('Use lowercase letters, digits and hyphens only.')).toBeInTheDocument();
    expect(f).not.toHaveBeenCalled();
  });

  it('a new organisation cannot take the current organisation’s subdomain; the company form does not check its own', async () => {
    const f = server(1);
    const a = renderAt(<Field initial="northfield" ownTaken="northfield" />);
    expect(await screen.findByText('This subdomain is already taken.')).toBeInTheDocument();
    a.unmount();
    renderAt(<Field initial="northfield" current="northfield" />);
    await new Promise((r) => setTimeout(r, 600));
    expect(f).not.toHaveBeenCalled();
    expect(screen.queryByText('This subdomain is already taken.')).toBeNull();
  });
});
