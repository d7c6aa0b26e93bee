import { Alert, Button, Pagination, SegmentedControl, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { useSyncedUsers, useTempUsers } from '../api/integrations';
import { TempTable } from '../components/TempTable';
import { useIntegrationId } from '../components/useIntegrationId';
import { INTEGRATIONS, syncPath } from '../paths';

/** The valid people of the first sync (waiting to be moved in) and the people synced, by integration. */
export default function IntegrationValidPage() {
  const { t } = useTranslation('integrations');
  const id = useIntegrationId();
  const [which, setWhich] = useState<'valid' | 'synced'>('valid');
  const [page, setPage] = useState(1);
  const valid = useTempUsers(which === 'valid' ? (id ?? 0) : 0, 'valid', page);
  const synced = useSyncedUsers(which === 'synced' ? (id ?? 0) : 0, page);
  if (!id) return <Navigate to={INTEGRATIONS} replace />;
  const syncedRows = synced.data?.data ?? [];
  return (
    <PageLayout
      title={t('valid.title')}
      actions={
        <Button variant="light" component={Link} to={syncPath(id)}>
          {t('sync.migrate')}
        </Button>
      }
    >
      <SegmentedControl
        value={which}
        onChange={(v) => {
          setWhich(v as 'valid' | 'synced');
          setPage(1);
        }}
        data={[
          { value: 'valid', label: t('valid.waiting') },
          { value: 'synced', label: t('valid.synced') },
        ]}
      />
      {which === 'valid' ? (
        <>
          <Text c="dimmed">{t('valid.intro')}</Text>
          {valid.isSuccess && !valid.data.data.length ? <Alert color="blue">{t('valid.none')}</Alert> : null}
          {valid.data?.data.length ? <TempTable label={t('valid.waiting')} rows={valid.data.data} count={valid.data.count} page={page} onPage={setPage} /> : null}
        </>
      ) : (
        <>
          {synced.isSuccess && !syncedRows.length ? <Alert color="blue">{t('valid.none_synced')}</Alert> : null}
          {syncedRows.length ? (
            <Table striped withTableBorder aria-label={t('valid.synced')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ours.first_name')}</Table.Th>
                  <Table.Th>{t('ours.last_name')}</Table.Th>
                  <Table.Th>{t('ours.email')}</Table.Th>
                  <Table.Th>{t('external_id')}</Table.Th>
                  <Table.Th>{t('status_col')}</Table.Th>
                  <Table.Th>{t('last_synced')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {syncedRows.map((u) => (
                  <Table.Tr key={u.id}>
                    <Table.Td>{u.first_name}</Table.Td>
                    <Table.Td>{u.last_name}</Table.Td>
                    <Table.Td>{u.email ?? '—'}</Table.Td>
                    <Table.Td>{u.external_id}</Table.Td>
                    <Table.Td>{t(`person.${u.status}`, { defaultValue: u.status })}</Table.Td>
                    <Table.Td>{dayjs(u.synced_at).format('DD/MM/YYYY HH:mm')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
          {(synced.data?.count ?? 0) > 50 ? <Pagination total={Math.ceil((synced.data?.count ?? 0) / 50)} value={page} onChange={setPage} aria-label={t('pages')} /> : null}
        </>
      )}
    </PageLayout>
  );
}
