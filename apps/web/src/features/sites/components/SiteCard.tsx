import { Badge, Button, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFlag, IconFlame, IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeSite } from '../api/places';
import { AreaNode } from './AreaNode';
import { dropHandlers, useTreeContext } from './tree-context';

export type SiteAction = 'add_area' | 'edit' | 'muster_points' | 'setup_file' | 'delete';

/** One site of the tree: its place and settings, its actions, and its areas; a dragged area dropped here goes top level. */
export function SiteCard({ site, onSite }: { site: TreeSite; onSite: (site: TreeSite, action: SiteAction) => void }) {
  const { t } = useTranslation('sites');
  const ctx = useTreeContext();
  const [over, setOver] = useState(false);
  return (
    <Card
      withBorder
      padding="md"
      data-testid={`site-${site.id}`}
      style={{ outline: over ? '2px dashed var(--mantine-color-blue-5)' : undefined }}
      {...dropHandlers(ctx, { site_id: site.id, parent_id: null }, setOver)}
    >
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={4}>{site.name}</Title>
          <Group gap={4} c="dimmed">
            <IconMapPin size={14} aria-hidden />
            <Text size="sm">
              {site.location_name ?? '—'} · {site.lat?.toFixed(4)}, {site.long?.toFixed(4)} · {site.timezone}
            </Text>
          </Group>
          <Group gap="xs">
            <Badge variant="light">{t('site.areas_count', { count: site.areas_count })}</Badge>
            <Badge variant="light">{t('site.devices_count', { count: site.devices_count })}</Badge>
            {site.geofencing ? <Badge color="teal" variant="light">{t('site.geofencing')}</Badge> : null}
            {site.fire_alarm?.enabled ? <Badge color="red" variant="light" leftSection={<IconFlame size={12} aria-hidden />}>{t('fire.enabled')}</Badge> : null}
          </Group>
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => onSite(site, 'add_area')}>{t('area.add')}</Button>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button size="xs" variant="default" aria-label={t('site.actions', { name: site.name })}>{t('site.more')}</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onSite(site, 'edit')}>{t('site.edit')}</Menu.Item>
              <Menu.Item leftSection={<IconFlag size={14} aria-hidden />} onClick={() => onSite(site, 'muster_points')}>{t('muster.menu')}</Menu.Item>
              <Menu.Item leftSection={<IconDownload size={14} aria-hidden />} onClick={() => onSite(site, 'setup_file')}>{t('site.setup_file')}</Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" onClick={() => onSite(site, 'delete')}>{t('site.delete')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <Stack gap="xs" mt="sm">
        {site.areas.length ? site.areas.map((a) => <AreaNode key={a.id} area={a} />) : <Text size="sm" c="dimmed">{t('site.no_areas')}</Text>}
      </Stack>
    </Card>
  );
}
