import { Badge, Card, Group, Text } from '@mantine/core';
import type { LogbookRow } from '@gatehouse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataGrid, type GridColumn, type GridQuery } from '../../../components/DataGrid';
import { downloadCsv } from '../../../lib/csv';
import { connectRealtime } from '../../../lib/realtime';
import { useSession } from '../../../lib/session';
import { exportLogbook, getLogbook, useInputMethods, useVisitStatuses } from '../api/dashboard';
import { filterBy, filtersFromSearch, filtersToSearch, type LogbookFilters as Filters } from '../logbook-filters';
import { LogbookFilters } from './LogbookFilters';
import { celsiusAndFahrenheit, rowKindColor } from './logbook-format';
import { ScanDrawer } from './ScanDrawer';

/**
 * The logbook (rules 163-165): every documented filter, kept in the address (so `/filtered?…` links open it
 * filtered), ordering, paging, the column switcher and export of every matching row (isExporting) as CSV.
 * Each row opens its details. New scans and visits reload it (and the counts) live, without a reload of the page.
 */
export function Logbook({ pageUrl }: { pageUrl: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const session = useSession();
  const entityId = session?.entity?.id ?? 0;
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const setFilters = (f: Filters) => setParams(filtersToSearch(f), { replace: true });
  const inputs = useInputMethods();
  const statuses = useVisitStatuses();
  const [open, setOpen] = useState<LogbookRow | null>(null);
  const [live, setLive] = useState(0);

  useEffect(() => {
    if (!session?.token || !entityId) return;
    return connectRealtime(session.token, entityId, {
      update: (p) => {
        if (p.type !== 'scan' && p.type !== 'visit') return;
        if (p.type === 'scan') setLive((n) => n + 1);
        // Rule 157: the logbook and the counts reload after a visit is added; scans the same way.
        void qc.invalidateQueries({ queryKey: ['dashboard'] });
      },
    });
  }, [session?.token, entityId, qc]);

  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const inputName = (id: string) => inputs.data?.find((i) => i.id === id)?.name ?? id;
  const statusName = (id: string | null) => (id ? (statuses.data?.find((s) => s.id === id)?.name ?? id) : '');
  const attendance = (s: LogbookRow) => [s.late ? t('late') : s.early ? t('early') : '', s.reason?.name ?? ''].filter(Boolean).join(' · ');
  const columns: GridColumn<LogbookRow>[] = [
    { id: 'at', header: t('col.at'), sortField: 'at', cell: (s) => time.format(new Date(s.at)), fixed: true },
    { id: 'full_name', header: t('col.name'), sortField: 'full_name', cell: (s) => s.full_name, fixed: true },
    {
      id: 'type',
      header: t('col.type'),
      sortField: 'type',
      cell: (s) => (
        <Badge color={rowKindColor(s)} variant="light">
          {t(`type.${s.type}`)}
        </Badge>
      ),
    },
    { id: 'user_type', header: t('col.user_type'), sortField: 'user_type', cell: (s) => s.user_type?.name ?? '—' },
    { id: 'site', header: t('col.site'), sortField: 'site', cell: (s) => s.site?.name ?? '—' },
    { id: 'area', header: t('col.area'), sortField: 'area', cell: (s) => s.area?.name ?? '—' },
    { id: 'input_method', header: t('col.input_method'), sortField: 'input_method', cell: (s) => (s.input_method ? inputName(s.input_method) : '—') },
    { id: 'attendance', header: t('col.attendance'), cell: attendance },
    { id: 'temperature', header: t('col.temperature'), cell: (s) => (s.temperature == null ? '—' : celsiusAndFahrenheit(s.temperature, i18n.language)) },
    { id: 'visit_status', header: t('col.visit_status'), cell: (s) => statusName(s.visit_status), defaultHidden: true },
    { id: 'journey_stage', header: t('col.journey_stage'), cell: (s) => (s.journey_stage ? t(`stage.${s.journey_stage}`) : '—'), defaultHidden: true },
    { id: 'kiosk', header: t('col.kiosk'), cell: (s) => s.kiosk?.name ?? '—', defaultHidden: true },
    { id: 'host', header: t('col.host'), cell: (s) => s.host?.name ?? '—', defaultHidden: true },
  ];

  const exportCsv = async (q: GridQuery) => {
    const rows = await exportLogbook(entityId, q);
    const headers = [t('col.at'), t('col.name'), t('drawer.email'), t('col.type'), t('col.user_type'), t('col.site'), t('col.area'), t('col.kiosk'), t('col.input_method'), t('col.attendance'), t('drawer.code'), t('col.temperature'), t('drawer.mask'), t('col.host'), t('col.visit_status'), t('col.journey_stage'), t('drawer.scan_notes')];
    const body = rows.map((s) => [
      s.at,
      s.full_name,
      s.email,
      t(`type.${s.type}`),
      s.user_type?.name,
      s.site?.name,
      s.area?.name,
      s.kiosk?.name,
      s.input_method ? inputName(s.input_method) : '',
      attendance(s),
      s.attendance_code?.code,
      s.temperature,
      s.mask == null ? '' : s.mask ? t('drawer.mask_worn') : t('drawer.mask_missing'),
      s.host?.name,
      statusName(s.visit_status),
      s.journey_stage ? t(`stage.${s.journey_stage}`) : '',
      s.notes,
    ]);
    downloadCsv(`logbook-${new Date().toISOString().slice(0, 10)}.csv`, headers, body);
  };

  return (
    <>
      <Card withBorder padding="md">
        <LogbookFilters value={filters} onChange={setFilters} />
      </Card>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {filters.status === 'expected' ? t('expected_hint') : t('row_hint')}
        </Text>
        {live ? (
          <Badge variant="dot" color="teal" data-testid="live-count">
            {t('live', { count: live })}
          </Badge>
        ) : null}
      </Group>
      <DataGrid<LogbookRow>
        pageUrl={pageUrl}
        queryKey={['dashboard', 'logbook', entityId]}
        rowId={(s) => `${s.type === 'expected' ? 'v' : 's'}${s.id}`}
        rowLabel={(s) => t('row_label', { name: s.full_name, type: t(`type.${s.type}`), at: time.format(new Date(s.at)) })}
        onRowClick={setOpen}
        fetchPage={(q, signal) => getLogbook(entityId, q, signal)}
        onExport={exportCsv}
        columns={columns}
        filters={filterBy(filters)}
        searchable={false}
      />
      <ScanDrawer row={open} onClose={() => setOpen(null)} />
    </>
  );
}
