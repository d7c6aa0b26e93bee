import { DIRECTORY_TYPES, type DirectoryTypeKey } from '@gatehouse/contract';
import { Alert, Anchor, Button, Group, Select, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { useIntegrations } from '../api/integrations';
import { StatusBadge } from '../components/bits';
import { ScimCard } from '../components/ScimCard';
import { duplicatesPath, errorsPath, newIntegrationPath, settingsPath, syncPath, viewPath } from '../paths';

/** The organisation's integrations (rule 280): status, people, lists to fix, and a new one by directory type. */
export default function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const navigate = useNavigate();
  const list = useIntegrations();
  const [type, setType] = useState<DirectoryTypeKey | null>(null);
  const rows = list.data?.data ?? [];
  return (
    <PageLayout
      title={t('title')}
      actions={
        <Group gap="xs">
          <Select
            aria-label={t('new_type')}
            placeholder={t('new_type')}
            data={(list.data?.types ?? DIRECTORY_TYPES).map((v) => ({ value: v, label: t(`type.${v}`) }))}
            value={type}
            onChange={(v) => setType(v as DirectoryTypeKey | null)}
            w={200}
          />
          <Button disabled={!type} onClick={() => type && navigate(newIntegrationPath(type))}>
            {t('add')}
          </Button>
        </Group>
      }
    >
      <Text c="dimmed">{t('intro')}</Text>
      {list.isError ? <Alert color="red">{t('load_error')}</Alert> : null}
      {list.isSuccess && rows.length === 0 ? <Alert color="blue">{t('empty')}</Alert> : null}
      {rows.length ? (
        <Table striped withTableBorder aria-label={t('title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('name')}</Table.Th>
              <Table.Th>{t('directory')}</Table.Th>
              <Table.Th>{t('status_col')}</Table.Th>
              <Table.Th>{t('synced_users')}</Table.Th>
              <Table.Th>{t('to_fix')}</Table.Th>
              <Table.Th>{t('last_synced')}</Table.Th>
              <Table.Th>{t('actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((i) => (
              <Table.Tr key={i.id} data-testid={`integration-${i.id}`}>
                <Table.Td>
                  <Anchor component={Link} to={viewPath(i.id, i.name)}>
                    {i.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t(`type.${i.type}`)}</Table.Td>
                <Table.Td>
                  <StatusBadge status={i.status} />
                </Table.Td>
                <Table.Td>{i.synced_users}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {i.temp.error ? (
                      <Anchor component={Link} to={errorsPath(i.id)}>
                        {t('errors_n', { n: i.temp.error })}
                      </Anchor>
                    ) : null}
                    {i.temp.duplicate ? (
                      <Anchor component={Link} to={duplicatesPath(i.id)}>
                        {t('duplicates_n', { n: i.temp.duplicate })}
                      </Anchor>
                    ) : null}
                    {!i.temp.error && !i.temp.duplicate ? '—' : null}
                  </Group>
                </Table.Td>
                <Table.Td>{i.last_synced_at ? dayjs(i.last_synced_at).format('DD/MM/YYYY HH:mm') : t('never')}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Button size="xs" variant="light" component={Link} to={settingsPath(i.id)}>
                      {t('settings.title')}
                    </Button>
                    <Button size="xs" variant="light" component={Link} to={syncPath(i.id)}>
                      {t('sync.action')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <ScimCard />
    </PageLayout>
  );
}
