import { Alert, Badge, Button, Group, Modal, NumberInput, PasswordInput, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout';
import { HttpError, joinErrors } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { type Days, deleteNow, impactOf, saveRetention, useCronJobs, usePrivacySettings } from '../api/privacy';

interface Row {
  typeId: number | null;
  name: string;
  data: number | null;
  scans: number | null;
  source: string;
}

const errorText = (e: unknown) => (e instanceof HttpError ? joinErrors(e.body.errors) || e.message : String(e));

/** One retention row: days for data and scans (rules 282-283); a shorter period shows what goes and asks to confirm. */
function RetentionRow({ row, onDeleteNow }: { row: Row; onDeleteNow: (row: Row) => void }) {
  const { t } = useTranslation('privacy');
  const entityId = useSession()?.entity?.id ?? 0;
  const client = useQueryClient();
  const [data, setData] = useState<number | string>(row.data ?? '');
  const [scans, setScans] = useState<number | string>(row.scans ?? '');
  const [error, setError] = useState<Record<string, string> | null>(null);
  const [confirm, setConfirm] = useState<{ people: number; scans: number } | null>(null);
  const days: Days = { data_retention_days: Number(data), scans_retention_days: Number(scans) };
  const save = async (confirmed = false) => {
    setError(null);
    try {
      if (!confirmed) {
        const impact = await impactOf(entityId, row.typeId, days);
        if (impact.people || impact.scans) return setConfirm(impact);
      }
      const res = await saveRetention(entityId, row.typeId, confirmed ? { ...days, confirm: 1 } : days);
      setConfirm(null);
      notifications.show({ message: res.message, color: 'teal' });
      await client.invalidateQueries({ queryKey: ['privacy'] });
    } catch (e) {
      // Each field's message under its own field; anything else under the first.
      const fields = e instanceof HttpError ? e.fieldErrors : {};
      setError({ data: (fields.data_retention_days ?? []).join('\n') || (Object.keys(fields).length ? '' : errorText(e)), scans: (fields.scans_retention_days ?? []).join('\n') });
    }
  };
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={row.typeId ? 400 : 600}>{row.name}</Text>
        {row.typeId ? <Badge variant="light" size="sm">{t(`source.${row.source}`)}</Badge> : null}
      </Table.Td>
      <Table.Td>
        <NumberInput aria-label={t('data_days_of', { name: row.name })} min={1} allowDecimal={false} value={data} onChange={setData} w={120} error={error?.data || undefined} />
      </Table.Td>
      <Table.Td>
        <NumberInput aria-label={t('scan_days_of', { name: row.name })} min={1} allowDecimal={false} value={scans} onChange={setScans} w={120} error={error?.scans || undefined} />
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Button size="xs" onClick={() => save(false)}>
            {t('save')}
          </Button>
          {row.typeId ? (
            <Button size="xs" color="red" variant="light" onClick={() => onDeleteNow(row)}>
              {t('delete_now')}
            </Button>
          ) : null}
        </Group>
        <Modal opened={!!confirm} onClose={() => setConfirm(null)} title={t('confirm_title')}>
          <Stack>
            <Text>{t('confirm_text', { people: confirm?.people ?? 0, scans: confirm?.scans ?? 0 })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirm(null)}>
                {t('cancel')}
              </Button>
              <Button color="red" onClick={() => save(true)}>
                {t('confirm')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      </Table.Td>
    </Table.Tr>
  );
}

/** Delete now (rules 284-285): data, scans or both of a user type, confirmed with the password. */
function DeleteNow({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation('privacy');
  const entityId = useSession()?.entity?.id ?? 0;
  const client = useQueryClient();
  const [type, setType] = useState<'data' | 'scan' | 'both'>('both');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    try {
      const res = await deleteNow(entityId, { type, name: row.name, user_type_id: row.typeId, password });
      notifications.show({ message: res.message, color: 'teal' });
      await client.invalidateQueries({ queryKey: ['privacy'] });
      onClose();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('delete_now_title', { name: row.name })}>
      <Stack>
        <Text size="sm">{t('delete_now_text')}</Text>
        <SegmentedControl value={type} onChange={(v) => setType(v as typeof type)} data={(['data', 'scan', 'both'] as const).map((v) => ({ value: v, label: t(`type.${v}`) }))} />
        <PasswordInput label={t('password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={error ?? undefined} required />
        <Group justify="flex-end">
          <Button color="red" onClick={run} disabled={!password}>
            {t('delete_now')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The privacy manager: retention per user type and the default, delete now, and the purge's runs. */
export default function PrivacyManagerPage() {
  const { t } = useTranslation('privacy');
  const entityId = useSession()?.entity?.id ?? 0;
  const settings = usePrivacySettings(entityId);
  const runs = useCronJobs(entityId);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const s = settings.data;
  const rows: Row[] = s
    ? [
        { typeId: null, name: t('default_row'), data: s.default?.data_retention_days ?? null, scans: s.default?.scans_retention_days ?? null, source: 'default' },
        ...s.user_types.map((u) => ({ typeId: u.user_type_id, name: u.name, data: u.data_retention_days, scans: u.scans_retention_days, source: u.source })),
      ]
    : [];
  const next = runs.data?.scheduled[0];
  return (
    <PageLayout title={t('title')}>
      <Text c="dimmed">{t('intro')}</Text>
      {settings.isError ? <Alert color="red">{t('error')}</Alert> : null}
      <Table striped withTableBorder aria-label={t('title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('user_type')}</Table.Th>
            <Table.Th>{t('data_days')}</Table.Th>
            <Table.Th>{t('scan_days')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <RetentionRow key={`${r.typeId ?? 'default'}-${r.data}-${r.scans}`} row={r} onDeleteNow={setDeleting} />
          ))}
        </Table.Tbody>
      </Table>
      <Title order={4}>{t('runs')}</Title>
      {next ? <Text size="sm">{t('next_run', { at: dayjs(next.next_run_at).format('DD/MM/YYYY HH:mm'), tz: next.time_zone })}</Text> : null}
      <Table striped withTableBorder aria-label={t('runs')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('run_kind')}</Table.Th>
            <Table.Th>{t('status')}</Table.Th>
            <Table.Th>{t('started')}</Table.Th>
            <Table.Th>{t('removed')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(runs.data?.data ?? []).map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                {t(`kind.${r.kind}`)} {r.name ? `(${r.name})` : ''}
              </Table.Td>
              <Table.Td>{t(`run_status.${r.status}`)}</Table.Td>
              <Table.Td>{r.started_at ? dayjs(r.started_at).format('DD/MM/YYYY HH:mm') : '—'}</Table.Td>
              <Table.Td>
                {Object.entries(r.counts)
                  .map(([k, n]) => t(`count.${k}`, { n }))
                  .join(', ') || t('nothing')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {deleting ? <DeleteNow row={deleting} onClose={() => setDeleting(null)} /> : null}
    </PageLayout>
  );
}
