import type { Kiosk } from '@gatehouse/contract';
import { ActionIcon, Badge, Box, Checkbox, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconDeviceDesktop, IconDoor, IconDots, IconFileCertificate, IconGripVertical, IconRoute, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeArea } from '../api/places';
import { dropHandlers, useTreeContext } from './tree-context';

const AREA_ACTIONS = ['add_sub', 'edit', 'move', 'door', 'kiosk', 'qr'] as const;
const KIOSK_ACTIONS = ['commands', 'room', 'move', 'settings', 'journey'] as const;

function KioskRow({ kiosk }: { kiosk: Kiosk }) {
  const { t } = useTranslation('sites');
  const ctx = useTreeContext();
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={`kiosk-${kiosk.id}`}>
      <Group gap="xs" wrap="nowrap">
        <Checkbox size="xs" checked={ctx.selected.has(kiosk.id)} onChange={() => ctx.toggle(kiosk.id)} aria-label={t('kiosk.select', { name: kiosk.name })} />
        <IconDeviceDesktop size={16} aria-hidden />
        <Text size="sm">{kiosk.name}</Text>
        <Badge size="xs" color={kiosk.online ? 'green' : 'gray'} data-testid="kiosk-state">{kiosk.online ? t('kiosk.online') : t('kiosk.offline')}</Badge>
        {kiosk.app_version ? <Text size="xs" c="dimmed">{kiosk.app_version}</Text> : null}
      </Group>
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon size="sm" variant="subtle" aria-label={t('kiosk.actions', { name: kiosk.name })}><IconDots size={16} /></ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {KIOSK_ACTIONS.map((a) => (
            <Menu.Item key={a} onClick={() => ctx.onKiosk(kiosk, a)}>{t(`kiosk.action_${a}`)}</Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => ctx.onKiosk(kiosk, 'deregister')}>{t('kiosk.action_deregister')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/**
 * One area of the tree with its kiosks and doors, and its sub-areas below (indented on the inline start). The area
 * can be dragged onto another area (to become its sub-area) or onto a site; never into its own subtree.
 */
export function AreaNode({ area }: { area: TreeArea }) {
  const { t } = useTranslation('sites');
  const ctx = useTreeContext();
  const [over, setOver] = useState(false);
  const journey = area.journey_id ? ctx.options?.journeys.find((j) => j.id === area.journey_id)?.name : null;
  const entry = area.compliance_ids.length;
  const docs = area.document_type_ids.length;
  return (
    <Box
      data-testid={`area-${area.id}`}
      style={{
        borderInlineStart: '2px solid var(--mantine-color-gray-3)',
        paddingInlineStart: 12,
        outline: over ? '2px dashed var(--mantine-color-blue-5)' : undefined,
        opacity: ctx.dragging?.id === area.id ? 0.5 : 1,
      }}
      {...dropHandlers(ctx, { site_id: area.site_id, parent_id: area.id }, setOver)}
    >
      <Group justify="space-between" wrap="nowrap" py={4}>
        <Group
          gap="xs"
          draggable
          onDragStart={(e) => {
            e.stopPropagation();
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', String(area.id));
            ctx.setDragging(area);
          }}
          onDragEnd={() => ctx.setDragging(null)}
          style={{ cursor: 'grab' }}
          aria-roledescription={t('area.draggable')}
        >
          <IconGripVertical size={14} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text fw={600}>{area.name}</Text>
          <Badge size="xs" variant="light">{t(`mode.${area.login_mode}`)}</Badge>
          {area.auto_sign_out_mode !== 'none' ? <Badge size="xs" variant="outline">{t(`auto.${area.auto_sign_out_mode}`)}</Badge> : null}
          {area.remote_access ? <Badge size="xs" color="grape" variant="light">{t('area.remote_access')}</Badge> : null}
          {area.geofence ? <Badge size="xs" color="teal" variant="light">{t('area.geofence')}</Badge> : null}
          {area.journey_id ? <Badge size="xs" color="indigo" variant="light" leftSection={<IconRoute size={10} aria-hidden />}>{journey ?? t('area.journey')}</Badge> : null}
          {entry ? (
            <Tooltip label={t('area.compliances')}>
              <Badge size="xs" color="orange" variant="light" leftSection={<IconShieldCheck size={10} aria-hidden />}>{t('area.entry_count', { count: entry })}</Badge>
            </Tooltip>
          ) : null}
          {docs ? (
            <Tooltip label={t('area.documents')}>
              <Badge size="xs" color="cyan" variant="light" leftSection={<IconFileCertificate size={10} aria-hidden />}>{t('area.documents_count', { count: docs })}</Badge>
            </Tooltip>
          ) : null}
        </Group>
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={t('area.actions', { name: area.name })}><IconDots size={18} /></ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {AREA_ACTIONS.map((a) => (
              <Menu.Item key={a} onClick={() => ctx.onArea(area, a)}>{t(`area.action_${a}`)}</Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item color="red" onClick={() => ctx.onArea(area, 'delete')}>{t('area.action_delete')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Stack gap={2} ps="sm">
        {area.kiosks.map((k) => <KioskRow key={k.id} kiosk={k} />)}
        {area.doors.map((d) => (
          <Group key={d.id} gap="xs" c="dimmed">
            <IconDoor size={16} aria-hidden />
            <Text size="sm">{d.name}{d.io_port != null ? ` · IO ${d.io_port}` : ''}</Text>
          </Group>
        ))}
        {area.children.map((c) => <AreaNode key={c.id} area={c} />)}
      </Stack>
    </Box>
  );
}
