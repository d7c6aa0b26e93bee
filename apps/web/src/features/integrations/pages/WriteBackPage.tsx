import { Alert, Button, Checkbox, Group, Pagination, Select, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { useSession } from '../../../lib/session';
import { editScans, ignoreScans, useAttendanceCodes, useIntegration, useIntegrationScans, writeBack } from '../api/integrations';
import { errorText, toast } from '../components/bits';
import { useIntegrationId } from '../components/useIntegrationId';
import { INTEGRATIONS } from '../paths';

const STATUSES = ['pending', 'sent', 'failed', 'ignored'] as const;

/** The sign-ins to write back as attendance marks: listed by status, ignored or given another code, then sent. */
export default function WriteBackPage() {
  const { t } = useTranslation('integrations');
  const id = useIntegrationId();
  const entityId = useSession()?.entity?.id ?? 0;
  const client = useQueryClient();
  const integ = useIntegration(id ?? 0);
  const [status, setStatus] = useState<string>('pending');
  const [page, setPage] = useState(1);
  const scans = useIntegrationScans(id ?? 0, status, { page });
  const codes = useAttendanceCodes(entityId, id ?? 0);
  const [picked, setPicked] = useState<number[]>([]);
  const [code, setCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!id) return <Navigate to={INTEGRATIONS} replace />;
  const rows = scans.data?.data ?? [];
  const act = async (fn: () => Promise<{ message: string }>) => {
    setError(null);
    try {
      toast((await fn()).message);
      setPicked([]);
      await client.invalidateQueries({ queryKey: ['integrations', id] });
    } catch (e) {
      setError(errorText(e));
    }
  };
  const toggle = (sid: number, on: boolean) => setPicked((p) => (on ? [...p, sid] : p.filter((x) => x !== sid)));
  return (
    <PageLayout title={integ.data ? t('writeback.of', { name: integ.data.name }) : t('writeback.title')}>
      <Text c="dimmed">{t('writeback.intro')}</Text>
      <Group>
        <Select label={t('status_col')} data={STATUSES.map((s) => ({ value: s, label: t(`scan.${s}`) }))} value={status} onChange={(v) => { setStatus(v ?? 'pending'); setPage(1); setPicked([]); }} allowDeselect={false} w={200} />
        <Select label={t('writeback.code')} data={(codes.data?.codes ?? []).map((c) => ({ value: String(c.id), label: `${c.code} — ${c.name}` }))} value={code} onChange={setCode} clearable clearButtonProps={{ 'aria-label': t('clear') }} w={240} />
      </Group>
      <Group>
        <Button disabled={!picked.length} onClick={() => act(() => writeBack(id, rows.filter((r) => picked.includes(r.id)).map((r) => r.scan_id)))}>
          {t('writeback.send', { n: picked.length })}
        </Button>
        <Button variant="light" disabled={!picked.length || !code} onClick={() => act(() => editScans(picked, Number(code)))}>
          {t('writeback.set_code')}
        </Button>
        <Button variant="light" color="gray" disabled={!picked.length} onClick={() => act(() => ignoreScans(picked))}>
          {t('writeback.ignore')}
        </Button>
      </Group>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {scans.isSuccess && !rows.length ? <Alert color="blue">{t('writeback.none')}</Alert> : null}
      {rows.length ? (
        <Table striped withTableBorder aria-label={t('writeback.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Checkbox aria-label={t('writeback.all')} checked={picked.length === rows.length} onChange={(e) => setPicked(e.currentTarget.checked ? rows.map((r) => r.id) : [])} />
              </Table.Th>
              <Table.Th>{t('writeback.person')}</Table.Th>
              <Table.Th>{t('writeback.date')}</Table.Th>
              <Table.Th>{t('writeback.session')}</Table.Th>
              <Table.Th>{t('writeback.code')}</Table.Th>
              <Table.Th>{t('writeback.minutes_late')}</Table.Th>
              <Table.Th>{t('status_col')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((s) => (
              <Table.Tr key={s.id} data-testid={`scan-${s.id}`}>
                <Table.Td>
                  <Checkbox aria-label={t('writeback.pick', { name: s.full_name })} checked={picked.includes(s.id)} onChange={(e) => toggle(s.id, e.currentTarget.checked)} />
                </Table.Td>
                <Table.Td>{s.full_name}</Table.Td>
                <Table.Td>{dayjs(s.at).format('DD/MM/YYYY HH:mm')}</Table.Td>
                <Table.Td>{s.session}</Table.Td>
                <Table.Td>{s.code ?? '—'}</Table.Td>
                <Table.Td>{s.minutes_late ?? '—'}</Table.Td>
                <Table.Td>
                  {t(`scan.${s.status}`, { defaultValue: s.status })}
                  {s.error ? <Text size="xs" c="red">{s.error}</Text> : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {(scans.data?.count ?? 0) > 50 ? <Pagination total={Math.ceil((scans.data?.count ?? 0) / 50)} value={page} onChange={setPage} aria-label={t('pages')} /> : null}
    </PageLayout>
  );
}
