import { Badge, Group, MultiSelect } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../../components/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { getHistory, type HistoryRow, useEntityId, useHistoryGrid } from '../api/reports';
import { ExportButtons } from '../components/ExportButtons';
import { Period, type PeriodValue } from '../components/Period';

const when = (iso: string | null) => (iso ? dayjs(iso).format('DD/MM/YYYY HH:mm') : '—');

/** Visit history: one row per visit, the logbook's filters, any period. */
export default function HistoryPage() {
  const { t } = useTranslation('reporting');
  const entityId = useEntityId();
  const grid = useHistoryGrid(entityId);
  const [period, setPeriod] = useState<PeriodValue>({ start: '', end: '' });
  const [types, setTypes] = useState<string[]>([]);
  const filters = {
    start_date: period.start || undefined,
    end_date: period.end || undefined,
    site_id: period.site_id ? [period.site_id] : undefined,
    user_type_id: types.length ? types.map(Number) : undefined,
  };
  return (
    <PageLayout title={t('history')} actions={<ExportButtons report="history" params={{ filterBy: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) }} />}>
      <Group align="end">
        <Period value={period} onChange={setPeriod} />
        <MultiSelect label={t('user_type')} w={260} clearable data={(grid.data?.user_types ?? []).map((u) => ({ value: String(u.id), label: u.name }))} value={types} onChange={setTypes} />
      </Group>
      <DataGrid<HistoryRow>
        pageUrl="/reporting/history"
        queryKey={['reporting', 'history', entityId]}
        fetchPage={(q, signal) => getHistory(entityId, q, signal)}
        filters={filters}
        rowId={(r) => r.id}
        columns={[
          { id: 'full_name', header: t('name'), sortField: 'full_name', fixed: true, cell: (r) => r.full_name },
          { id: 'user_type', header: t('user_type'), sortField: 'user_type', cell: (r) => r.user_type?.name ?? '—' },
          { id: 'site', header: t('site'), sortField: 'site', cell: (r) => r.site?.name ?? '—' },
          { id: 'area', header: t('area'), sortField: 'area', cell: (r) => r.area?.name ?? '—' },
          { id: 'signed_in_at', header: t('signed_in'), sortField: 'signed_in_at', cell: (r) => when(r.signed_in_at) },
          { id: 'signed_out_at', header: t('signed_out'), sortField: 'signed_out_at', cell: (r) => when(r.signed_out_at) },
          { id: 'minutes', header: t('minutes'), sortField: 'minutes', cell: (r) => r.minutes ?? '—' },
          {
            id: 'status',
            header: t('status'),
            cell: (r) => (
              <Group gap={4}>
                <Badge variant="light">{t(`visit_status.${r.status}`, { defaultValue: r.status })}</Badge>
                {r.late ? <Badge color="orange">{t('late')}</Badge> : null}
                {r.early ? <Badge color="grape">{t('early')}</Badge> : null}
              </Group>
            ),
          },
          { id: 'host', header: t('host'), defaultHidden: true, cell: (r) => r.host ?? '—' },
        ]}
      />
    </PageLayout>
  );
}
