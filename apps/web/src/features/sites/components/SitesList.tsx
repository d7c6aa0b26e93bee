import type { Site } from '@gatehouse/contract';
import { Badge, SegmentedControl } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColumn } from '../../../components/DataGrid';
import { getSitesPage } from '../api/places';

/** Sites as a list (sites_list: paging, search, the geofencing filter and ordering), for organisations with many. */
export function SitesList({ entityId, onOpen }: { entityId: number; onOpen: (site: Site) => void }) {
  const { t } = useTranslation('sites');
  const [geofencing, setGeofencing] = useState('');
  const columns = useMemo<GridColumn<Site>[]>(
    () => [
      { id: 'name', header: t('site.name'), sortField: 'name', fixed: true },
      { id: 'location_name', header: t('site.location_name'), sortField: 'location_name', cell: (s) => s.location_name ?? '—' },
      { id: 'areas_count', header: t('list.areas'), sortField: 'areas_count' },
      { id: 'devices_count', header: t('list.devices'), sortField: 'devices_count' },
      { id: 'timezone', header: t('site.timezone') },
      { id: 'geofencing', header: t('site.geofencing'), cell: (s) => (s.geofencing ? <Badge color="teal" variant="light">{t('list.yes')}</Badge> : t('list.no')) },
      { id: 'fire_alarm', header: t('fire.enabled'), defaultHidden: true, cell: (s) => (s.fire_alarm?.enabled ? t('list.yes') : t('list.no')) },
      { id: 'created_at', header: t('list.created'), sortField: 'created_at', defaultHidden: true, cell: (s) => new Date(s.created_at).toLocaleDateString() },
    ],
    [t],
  );
  return (
    <DataGrid<Site>
      pageUrl="/sites"
      queryKey={['sites', 'list', entityId]}
      rowId={(s) => s.id}
      fetchPage={(q, signal) => getSitesPage(entityId, q, signal)}
      columns={columns}
      filters={{ geofencing }}
      onRowClick={onOpen}
      toolbar={
        <SegmentedControl
          size="xs"
          value={geofencing}
          onChange={setGeofencing}
          aria-label={t('site.geofencing')}
          data={[
            { value: '', label: t('list.all') },
            { value: '1', label: t('list.geofencing_on') },
            { value: '0', label: t('list.geofencing_off') },
          ]}
        />
      }
    />
  );
}
