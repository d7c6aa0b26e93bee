import { MIGRATION_FIELDS, SYNC_FREQUENCIES } from '@gatehouse/contract';
import { Alert, Button, Card, Group, Loader, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { firstSync, migrateUsers, setAutoSync, syncNow, useDuplicateCheck, useIntegration } from '../api/integrations';
import { errorText, failToast, toast } from '../components/bits';
import { useIntegrationId } from '../components/useIntegrationId';
import { INTEGRATIONS, syncStatusPath } from '../paths';

/** Start a sync (the first one fills the valid, error and duplicate lists), move the valid people in, automatic sync (rule 277). */
export default function SyncIntegrationPage() {
  const { t } = useTranslation('integrations');
  const id = useIntegrationId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const integ = useIntegration(id ?? 0);
  const check = useDuplicateCheck(id ?? 0);
  const [field, setField] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!id) return <Navigate to={INTEGRATIONS} replace />;
  const i = integ.data;
  const migrated = i?.migration_stage === 'done';
  const start = async () => {
    setError(null);
    try {
      const res = migrated ? await syncNow(id) : await firstSync(id);
      toast(res.message);
      navigate(syncStatusPath(id));
    } catch (e) {
      setError(errorText(e));
    }
  };
  const migrate = async () => {
    if (!field) return setError(t('sync.field_required'));
    setError(null);
    try {
      const res = await migrateUsers(id, field);
      toast(res.message);
      navigate(syncStatusPath(id, 'migration'));
    } catch (e) {
      setError(errorText(e));
    }
  };
  const auto = async (on: boolean, frequency?: string) => {
    try {
      const res = await setAutoSync(id, on, frequency);
      toast(res.message);
      await client.invalidateQueries({ queryKey: ['integrations'] });
    } catch (e) {
      failToast(e);
    }
  };
  const valid = check.data?.valid ?? 0;
  return (
    <PageLayout title={i ? t('sync.of', { name: i.name }) : t('sync.title')}>
      {integ.isLoading ? <Loader aria-label={t('loading')} /> : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {i ? (
        <Stack maw={640}>
          <Card withBorder>
            <Stack gap="xs">
              <Title order={4}>{migrated ? t('sync.now') : t('sync.first')}</Title>
              <Text size="sm">{migrated ? t('sync.now_text') : t('sync.first_text')}</Text>
              {i.status === 'inactive' ? <Text size="sm">{t('sync.inactive_note')}</Text> : null}
              <Group>
                <Button onClick={start}>{migrated ? t('sync.now') : t('sync.first')}</Button>
              </Group>
            </Stack>
          </Card>
          {!migrated ? (
            <Card withBorder>
              <Stack gap="xs">
                <Title order={4}>{t('sync.migrate')}</Title>
                <Text size="sm">{t('sync.migrate_text', { n: valid })}</Text>
                {(check.data?.errors ?? 0) + (check.data?.duplicates ?? 0) > 0 ? <Text size="sm">{t('sync.left_to_fix', { errors: check.data?.errors ?? 0, duplicates: check.data?.duplicates ?? 0 })}</Text> : null}
                <Select label={t('sync.migration_field')} required data={MIGRATION_FIELDS.map((f) => ({ value: f, label: t(`ours.${f}`) }))} value={field} onChange={setField} maw={300} />
                <Group>
                  <Button onClick={migrate} disabled={!valid}>
                    {t('sync.migrate')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ) : null}
          <Card withBorder>
            <Stack gap="xs">
              <Title order={4}>{t('sync.auto')}</Title>
              <Switch label={t('sync.auto_on')} checked={i.auto_sync === 1} onChange={(e) => auto(e.currentTarget.checked)} />
              <Select label={t('settings.frequency')} data={SYNC_FREQUENCIES.map((v) => ({ value: v, label: t(`frequency.${v}`) }))} value={i.sync_frequency} onChange={(v) => v && auto(i.auto_sync === 1, v)} allowDeselect={false} maw={300} />
            </Stack>
          </Card>
        </Stack>
      ) : null}
    </PageLayout>
  );
}
