import { AppShell } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { AnnouncementsBanner } from '../../features/announcements';
import { SIDEBAR_KEY } from '../../lib/storage-keys';
import { AsideProvider, useAsideState } from './aside';
import { GlobalModals } from './GlobalModals';
import { PublicUrlBanner } from './PublicUrlBanner';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { useSessionRefresh } from './use-session-refresh';

export const MENU_WIDTH = 260;
export const MENU_COLLAPSED_WIDTH = 72;

/**
 * The console layout: top bar, side menu (collapsed by default, expands on hover or while the keyboard is in it, or
 * pinned open with the choice kept across logout: rule 53; below 992 px a toggle opens it: rule 49), the page, and the
 * global modals (rule 61).
 */
export function Shell() {
  return (
    <AsideProvider>
      <ShellLayout />
    </AsideProvider>
  );
}

function ShellLayout() {
  const [pinned, setPinned] = useLocalStorage<boolean>({ key: SIDEBAR_KEY, defaultValue: false, getInitialValueInEffect: false });
  const [hover, setHover] = useState(false);
  const [keyboard, setKeyboard] = useState(false);
  const [mobileOpen, mobile] = useDisclosure(false);
  const expanded = pinned || hover || keyboard || mobileOpen;
  const aside = useAsideState();
  const asideHidden = !aside.content || !aside.opened;
  useSessionRefresh();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: pinned ? MENU_WIDTH : MENU_COLLAPSED_WIDTH, breakpoint: 'md', collapsed: { mobile: !mobileOpen } }}
      aside={{ width: 320, breakpoint: 'md', collapsed: { desktop: asideHidden, mobile: asideHidden } }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar mobileOpen={mobileOpen} onToggleMobile={mobile.toggle} />
      </AppShell.Header>
      <AppShell.Navbar
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
        onFocus={(e) => setKeyboard(focusVisible(e.target))}
        onBlur={(e) => setKeyboard(e.currentTarget.contains(e.relatedTarget as Node | null) && keyboard)}
        w={expanded ? MENU_WIDTH : MENU_COLLAPSED_WIDTH}
        style={{ transition: 'width 120ms ease', zIndex: 150 }}
      >
        <SideMenu expanded={expanded} pinned={pinned} onPin={() => setPinned(!pinned)} onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <PublicUrlBanner />
        <AnnouncementsBanner />
        <Outlet />
      </AppShell.Main>
      {aside.content ? (
        <AppShell.Aside p="md" data-testid="page-aside">
          {aside.content}
        </AppShell.Aside>
      ) : null}
      <GlobalModals />
    </AppShell>
  );
}

/** Focus that came from the keyboard (a click on a link focuses it too, and must not keep the menu open). */
function focusVisible(el: Element): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return false;
  }
}
