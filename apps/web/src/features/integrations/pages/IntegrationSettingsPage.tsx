import { DIRECTORY_TYPES, type DirectoryTypeKey } from '@gatehouse/contract';
import { Alert, Loader, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { useSession } from '../../../lib/session';
import { authenticate, editDirectory, reAuthenticate, saveDirectory, useIntegration } from '../api/integrations';
import { toast } from '../components/bits';
import { CredentialsForm } from '../components/CredentialsForm';
import { MappingForm } from '../components/MappingForm';
import { useIntegrationId } from '../components/useIntegrationId';
import { INTEGRATIONS, settingsPath, syncPath } from '../paths';

/**
 * Setting up an integration: a new one (`?type=`) is named and authenticated first; then (`?id=`) its sites,
 * fields and groups are mapped (rule 275) and it can be re-authenticated. Without either, rule 17: /integration.
 */
export default function IntegrationSettingsPage() {
  const { t } = useTranslation('integrations');
  const navigate = useNavigate();
  const client = useQueryClient();
  const entityId = useSession()?.entity?.id ?? 0;
  const [search] = useSearchParams();
  const state = useLocation().state as { prefill?: Record<string, string> } | null;
  const id = useIntegrationId();
  const newType = search.get('type') as DirectoryTypeKey | null;
  const integ = useIntegration(id ?? 0);
  if (!id && !(newType && DIRECTORY_TYPES.includes(newType))) return <Navigate to={INTEGRATIONS} replace />;
  if (!id && newType) {
    return (
      <PageLayout title={t('settings.new_title', { type: t(`type.${newType}`) })}>
        <CredentialsForm
          type={newType}
          initial={state?.prefill}
          onSubmit={async (body) => {
            const res = await authenticate(entityId, newType, body);
            toast(res.message);
            await client.invalidateQueries({ queryKey: ['integrations'] });
            navigate(settingsPath(res.data.id), { replace: true });
          }}
        />
      </PageLayout>
    );
  }
  const i = integ.data;
  return (
    <PageLayout title={i ? t('settings.of', { name: i.name }) : t('settings.title')}>
      {integ.isLoading ? <Loader aria-label={t('loading')} /> : null}
      {integ.isError ? <Alert color="red">{t('load_error')}</Alert> : null}
      {i ? (
        <Stack gap="xl">
          {i.status === 'auth_failed' ? <Alert color="red">{t('settings.auth_failed', { detail: i.last_error ?? '' })}</Alert> : null}
          <MappingForm
            key={i.id}
            integration={i}
            onSave={async ({ id: _id, ...body }) => {
              // A draft is set up; a running integration is edited (the server keeps rule 276 there).
              const res = i.status === 'draft' ? await saveDirectory({ id: i.id, ...body }) : await editDirectory(i.id, body);
              toast(res.message);
              await client.invalidateQueries({ queryKey: ['integrations'] });
              navigate(syncPath(i.id));
            }}
          />
          <Title order={3}>{t('settings.credentials')}</Title>
          <CredentialsForm
            type={i.type}
            existing={{ id: i.id, name: i.name, configured: i.configured }}
            onSubmit={async ({ name: _name, ...body }) => {
              const res = await reAuthenticate(i.id, body);
              toast(res.message);
              await client.invalidateQueries({ queryKey: ['integrations'] });
            }}
          />
        </Stack>
      ) : null}
    </PageLayout>
  );
}
