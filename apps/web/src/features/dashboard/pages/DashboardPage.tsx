import { Badge, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { Scan } from '@gatehouse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColumn } from '../../../components/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { connectRealtime } from '../../../lib/realtime';
import { useSession } from '../../../lib/session';
import { getLogbook, useDaily, useInputMethods, useScanTypes } from '../api/dashboard';
import { DailyChart } from '../components/DailyChart';

const day = (d: Date | string | null) => (d ? (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10)) : undefined);

/** `/`: the logbook of scans (filters, ordering, paging) and the daily counts; new scans appear live. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const session = useSession();
  const entityId = session?.entity?.id ?? 0;
  const qc = useQueryClient();
  const daily = useDaily(entityId);
  const inputs = useInputMethods();
  const types = useScanTypes();
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [inputMethod, setInputMethod] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [live, setLive] = useState(0);

  useEffect(() => {
    if (!session?.token || !entityId) return;
    return connectRealtime(session.token, entityId, {
      update: (p) => {
        if (p.type !== 'scan') return;
        setLive((n) => n + 1);
        void qc.invalidateQueries({ queryKey: ['dashboard'] });
      },
    });
  }, [session?.token, entityId, qc]);

  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const columns: GridColumn<Scan>[] = [
    { id: 'at', header: t('col.at'), sortField: 'at', cell: (s) => time.format(new Date(s.at)), fixed: true },
    { id: 'full_name', header: t('col.name'), sortField: 'full_name', cell: (s) => s.full_name },
    { id: 'type', header: t('col.type'), sortField: 'type', cell: (s) => <Badge color={s.direction === 'in' ? 'teal' : 'gray'} variant="light">{t(`type.${s.type}`)}</Badge> },
    { id: 'user_type', header: t('col.user_type'), sortField: 'user_type', cell: (s) => s.user_type?.name ?? '—' },
    { id: 'site', header: t('col.site'), sortField: 'site', cell: (s) => s.site?.name ?? '—' },
    { id: 'area', header: t('col.area'), sortField: 'area', cell: (s) => s.area?.name ?? '—' },
    { id: 'input_method', header: t('col.input_method'), sortField: 'input_method', cell: (s) => inputs.data?.find((i) => i.id === s.input_method)?.name ?? s.input_method },
    {
      id: 'attendance',
      header: t('col.attendance'),
      cell: (s) => (s.late ? t('late') : s.early ? t('early') : '') + (s.reason ? ` · ${s.reason.name}` : ''),
    },
    { id: 'temperature', header: t('col.temperature'), cell: (s) => (s.temperature == null ? '—' : `${s.temperature} °C`), defaultHidden: true },
    { id: 'kiosk', header: t('col.kiosk'), cell: (s) => s.kiosk?.name ?? '—', defaultHidden: true },
    { id: 'host', header: t('col.host'), cell: (s) => s.host?.name ?? '—', defaultHidden: true },
  ];
  const totals = daily.data;
  const stat = (label: string, value: number | undefined) => (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">{label}</Text>
      <Text fz={28} fw={700}>{value ?? '—'}</Text>
    </Card>
  );
  return (
    <PageLayout title={t('title')} actions={live ? <Badge variant="dot" color="teal">{t('live', { count: live })}</Badge> : null}>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {stat(t('on_site'), totals?.on_site)}
        {stat(t('sign_ins_today'), totals?.sign_ins_today)}
        {stat(t('sign_outs_today'), totals?.sign_outs_today)}
        {stat(t('expected_today'), totals?.expected_today)}
      </SimpleGrid>
      <Card withBorder padding="md">
        <Stack gap="xs">
          <Title order={4}>{t('daily')}</Title>
          {totals ? <DailyChart days={totals.daily} /> : null}
        </Stack>
      </Card>
      <Title order={3}>{t('logbook')}</Title>
      <DataGrid<Scan>
        pageUrl="/"
        queryKey={['dashboard', 'logbook', entityId]}
        rowId={(s) => s.id}
        fetchPage={(q, signal) => getLogbook(entityId, q, signal)}
        columns={columns}
        filters={{ start_date: day(range[0]), end_date: day(range[1]), input_method: inputMethod ?? undefined, status: status ?? undefined }}
        toolbar={
          <Group gap="xs" wrap="wrap">
            <DatePickerInput type="range" clearable placeholder={t('filter.dates')} aria-label={t('filter.dates')} value={range} onChange={(v) => setRange(v as [string | null, string | null])} w={240} />
            <Select clearable placeholder={t('filter.input_method')} aria-label={t('filter.input_method')} data={(inputs.data ?? []).map((i) => ({ value: i.id, label: i.name }))} value={inputMethod} onChange={setInputMethod} w={180} />
            <Select clearable placeholder={t('filter.type')} aria-label={t('filter.type')} data={(types.data ?? []).map((i) => ({ value: i.id, label: i.name }))} value={status} onChange={setStatus} w={180} />
          </Group>
        }
      />
    </PageLayout>
  );
}
