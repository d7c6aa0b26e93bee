import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { clearSession, setSession } from '../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../test/render';
import { PublicUrlBanner } from './PublicUrlBanner';

describe('the PUBLIC_URL warning (issue 15 part 4)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('warns an admin while links say localhost, naming the address', async () => {
    setSession(testSession({ permissions: { company_details: 1 } }) as never);
    answerByRoute(vi, { 'GET /api/console-config': { data: { public_url: 'http://localhost:3000', public_url_set: 0 } } });
    renderAt(<PublicUrlBanner />);
    expect(await screen.findByTestId('public-url-banner')).toHaveTextContent('link to http://localhost:3000, which only this computer can open. Set PUBLIC_URL');
  });

  it('says nothing once PUBLIC_URL is set, and asks nothing for a member who does not manage the company', async () => {
    setSession(testSession({ permissions: { company_details: 1 } }) as never);
    const set = answerByRoute(vi, { 'GET /api/console-config': { data: { public_url: 'https://visit.example.org', public_url_set: 1 } } });
    const a = renderAt(<PublicUrlBanner />);
    await vi.waitFor(() => expect(callsOf(set).length).toBe(1));
    expect(screen.queryByTestId('public-url-banner')).toBeNull();
    a.unmount();
    setSession(testSession({ permissions: { company_details: 0 } }) as never);
    const none = answerByRoute(vi, { 'GET /api/console-config': { data: { public_url: 'http://localhost:3000', public_url_set: 0 } } });
    renderAt(<PublicUrlBanner />);
    await new Promise((r) => setTimeout(r, 100));
    expect(callsOf(none)).toHaveLength(0);
    expect(screen.queryByTestId('public-url-banner')).toBeNull();
  });
});
