import { Alert, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { fixDuplicate, type TempUser, useTempUsers } from '../api/integrations';
import { errorText, toast } from '../components/bits';
import { TempTable } from '../components/TempTable';
import { useIntegrationId } from '../components/useIntegrationId';
import { INTEGRATIONS, syncPath } from '../paths';

const nameOf = (p: TempUser) => `${p.data.first_name ?? ''} ${p.data.last_name ?? ''}`.trim() || p.external_id;

/** The people of the first sync who match someone: merged into that person (never created twice) or created. */
export default function IntegrationDuplicatePage() {
  const { t } = useTranslation('integrations');
  const id = useIntegrationId();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useTempUsers(id ?? 0, 'duplicate', page);
  const [error, setError] = useState<string | null>(null);
  if (!id) return <Navigate to={INTEGRATIONS} replace />;
  const rows = list.data?.data ?? [];
  const resolve = async (p: TempUser, action: 'merge' | 'create') => {
    setError(null);
    try {
      const res = await fixDuplicate({ temp_user_id: p.id, action, ...(action === 'merge' && p.duplicate_of ? { user_id: p.duplicate_of.id } : {}) });
      toast(res.message);
      await client.invalidateQueries({ queryKey: ['integrations', id] });
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <PageLayout
      title={t('duplicates.title')}
      actions={
        <Button variant="light" component={Link} to={syncPath(id)}>
          {t('sync.title')}
        </Button>
      }
    >
      <Text c="dimmed">{t('duplicates.intro')}</Text>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {list.isSuccess && !rows.length ? <Alert color="teal">{t('duplicates.none')}</Alert> : null}
      {rows.length ? (
        <TempTable
          label={t('duplicates.title')}
          rows={rows}
          count={list.data?.count ?? 0}
          page={page}
          onPage={setPage}
          extra={[
            {
              header: t('duplicates.matches'),
              cell: (p) => (p.duplicate_of ? `${p.duplicate_of.first_name} ${p.duplicate_of.last_name}${p.duplicate_of.email ? ` (${p.duplicate_of.email})` : ''}` : <Text size="sm">{Object.values(p.errors).flat().join('\n') || t('duplicates.in_directory')}</Text>),
            },
            {
              header: t('actions'),
              cell: (p) => (
                <Group gap={4}>
                  {p.duplicate_of ? (
                    <Button size="xs" onClick={() => resolve(p, 'merge')} aria-label={t('duplicates.merge_of', { name: nameOf(p) })}>
                      {t('duplicates.merge')}
                    </Button>
                  ) : null}
                  <Button size="xs" variant="light" onClick={() => resolve(p, 'create')} aria-label={t('duplicates.create_of', { name: nameOf(p) })}>
                    {t('duplicates.create')}
                  </Button>
                </Group>
              ),
            },
          ]}
        />
      ) : null}
    </PageLayout>
  );
}
