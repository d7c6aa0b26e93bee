import { Alert, Anchor, Button, Group, Loader, Progress, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { tMessage } from '../../../lib/i18n';
import { firstSync, getDuplicateCheck, getSyncStatus, migrateUsers, type SyncStatus, syncNow, useIntegration } from '../api/integrations';
import { errorText } from '../components/bits';
import { FIRST_CHECK_MS, phaseOf, pollEvery } from '../components/sync-codes';
import { useIntegrationId } from '../components/useIntegrationId';
import { duplicatesPath, errorsPath, INTEGRATIONS, settingsPath, syncStatusPath, viewPath } from '../paths';

const STEPS = [0, 1, 2, 11, 6];

/**
 * Progress of a sync or migration: polled 3 s after the start, then every 5 s (3 s for migration) while the code
 * says it runs (rules 270, 273, 274); when done, on to the duplicates, the errors or the integration (rule 36).
 */
export default function SyncStatusPage() {
  const { t } = useTranslation('integrations');
  const id = useIntegrationId();
  const migration = useSearchParams()[0].get('kind') === 'migration';
  const navigate = useNavigate();
  const client = useQueryClient();
  const integ = useIntegration(id ?? 0);
  const [status, setStatus] = useState<SyncStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const name = integ.data?.name ?? '';
  const nameRef = useRef(name);
  nameRef.current = name;

  useEffect(() => {
    if (!id) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const check = async () => {
      try {
        const s = await getSyncStatus(id);
        if (stopped) return;
        setStatus(s);
        const phase = phaseOf(s.code);
        if (phase === 'polling') timer = setTimeout(check, pollEvery(migration || s.code === 6));
        else if (phase === 'done') {
          await client.invalidateQueries({ queryKey: ['integrations'] });
          const left = await getDuplicateCheck(id);
          if (stopped) return;
          // Rule 36: duplicates first, then errors, else the integration itself.
          if (left.duplicates > 0) navigate(duplicatesPath(id), { replace: true });
          else if (left.errors > 0) navigate(errorsPath(id), { replace: true });
          else navigate(viewPath(id, nameRef.current || String(id)), { replace: true });
        }
      } catch (e) {
        if (!stopped) setError(errorText(e));
      }
    };
    timer = setTimeout(check, FIRST_CHECK_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id, migration, round, navigate, client]);

  if (!id) return <Navigate to={INTEGRATIONS} replace />;
  const phase = status ? phaseOf(status.code) : 'polling';
  const retry = async () => {
    setError(null);
    try {
      if (migration || status?.code === 7) await migrateUsers(id, integ.data?.migration_field ?? 'email');
      else if (integ.data?.migration_stage === 'done') await syncNow(id);
      else await firstSync(id);
      setStatus(null);
      navigate(syncStatusPath(id, migration || status?.code === 7 ? 'migration' : 'sync'), { replace: true });
      setRound((r) => r + 1);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const step = status ? Math.max(0, STEPS.indexOf(status.code)) : 0;
  const counts = Object.entries(status?.counts ?? {});
  return (
    <PageLayout title={name ? t('status.of', { name }) : t('status.title')}>
      <Stack maw={640}>
        {phase === 'polling' ? (
          <>
            <Group>
              <Loader size="sm" aria-hidden />
              <Text role="status">{t(`status.code.${status?.code ?? 0}`)}</Text>
            </Group>
            <Progress value={((step + 1) / (migration ? 2 : 4)) * 100} aria-label={t('status.progress')} animated />
          </>
        ) : null}
        {phase === 'done' ? <Text role="status">{t('status.done')}</Text> : null}
        {phase === 'retry' ? (
          <Alert color="red" title={t('status.failed')}>
            <Button mt="xs" onClick={retry}>
              {t('status.retry')}
            </Button>
          </Alert>
        ) : null}
        {phase === 'reauth' ? (
          <Alert color="red" title={t('status.auth_failed')}>
            <Anchor component={Link} to={settingsPath(id)}>
              {t('status.reauth')}
            </Anchor>
          </Alert>
        ) : null}
        {phase === 'auth_message' ? (
          <Alert color="red" title={t('status.auth_failed')}>
            {status?.errors.map((e) => tMessage(e.message)).join('\n') || integ.data?.last_error}
          </Alert>
        ) : null}
        {phase === 'failed' ? <Alert color="red">{t('status.failed')}</Alert> : null}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {counts.length ? (
          <Table withTableBorder aria-label={t('status.counts')} maw={400}>
            <Table.Tbody>
              {counts.map(([k, n]) => (
                <Table.Tr key={k}>
                  <Table.Td>{t(`count.${k}`, { defaultValue: k })}</Table.Td>
                  <Table.Td>{n}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </PageLayout>
  );
}
