import { Badge, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appVersionsQuery, flatAreas, onlineKiosksQuery, type TreeSite } from '../api/places';

/**
 * The kiosks online now (connected and heard from within three heartbeats) and the app versions the kiosks run,
 * kept live by the page's real-time updates.
 */
export function DevicesDrawer({ sites, onClose }: { sites: TreeSite[]; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const online = useQuery(onlineKiosksQuery());
  const versions = useQuery(appVersionsQuery());
  const where = new Map(flatAreas(sites).map(({ area, site }) => [area.id, `${site.name} / ${area.name}`]));
  const kiosks = online.data?.data ?? [];
  return (
    <Drawer opened onClose={onClose} position="right" size="lg" title={t('devices.title')}>
      <Stack>
        <Title order={5}>{t('devices.online', { count: online.data?.count ?? 0 })}</Title>
        {online.isLoading ? <Loader size="sm" /> : null}
        {online.data && !kiosks.length ? <Text c="dimmed" size="sm">{t('devices.none_online')}</Text> : null}
        {kiosks.length ? (
          <Table data-testid="online-kiosks">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('kiosk.name')}</Table.Th>
                <Table.Th>{t('room.area')}</Table.Th>
                <Table.Th>{t('room.app_version')}</Table.Th>
                <Table.Th>{t('devices.last_seen')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {kiosks.map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <IconDeviceDesktop size={16} aria-hidden />
                      {k.name}
                    </Group>
                  </Table.Td>
                  <Table.Td>{(k.area_id && where.get(k.area_id)) || '—'}</Table.Td>
                  <Table.Td>{k.app_version ?? '—'}</Table.Td>
                  <Table.Td>{k.last_seen_at ? new Date(k.last_seen_at).toLocaleTimeString() : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        <Title order={5}>{t('devices.versions')}</Title>
        {versions.data && !versions.data.length ? <Text c="dimmed" size="sm">{t('devices.no_kiosks')}</Text> : null}
        <Group gap="xs" data-testid="app-versions">
          {(versions.data ?? []).map((v) => (
            <Badge key={v.app_version ?? 'unknown'} variant="light" size="lg">
              {t('devices.version_count', { version: v.app_version ?? t('devices.unknown_version'), count: v.kiosks })}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Drawer>
  );
}
