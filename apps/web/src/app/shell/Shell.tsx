import { AppShell } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { SIDEBAR_KEY } from '../../lib/storage-keys';
import { GlobalModals } from './GlobalModals';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { useSessionRefresh } from './use-session-refresh';

export const MENU_WIDTH = 260;
export const MENU_COLLAPSED_WIDTH = 72;

/**
 * The console layout: top bar, side menu (collapsed by default, expands on hover, or pinned open with the choice
 * kept across logout: rule 53; below 992 px a toggle opens it: rule 49), the page, and the global modals (rule 61).
 */
export function Shell() {
  const [pinned, setPinned] = useLocalStorage<boolean>({ key: SIDEBAR_KEY, defaultValue: false, getInitialValueInEffect: false });
  const [hover, setHover] = useState(false);
  const [mobileOpen, mobile] = useDisclosure(false);
  const expanded = pinned || hover || mobileOpen;
  useSessionRefresh();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: pinned ? MENU_WIDTH : MENU_COLLAPSED_WIDTH, breakpoint: 'md', collapsed: { mobile: !mobileOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar mobileOpen={mobileOpen} onToggleMobile={mobile.toggle} />
      </AppShell.Header>
      <AppShell.Navbar
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
        w={expanded ? MENU_WIDTH : MENU_COLLAPSED_WIDTH}
        style={{ transition: 'width 120ms ease', zIndex: 150 }}
      >
        <SideMenu expanded={expanded} pinned={pinned} onPin={() => setPinned(!pinned)} onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <GlobalModals />
    </AppShell>
  );
}
