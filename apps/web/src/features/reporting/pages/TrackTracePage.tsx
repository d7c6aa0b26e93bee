import { Alert, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/fields';
import { PageLayout } from '../../../components/PageLayout';
import { searchPeople, useEntityId, useTrace } from '../api/reports';
import { ChartTable } from '../components/ChartTable';
import { ExportButtons } from '../components/ExportButtons';

const when = (iso: string) => dayjs(iso).format('DD/MM/YYYY HH:mm');

/** Track and trace (rule 292): who shared an area with a person over a period, and for how many minutes. */
export default function TrackTracePage() {
  const { t } = useTranslation('reporting');
  const entityId = useEntityId();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [userId, setUserId] = useState<string | null>(null);
  const [start, setStart] = useState(dayjs().subtract(13, 'day').format('YYYY-MM-DD'));
  const [end, setEnd] = useState(dayjs().format('YYYY-MM-DD'));
  const people = useQuery({ queryKey: ['reporting', 'people', entityId, debounced], queryFn: () => searchPeople(entityId, debounced), enabled: entityId > 0 });
  const q = useTrace(entityId, { user_id: userId ? Number(userId) : undefined, date: start, end_date: end });
  const contacts = q.data?.data.contacts ?? [];
  return (
    <PageLayout title={t('track_trace')} actions={<ExportButtons report="track_trace" params={{ user_id: userId ? Number(userId) : undefined, date: start, end_date: end }} disabled={!userId} />}>
      <Group align="end" wrap="wrap">
        <Select
          label={t('person')}
          searchable
          w={280}
          searchValue={search}
          onSearchChange={setSearch}
          data={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.full_name }))}
          value={userId}
          onChange={setUserId}
          nothingFoundMessage={t('nobody')}
        />
        <DateField label={t('from')} value={start} onChange={(d) => d && setStart(dayjs(d).format('YYYY-MM-DD'))} w={170} />
        <DateField label={t('to')} value={end} onChange={(d) => d && setEnd(dayjs(d).format('YYYY-MM-DD'))} w={170} />
      </Group>
      {q.isError ? <Alert color="red">{t('error')}</Alert> : null}
      {q.data ? (
        <Stack>
          <Text>{t('contacts_found', { n: q.data.count, name: q.data.data.person.full_name })}</Text>
          <ChartTable
            title={t('minutes_together')}
            labelKey="full_name"
            labelHeader={t('name')}
            rows={contacts.map((c) => ({ ...c }))}
            series={[{ name: 'overlap_minutes', label: t('minutes'), color: 'red.6' }]}
          />
          <Table striped withTableBorder aria-label={t('contacts')}>
            <Table.Thead>
              <Table.Tr>
                {['name', 'user_type', 'site', 'area', 'first_together', 'last_together', 'minutes', 'encounters'].map((h) => (
                  <Table.Th key={h}>{t(h)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contacts.map((c) => (
                <Table.Tr key={`${c.user_id}-${c.area?.id}`}>
                  <Table.Td>{c.full_name}</Table.Td>
                  <Table.Td>{c.user_type?.name ?? '—'}</Table.Td>
                  <Table.Td>{c.site?.name}</Table.Td>
                  <Table.Td>{c.area?.name}</Table.Td>
                  <Table.Td>{when(c.first_overlap_at)}</Table.Td>
                  <Table.Td>{when(c.last_overlap_at)}</Table.Td>
                  <Table.Td>{c.overlap_minutes}</Table.Td>
                  <Table.Td>{c.encounters}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
    </PageLayout>
  );
}
