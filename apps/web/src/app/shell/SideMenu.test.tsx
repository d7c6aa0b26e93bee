import { AppShell } from '@mantine/core';
import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { setSession } from '../../lib/session';
import { renderAt, testSession } from '../../test/render';
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

  it('never links to pages that do not exist yet, even when allowed', async () => {
    // The integration pages (issue 19) are not built yet: the entry stays hidden even with the permission.
    setSession(testSession({ permissions: { company_details: 1, users: 1, sites_devices: 1, integration: 1, history: 1 } }) as any);
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
