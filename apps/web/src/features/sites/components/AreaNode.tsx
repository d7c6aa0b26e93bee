import type { Kiosk } from '@gatehouse/contract';
import { ActionIcon, Badge, Box, Checkbox, Group, Menu, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TreeArea } from '../api/places';

export type AreaAction = 'add_sub' | 'edit' | 'move' | 'door' | 'kiosk' | 'qr' | 'delete';
export type KioskAction = 'commands' | 'move' | 'settings' | 'deregister';

/** One area of the tree with its kiosks and doors, and its sub-areas below (indented on the inline start). */
export function AreaNode({ area, selected, onToggle, onArea, onKiosk }: { area: TreeArea; selected: Set<number>; onToggle: (id: number) => void; onArea: (a: TreeArea, action: AreaAction) => void; onKiosk: (k: Kiosk, action: KioskAction) => void }) {
  const { t } = useTranslation('sites');
  return (
    <Box style={{ borderInlineStart: '2px solid var(--mantine-color-gray-3)', paddingInlineStart: 12 }}>
      <Group justify="space-between" wrap="nowrap" py={4}>
        <Group gap="xs">
          <Text fw={600}>{area.name}</Text>
          <Badge size="xs" variant="light">{t(`mode.${area.login_mode}`)}</Badge>
          {area.auto_sign_out_mode !== 'none' ? <Badge size="xs" variant="outline">{t(`auto.${area.auto_sign_out_mode}`)}</Badge> : null}
          {area.remote_access ? <Badge size="xs" color="grape" variant="light">{t('area.remote_access')}</Badge> : null}
          {area.geofence ? <Badge size="xs" color="teal" variant="light">{t('area.geofence')}</Badge> : null}
        </Group>
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={t('area.actions', { name: area.name })}>⋯</ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {(['add_sub', 'edit', 'move', 'door', 'kiosk', 'qr'] as const).map((a) => (
              <Menu.Item key={a} onClick={() => onArea(area, a)}>{t(`area.action_${a}`)}</Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item color="red" onClick={() => onArea(area, 'delete')}>{t('area.action_delete')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Stack gap={2} ps="sm">
        {area.kiosks.map((k) => (
          <Group key={k.id} justify="space-between" wrap="nowrap">
            <Group gap="xs">
              <Checkbox size="xs" checked={selected.has(k.id)} onChange={() => onToggle(k.id)} aria-label={t('kiosk.select', { name: k.name })} />
              <Text size="sm">🖥 {k.name}</Text>
              <Badge size="xs" color={k.online ? 'green' : 'gray'}>{k.online ? t('kiosk.online') : t('kiosk.offline')}</Badge>
            </Group>
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon size="sm" variant="subtle" aria-label={t('kiosk.actions', { name: k.name })}>⋯</ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => onKiosk(k, 'commands')}>{t('kiosk.action_commands')}</Menu.Item>
                <Menu.Item onClick={() => onKiosk(k, 'move')}>{t('kiosk.action_move')}</Menu.Item>
                <Menu.Item onClick={() => onKiosk(k, 'settings')}>{t('kiosk.action_settings')}</Menu.Item>
                <Menu.Divider />
                <Menu.Item color="red" onClick={() => onKiosk(k, 'deregister')}>{t('kiosk.action_deregister')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        ))}
        {area.doors.map((d) => (
          <Text key={d.id} size="sm" c="dimmed">🚪 {d.name}{d.io_port != null ? ` · IO ${d.io_port}` : ''}</Text>
        ))}
        {area.children.map((c) => (
          <AreaNode key={c.id} area={c} selected={selected} onToggle={onToggle} onArea={onArea} onKiosk={onKiosk} />
        ))}
      </Stack>
    </Box>
  );
}
