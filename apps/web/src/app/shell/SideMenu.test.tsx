// vitest: own worker — after some other files in a shared worker the menu showed the awaiting count twice.
import { AppShell } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { setSession } from '../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../test/render';
import { SideMenu } from './SideMenu';

const menu = (expanded = true) =>
  renderAt(
    <AppShell navbar={{ width: 260, breakpoint: 'md' }}>
      <AppShell.Navbar>
        <SideMenu expanded={expanded} pinned={expanded} onPin={() => {}} onNavigate={() => {}} />
      </AppShell.Navbar>
    </AppShell>,
    '/passport',
  );

describe('SideMenu (rules 42, 50, 52)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('issue 15 part 4: a Visitors entry with Today, Expected and Awaiting approval, the last with its live count', async () => {
    setSession(testSession({ permissions: { users: 1 } }) as any);
    const api = answerByRoute(vi, { 'GET /api/expected_visits/1': { data: [], count: 4 } });
    menu();
    const group = await screen.findByRole('button', { name: 'Visitors (4 awaiting approval)' });
    expect(screen.getByTestId('menu-awaiting-count')).toHaveTextContent('4');
    fireEvent.click(group);
    expect(await screen.findByRole('link', { name: 'Today' })).toHaveAttribute('href', '/visitors');
    expect(screen.getByRole('link', { name: 'Expected' })).toHaveAttribute('href', '/visitors/expected');
    expect(screen.getByRole('link', { name: 'Awaiting approval (4 awaiting approval)' })).toHaveAttribute('href', '/visitors/awaiting-approval');
    const asked = callsOf(api).find((c) => c.path === '/api/expected_visits/1')!;
    expect(JSON.parse(asked.query.get('filterBy')!)).toMatchObject({ approval_state: 'pending' });
    // Without the permission there is no entry and nothing is asked.
    vi.unstubAllGlobals();
    const none = answerByRoute(vi, {});
    document.body.innerHTML = '';
    setSession(testSession({ permissions: { users: 0 } }) as any);
    menu();
    await screen.findByRole('link', { name: 'Passport' });
    expect(document.querySelector('[data-menu-id="visitors"]')).toBeNull();
    expect(callsOf(none)).toHaveLength(0);
  });

  it('shows Company details only when company_details is allowed (1)', async () => {
    setSession(testSession({ permissions: { company_details: 1 } }) as any);
    const a = menu();
    expect(await screen.findByRole('link', { name: 'Passport' })).toHaveAttribute('href', '/passport');
    expect(screen.getByRole('link', { name: 'Company details' })).toHaveAttribute('href', '/company');
    a.unmount();
    setSession(testSession({ permissions: { company_details: 0 } }) as any);
    menu();
    expect(await screen.findByRole('link', { name: 'Passport' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Company details' })).toBeNull();
  });

  it('issue 19: the Integration entry links to /integration with the `integration` key, and is hidden without it', async () => {
    setSession(testSession({ permissions: { company_details: 1, users: 1, sites_devices: 1, integration: 1, history: 1 } }) as any);
    const a = menu();
    expect(await screen.findByRole('link', { name: 'Integration' })).toHaveAttribute('href', '/integration');
    a.unmount();
    setSession(testSession({ permissions: { company_details: 1, integration: 0 } }) as any);
    menu();
    await screen.findByRole('link', { name: 'Passport' });
    expect(document.querySelector('[data-menu-id="integration"]')).toBeNull();
  });

  it('trims the company name to 16 characters and disables company on Standalone except for support', async () => {
    setSession(testSession({ permissions: { company_details: 1 }, package: 'Standalone', name: 'Northfield Primary School' }) as any);
    const a = menu();
    expect(await screen.findByTestId('menu-company')).toHaveTextContent('Northfield Prima…');
    expect(screen.getByRole('link', { name: 'Company details' })).toHaveAttribute('data-disabled', 'true');
    a.unmount();
    setSession(testSession({ permissions: { company_details: 1 }, package: 'Standalone', isSupport: true }) as any);
    menu();
    expect(await screen.findByRole('link', { name: 'Company details' })).not.toHaveAttribute('data-disabled');
  });

  it('issue 15 part 9: collapsed to icons, every entry and group keeps its name (Settings had none)', async () => {
    setSession(testSession({ permissions: { company_details: 1, user_settings: 1, 'custom fields': 1, 'user types': 1 } }) as any);
    menu(false);
    expect(await screen.findByRole('link', { name: 'Company details' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep the menu open' })).toBeInTheDocument();
    expect(screen.queryByText('Settings')).toBeNull();
  });
});
