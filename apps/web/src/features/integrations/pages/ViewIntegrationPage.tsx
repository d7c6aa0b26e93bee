import { Alert, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { tMessage } from '../../../lib/i18n';
import { deleteDirectory, editDirectory, refreshDirectory, useIntegration, useStatistics, useSyncLogs } from '../api/integrations';
import { failToast, StatusBadge, toast } from '../components/bits';
import { Net2Card } from '../components/Net2Card';
import { useIntegrationId } from '../components/useIntegrationId';
import { codesPath, duplicatesPath, errorsPath, INTEGRATIONS, settingsPath, syncPath, validPath, writeBackPath } from '../paths';

function Stat({ label, value, to }: { label: string; value: number; to?: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {to ? (
        <Text component={Link} to={to} fw={700} size="xl" td="underline">
          {value}
        </Text>
      ) : (
        <Text fw={700} size="xl">
          {value}
        </Text>
      )}
    </Card>
  );
}

/** One integration: status, statistics, the lists to fix, logs of every run, activation (rule 269), refresh and delete. */
export default function ViewIntegrationPage() {
  const { t } = useTranslation('integrations');
  const id = useIntegrationId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const integ = useIntegration(id ?? 0);
  const stats = useStatistics(id ?? 0);
  const logs = useSyncLogs(id ?? 0);
  const [deleting, setDeleting] = useState(false);
  if (!id) return <Navigate to={INTEGRATIONS} replace />;
  const i = integ.data;
  const s = stats.data;
  const act = async (fn: () => Promise<{ message: string }>, after?: () => void) => {
    try {
      toast((await fn()).message);
      await client.invalidateQueries({ queryKey: ['integrations'] });
      after?.();
    } catch (e) {
      failToast(e);
    }
  };
  return (
    <PageLayout
      title={i?.name ?? t('view.title')}
      actions={
        i ? (
          <Group gap="xs">
            <Button variant="light" component={Link} to={settingsPath(id)}>
              {t('settings.title')}
            </Button>
            <Button component={Link} to={syncPath(id)}>
              {t('sync.action')}
            </Button>
          </Group>
        ) : null
      }
    >
      {integ.isLoading ? <Loader aria-label={t('loading')} /> : null}
      {i ? (
        <Stack>
          <Group>
            <StatusBadge status={i.status} />
            <Text size="sm">{t(`type.${i.type}`)}</Text>
            <Text size="sm">{i.last_synced_at ? t('view.last_synced', { at: dayjs(i.last_synced_at).format('DD/MM/YYYY HH:mm') }) : t('never')}</Text>
            <Switch label={t('view.active')} checked={i.status !== 'inactive'} onChange={(e) => act(() => editDirectory(id, { status: e.currentTarget.checked ? 'active' : 'inactive' }))} />
          </Group>
          {i.last_error ? <Alert color="red">{tMessage(i.last_error)}</Alert> : null}
          {s ? (
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
              <Stat label={t('view.synced')} value={s.synced_users} to={validPath(id)} />
              <Stat label={t('view.archived')} value={s.archived_users} />
              <Stat label={t('view.valid')} value={s.temp.valid ?? 0} to={validPath(id)} />
              <Stat label={t('view.errors')} value={s.temp.error ?? 0} to={errorsPath(id)} />
              <Stat label={t('view.duplicates')} value={s.temp.duplicate ?? 0} to={duplicatesPath(id)} />
              <Stat label={t('view.runs')} value={s.runs} />
              {i.type === 'wonde' ? <Stat label={t('view.marks_sent')} value={s.scans.sent ?? 0} to={writeBackPath(id)} /> : null}
              {i.type === 'wonde' ? <Stat label={t('view.marks_pending')} value={s.scans.pending ?? 0} to={writeBackPath(id)} /> : null}
            </SimpleGrid>
          ) : null}
          <Group gap="xs">
            {i.type === 'wonde' ? (
              <>
                <Button variant="light" component={Link} to={writeBackPath(id)}>
                  {t('writeback.title')}
                </Button>
                <Button variant="light" component={Link} to={codesPath(id, i.name)}>
                  {t('codes.title')}
                </Button>
              </>
            ) : null}
            <Button variant="light" onClick={() => act(() => refreshDirectory(id))}>
              {t('view.refresh')}
            </Button>
            <Button variant="light" color="red" onClick={() => setDeleting(true)}>
              {t('view.delete')}
            </Button>
          </Group>
          {i.type === 'paxton' ? <Net2Card id={id} /> : null}
          <Title order={4}>{t('view.logs')}</Title>
          {logs.data && !logs.data.data.length ? <Text c="dimmed">{t('view.no_logs')}</Text> : null}
          {logs.data?.data.length ? (
            <Table striped withTableBorder aria-label={t('view.logs')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('view.kind')}</Table.Th>
                  <Table.Th>{t('status_col')}</Table.Th>
                  <Table.Th>{t('view.started')}</Table.Th>
                  <Table.Th>{t('view.counts')}</Table.Th>
                  <Table.Th>{t('view.problems')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {logs.data.data.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{t(`run.${r.kind}`, { defaultValue: r.kind })}</Table.Td>
                    <Table.Td>{t(`run_status.${r.status}`, { defaultValue: r.status })}</Table.Td>
                    <Table.Td>{dayjs(r.started_at ?? r.created_at).format('DD/MM/YYYY HH:mm')}</Table.Td>
                    <Table.Td>
                      {Object.entries(r.counts)
                        .map(([k, n]) => `${t(`count.${k}`, { defaultValue: k })}: ${n}`)
                        .join(', ') || '—'}
                    </Table.Td>
                    <Table.Td>{r.errors.map((e) => tMessage(e.message)).join('; ') || '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
          <Modal opened={deleting} onClose={() => setDeleting(false)} title={t('view.delete_title', { name: i.name })} closeButtonProps={{ 'aria-label': t('close') }}>
            <Stack>
              <Text>{t('view.delete_text')}</Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setDeleting(false)}>
                  {t('cancel')}
                </Button>
                <Button color="red" onClick={() => act(() => deleteDirectory(id), () => navigate(INTEGRATIONS))}>
                  {t('view.delete')}
                </Button>
              </Group>
            </Stack>
          </Modal>
        </Stack>
      ) : null}
    </PageLayout>
  );
}
