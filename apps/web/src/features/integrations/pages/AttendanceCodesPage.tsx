import { Alert, Button, Group, Select, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { useSession } from '../../../lib/session';
import { bulkUpdateCodes, useAttendanceCodes } from '../api/integrations';
import { errorText, toast } from '../components/bits';
import { useIntegrationId } from '../components/useIntegrationId';
import { INTEGRATIONS } from '../paths';

type Picks = Record<string, string | null>;

/** The directory's attendance code each mode (on time) and each late or early reason records, saved in one bulk update. */
export default function AttendanceCodesPage() {
  const { t } = useTranslation('integrations');
  const id = useIntegrationId();
  const name = useParams().integName ?? '';
  const entityId = useSession()?.entity?.id ?? 0;
  const client = useQueryClient();
  const codes = useAttendanceCodes(entityId, id ?? 0);
  const [picks, setPicks] = useState<Picks>({});
  const [error, setError] = useState<string | null>(null);
  if (!id) return <Navigate to={INTEGRATIONS} replace />;
  const d = codes.data;
  const options = (d?.codes ?? []).map((c) => ({ value: String(c.id), label: `${c.code} — ${c.name}` }));
  const value = (key: string, current: number | null) => (key in picks ? picks[key] : current ? String(current) : null);
  const save = async () => {
    if (!d) return;
    setError(null);
    const changed = (kind: 'mode' | 'reason', rows: { id: number; attendance_code_id: number | null }[]) =>
      rows.filter((r) => `${kind}-${r.id}` in picks).map((r) => ({ id: r.id, attendance_code_id: picks[`${kind}-${r.id}`] ? Number(picks[`${kind}-${r.id}`]) : null }));
    try {
      const res = await bulkUpdateCodes({ integration_id: id, modes: changed('mode', d.modes), reasons: changed('reason', d.reasons) });
      toast(res.message);
      setPicks({});
      await client.invalidateQueries({ queryKey: ['integrations', id, 'codes'] });
    } catch (e) {
      setError(errorText(e));
    }
  };
  const row = (key: string, label: string, current: number | null, kind: string) => (
    <Table.Tr key={key}>
      <Table.Td>{label}</Table.Td>
      <Table.Td>{kind}</Table.Td>
      <Table.Td>
        <Select aria-label={t('codes.code_of', { name: label })} data={options} value={value(key, current)} onChange={(v) => setPicks((p) => ({ ...p, [key]: v }))} clearable clearButtonProps={{ 'aria-label': t('clear') }} />
      </Table.Td>
    </Table.Tr>
  );
  return (
    <PageLayout title={t('codes.of', { name: decodeURIComponent(name) })}>
      <Text c="dimmed">{t('codes.intro')}</Text>
      {d && !d.codes.length ? <Alert color="blue">{t('codes.none')}</Alert> : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {d ? (
        <>
          <Title order={4}>{t('codes.modes')}</Title>
          <Table withTableBorder aria-label={t('codes.modes')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('name')}</Table.Th>
                <Table.Th>{t('codes.kind')}</Table.Th>
                <Table.Th>{t('writeback.code')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.modes.map((m) => row(`mode-${m.id}`, m.name, m.attendance_code_id, t('codes.on_time')))}
              {d.reasons.map((r) => row(`reason-${r.id}`, r.name, r.attendance_code_id, t(r.type === 'early_sign_out' ? 'codes.reason_early' : 'codes.reason_late')))}
            </Table.Tbody>
          </Table>
          <Group>
            <Button onClick={save} disabled={!Object.keys(picks).length}>
              {t('codes.save')}
            </Button>
          </Group>
        </>
      ) : null}
    </PageLayout>
  );
}
