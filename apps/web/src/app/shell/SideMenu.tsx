import { ActionIcon, AppShell, Badge, Box, Group, NavLink, ScrollArea, Text, ThemeIcon, Tooltip, useDirection } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MenuIcon } from './menu-icons';
import { trimCompanyName } from '../../lib/names';
import { useSession } from '../../lib/session';
import { useAwaitingApprovalCount } from '../../features/visits';
import { activeMenuId, buildMenu, type VisibleMenuItem } from '../menu';
import { EXISTING_PATHS } from '../route-table';
import { useCurrentRoute } from '../router';

interface Props {
  expanded: boolean;
  pinned: boolean;
  onPin: () => void;
  onNavigate: () => void;
}

/** The side menu (section C): permission gates, package rule, company name trimmed at 16, footer, RTL-aware. */
export function SideMenu({ expanded, pinned, onPin, onNavigate }: Props) {
  const { t } = useTranslation('shell');
  const { dir } = useDirection();
  const session = useSession();
  const { pathname } = useLocation();
  const route = useCurrentRoute();
  const items = useMemo(
    () =>
      buildMenu({
        permissions: session?.permissions,
        entityPackage: session?.entity?.package,
        isSupport: session?.user.is_support === 1,
        existingPaths: EXISTING_PATHS,
      }),
    [session],
  );
  const active = activeMenuId(items, pathname, route?.parent);
  // The live count of visits awaiting approval, asked only when the menu shows its entry.
  const counted = items.some((i) => !i.disabled && i.children?.some((c) => c.badge === 'awaiting_approval'));
  const awaiting = useAwaitingApprovalCount(counted).data ?? 0;
  const countOf = (item: VisibleMenuItem) => (item.badge === 'awaiting_approval' || item.children?.some((c) => c.badge === 'awaiting_approval') ? awaiting : 0);
  const badge = (n: number) =>
    n ? (
      <Badge size="sm" color="orange" circle aria-hidden data-testid="menu-awaiting-count">
        {n > 99 ? '99+' : n}
      </Badge>
    ) : null;
  const company = session?.entity?.name ?? '';
  const role = session?.role?.name?.toLowerCase() ?? '';

  const link = (item: VisibleMenuItem, child = false) => {
    const n = countOf(item);
    // The count is part of the entry's name, so that it is read out too (the badge itself is hidden from readers).
    const label = n ? t('menu.with_awaiting', { label: t(item.label), count: n }) : t(item.label);
    const shown = n ? (
      <Group gap={6} wrap="nowrap" component="span">
        {t(item.label)}
        {badge(n)}
      </Group>
    ) : (
      label
    );
    const icon = child ? undefined : (
      <ThemeIcon variant="light" size="md" radius="sm">
        <MenuIcon id={item.id} size={18} />
      </ThemeIcon>
    );
    if (item.children) {
      return (
        // A group is a real button (Mantine renders an <a> without href, which has no role and takes no focus) and
        // keeps its name while the menu is collapsed to icons (issue 15 part 9).
        <NavLink
          key={item.id}
          component="button"
          type="button"
          label={expanded ? shown : undefined}
          aria-label={label}
          leftSection={icon}
          disabled={item.disabled}
          defaultOpened={item.children.some((c) => c.id === active)}
          active={item.children.some((c) => c.id === active) && !expanded}
          data-menu-id={item.id}
          childrenOffset={expanded ? 28 : 0}
        >
          {expanded ? item.children.map((c) => link(c, true)) : null}
        </NavLink>
      );
    }
    return (
      <NavLink
        key={item.id}
        component={Link}
        to={item.disabled ? '#' : item.link}
        target={item.newTab ? '_blank' : undefined}
        label={expanded || child ? shown : undefined}
        aria-label={label}
        leftSection={icon}
        active={item.id === active}
        disabled={item.disabled}
        onClick={(e: React.MouseEvent) => (item.disabled ? e.preventDefault() : onNavigate())}
        data-menu-id={item.id}
      />
    );
  };

  return (
    <>
      <AppShell.Section p="sm">
        <Box style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
          {expanded ? (
            <Tooltip label={company} disabled={!pinned || company.length <= 16}>
              <Text fw={700} truncate data-testid="menu-company">
                {trimCompanyName(company)}
              </Text>
            </Tooltip>
          ) : null}
          <Tooltip label={pinned ? t('menu.unpin') : t('menu.pin')}>
            <ActionIcon variant={pinned ? 'filled' : 'subtle'} onClick={onPin} aria-label={pinned ? t('menu.unpin') : t('menu.pin')} aria-pressed={pinned} visibleFrom="md">
              <Text size="sm" fw={700}>{(pinned ? dir === 'ltr' : dir === 'rtl') ? '«' : '»'}</Text>
            </ActionIcon>
          </Tooltip>
        </Box>
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="xs">
        <nav aria-label={t('menu.label')}>
          {role === 'system admin' && expanded ? (
            <Text size="xs" c="dimmed" tt="uppercase" px="sm" py={4}>
              {t('menu.system')}
            </Text>
          ) : null}
          {items.map((i) => link(i))}
        </nav>
      </AppShell.Section>
      <AppShell.Section p="sm">
        {expanded ? (
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} {t('product')}
          </Text>
        ) : null}
      </AppShell.Section>
    </>
  );
}
