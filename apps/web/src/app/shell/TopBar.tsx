import { Anchor, Avatar, Burger, Group, Image, Menu, Text, UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { isAllowed } from '@gatehouse/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_LOGO, truncateUserName, userImage } from '../../lib/names';
import { useSession } from '../../lib/session';
import { EXISTING_PATHS } from '../route-table';
import { useAsideState } from './aside';
import { LanguageMenu } from '../../components/LanguageMenu';

// The add-visit form opens over the current page (rule 157), loaded when first asked for.
const AddVisitsModal = lazy(() => import('../../features/visits/components/AddVisitsModal'));

/**
 * Top bar (rules 54-58): logo (default when empty), emergency and add-visit links (Cloud only, the emergency one
 * also needs the emergency permission; shown only once their pages exist), language menu, user menu.
 */
export function TopBar({ mobileOpen, onToggleMobile }: { mobileOpen: boolean; onToggleMobile: () => void }) {
  const { t } = useTranslation('shell');
  const session = useSession();
  const aside = useAsideState();
  const [adding, setAdding] = useState(false);
  const [addLoaded, setAddLoaded] = useState(false);
  const cloud = session?.entity?.package === 'Cloud';
  const logo = session?.entity?.logo || DEFAULT_LOGO;
  const fullName = session?.user.fullName ?? '';
  const image = userImage(session?.user.image, session?.entity?.id);
  const links = [
    { path: '/emergency-list', label: t('top.emergency'), allowed: cloud && isAllowed(session?.permissions, 'emergency') },
    { path: '/add-expected-visitors', label: t('top.add_visit'), allowed: cloud },
  ].filter((l) => EXISTING_PATHS.has(l.path));
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" bg="dark.7" c="white">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={mobileOpen} onClick={onToggleMobile} hiddenFrom="md" size="sm" color="white" aria-label={t('top.toggle_menu')} />
        <Image src={logo} alt={session?.entity?.name ?? t('product')} h={36} w="auto" maw={180} fit="contain" fallbackSrc={DEFAULT_LOGO} data-testid="top-logo" />
      </Group>
      <Group gap="md" wrap="nowrap">
        {links.map((l) => (
          <Anchor
            key={l.path}
            href={l.allowed ? l.path : undefined}
            target="_blank"
            c="white"
            size="sm"
            visibleFrom="sm"
            aria-disabled={!l.allowed}
            style={{ cursor: l.allowed ? 'pointer' : 'not-allowed', opacity: l.allowed ? 1 : 0.5 }}
            onClick={(e) => {
              if (!l.allowed) return e.preventDefault();
              if (l.path === '/add-expected-visitors' && !(e.ctrlKey || e.metaKey || e.shiftKey)) {
                e.preventDefault();
                setAddLoaded(true);
                setAdding(true);
              }
            }}
          >
            {l.label}
          </Anchor>
        ))}
        {addLoaded ? (
          <Suspense fallback={null}>
            <AddVisitsModal opened={adding} onClose={() => setAdding(false)} />
          </Suspense>
        ) : null}
        <LanguageMenu />
        {aside.content ? (
          <Burger opened={aside.opened} onClick={aside.toggle} size="sm" color="white" aria-label={t('top.toggle_aside')} aria-expanded={aside.opened} data-testid="aside-toggle" />
        ) : null}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <UnstyledButton aria-label={t('top.user_menu')} data-testid="user-menu">
              <Group gap="xs" wrap="nowrap">
                <Avatar src={image} size="sm" radius="xl" name={fullName} color="initials" />
                <Text size="sm" c="white" visibleFrom="sm" title={fullName} data-testid="top-user-name">
                  {truncateUserName(fullName)}
                </Text>
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{session?.user.email}</Menu.Label>
            {EXISTING_PATHS.has('/passport') ? (
              <Menu.Item component={Link} to="/passport">
                {t('top.account')}
              </Menu.Item>
            ) : null}
            <Menu.Item component={Link} to="/logout" color="red">
              {t('top.logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
