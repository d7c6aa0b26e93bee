import { Anchor, Badge, Progress, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { useSession } from '../../../lib/session';
import { useImportTasks } from '../api/imports';

const COLORS = { staged: 'gray', queued: 'blue', running: 'blue', done: 'green', failed: 'red' } as const;

/** /users/import/queue: every import with live progress (refreshed while one runs) and its counts. */
export default function ImportQueuePage() {
  const { t } = useTranslation('users');
  const entityId = useSession()?.entity?.id ?? 0;
  const tasks = useImportTasks(entityId);
  return (
    <PageLayout title={t('import.queue')}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('import.file')}</Table.Th>
            <Table.Th>{t('import.status')}</Table.Th>
            <Table.Th w="30%">{t('import.progress')}</Table.Th>
            <Table.Th>{t('import.counts')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(tasks.data?.data ?? []).map((task) => (
            <Table.Tr key={task.id}>
              <Table.Td>
                <Anchor component={Link} to={task.status === 'staged' ? `/users/import/grid?id=${task.id}` : `/users/import/details/${task.id}`}>{task.file_name}</Anchor>
              </Table.Td>
              <Table.Td>
                <Badge color={COLORS[task.status]}>{t(`import.statuses.${task.status}`)}</Badge>
              </Table.Td>
              <Table.Td>
                <Progress value={task.total ? (100 * task.processed) / task.total : 0} aria-label={t('import.progress')} />
                <Text size="xs">{task.processed} / {task.total}</Text>
              </Table.Td>
              <Table.Td>{t('import.count_line', { created: task.created, updated: task.updated, refused: task.refused })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </PageLayout>
  );
}
