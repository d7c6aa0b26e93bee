import { Alert, Anchor, Button, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { type TempUser, useGroupTypes, useTempUsers } from '../api/integrations';
import { toast } from '../components/bits';
import { FixErrorModal } from '../components/FixErrorModal';
import { TempTable } from '../components/TempTable';
import { useIntegrationId } from '../components/useIntegrationId';
import { INTEGRATIONS, duplicatesPath, syncPath } from '../paths';

/** The people of the first sync with errors (their field messages; NO_GROUP_TO_MAP, rule 278), each with a fix. */
export default function IntegrationErrorPage() {
  const { t } = useTranslation('integrations');
  const id = useIntegrationId();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useTempUsers(id ?? 0, 'error', page);
  const types = useGroupTypes(id ?? 0);
  const [fixing, setFixing] = useState<TempUser | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  if (!id) return <Navigate to={INTEGRATIONS} replace />;
  const rows = list.data?.data ?? [];
  return (
    <PageLayout
      title={t('errors.title')}
      actions={
        <Button variant="light" component={Link} to={syncPath(id)}>
          {t('sync.title')}
        </Button>
      }
    >
      <Text c="dimmed">{t('errors.intro')}</Text>
      {outcome ? (
        <Alert color="teal" role="status">
          {outcome}
        </Alert>
      ) : null}
      {list.isSuccess && !rows.length ? <Alert color="teal">{t('errors.none')}</Alert> : null}
      {rows.length ? (
        <TempTable
          label={t('errors.title')}
          rows={rows}
          count={list.data?.count ?? 0}
          page={page}
          onPage={setPage}
          extra={[
            { header: t('errors.what'), cell: (p) => <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{Object.values(p.errors).flat().join('\n')}</Text> },
            {
              header: t('actions'),
              cell: (p) => (
                <Button size="xs" onClick={() => setFixing(p)} aria-label={t('errors.fix_of', { name: `${p.data.first_name ?? ''} ${p.data.last_name ?? ''}`.trim() || p.external_id })}>
                  {t('errors.fix')}
                </Button>
              ),
            },
          ]}
        />
      ) : null}
      {fixing ? (
        <FixErrorModal
          person={fixing}
          userTypes={types.data?.user_types ?? []}
          onClose={() => setFixing(null)}
          onFixed={async (p, message) => {
            toast(message);
            setFixing(null);
            setOutcome(t(`errors.now_${p.state}`));
            await client.invalidateQueries({ queryKey: ['integrations', id] });
          }}
        />
      ) : null}
      {outcome === t('errors.now_duplicate') ? (
        <Anchor component={Link} to={duplicatesPath(id)}>
          {t('duplicates.title')}
        </Anchor>
      ) : null}
    </PageLayout>
  );
}
