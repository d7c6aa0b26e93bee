import { ActionIcon, Badge, Box, Group, Menu, Stack, Text, useDirection } from '@mantine/core';
import { IconChevronRight, IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { branchCount, type UserTypeNode } from '../api/user-types';

export type UserTypeAction = 'edit' | 'add_child' | 'move' | 'qr' | 'delete';

interface Props {
  node: UserTypeNode;
  collapsed: Set<number>;
  onToggle: (id: number) => void;
  onAction: (node: UserTypeNode, action: UserTypeAction) => void;
}

/** One user type of the tree with its settings and counts; its sub-types below, indented on the inline start. */
export function UserTypeNodeRow({ node, collapsed, onToggle, onAction }: Props) {
  const { t } = useTranslation('user-types');
  const { dir } = useDirection();
  const children = node.children ?? [];
  const open = !collapsed.has(node.id);
  const own = node.users_count ?? 0;
  const total = branchCount(node);
  return (
    <Box role="treeitem" aria-expanded={children.length ? open : undefined} aria-label={node.name}>
      <Group justify="space-between" wrap="nowrap" py={6} px="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {children.length ? (
            <ActionIcon size="sm" variant="subtle" color="gray" onClick={() => onToggle(node.id)} aria-label={open ? t('collapse', { name: node.name }) : t('expand', { name: node.name })}>
              <IconChevronRight size={16} style={{ transform: open ? 'rotate(90deg)' : dir === 'rtl' ? 'scaleX(-1)' : undefined, transition: 'transform 120ms' }} />
            </ActionIcon>
          ) : (
            <Box w={22} />
          )}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={600}>{node.name}</Text>
              {node.is_staff ? <Badge size="xs" variant="light" color="grape">{t('staff')}</Badge> : null}
            </Group>
            <Group gap={6}>
              <Badge size="xs" variant="outline">{t(`methods.${node.registration_method}`)}</Badge>
              <Badge size="xs" variant="outline" color="gray">{t('grace_short', { count: node.grace_period })}</Badge>
              {node.allow_switch ? <Badge size="xs" variant="light" color="teal">{t('switch_allowed')}</Badge> : null}
              {node.profile_photo ? <Badge size="xs" variant="light" color="orange">{t('photo_required')}</Badge> : null}
            </Group>
          </Stack>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Stack gap={0} align="flex-end">
            <Text size="sm" fw={500} data-testid={`count-${node.id}`}>{t('people_count', { count: own })}</Text>
            {children.length ? <Text size="xs" c="dimmed">{t('branch_count', { count: total })}</Text> : null}
          </Stack>
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={t('actions', { name: node.name })}><IconDots size={18} /></ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {(['edit', 'add_child', 'move', 'qr'] as const).map((a) => <Menu.Item key={a} onClick={() => onAction(node, a)}>{t(`action.${a}`)}</Menu.Item>)}
              <Menu.Divider />
              <Menu.Item color="red" onClick={() => onAction(node, 'delete')}>{t('action.delete')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      {children.length && open ? (
        <Box role="group" style={{ paddingInlineStart: 24, borderInlineStart: '2px solid var(--mantine-color-gray-2)', marginInlineStart: 12 }}>
          {children.map((c) => <UserTypeNodeRow key={c.id} node={c} collapsed={collapsed} onToggle={onToggle} onAction={onAction} />)}
        </Box>
      ) : null}
    </Box>
  );
}
