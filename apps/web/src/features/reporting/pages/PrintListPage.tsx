import { Badge, Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../../components/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { cancelPrint, getPrintJobs, type PrintJob, reprint, useEntityId } from '../api/reports';
import { ExportButtons } from '../components/ExportButtons';

const when = (iso: string | null) => (iso ? dayjs(iso).format('DD/MM/YYYY HH:mm') : '—');
const COLORS: Record<string, string> = { printed: 'teal', queued: 'blue', sent: 'blue', failed: 'red', canceled: 'gray', expired: 'gray' };

/** Print list (rule 291): quick pass print jobs with printer, status, expiry and execution date; cancel and reprint. */
export default function PrintListPage() {
  const { t } = useTranslation('reporting');
  const entityId = useEntityId();
  const client = useQueryClient();
  const act = async (fn: () => Promise<{ message: string }>) => {
    const res = await fn();
    notifications.show({ message: res.message, color: 'teal' });
    await client.invalidateQueries({ queryKey: ['reporting', 'print'] });
  };
  return (
    <PageLayout title={t('print_list')} actions={<ExportButtons report="print_list" params={{}} />}>
      <DataGrid<PrintJob>
        pageUrl="/reporting/printer"
        queryKey={['reporting', 'print', entityId]}
        fetchPage={(q, signal) => getPrintJobs(entityId, q, signal)}
        searchable={false}
        rowId={(r) => r.id}
        columns={[
          { id: 'created_at', header: t('requested_at'), fixed: true, cell: (r) => when(r.created_at) },
          { id: 'printer', header: t('printer'), cell: (r) => r.printer },
          { id: 'person', header: t('name'), cell: (r) => r.person?.name ?? '—' },
          { id: 'status', header: t('status'), cell: (r) => <Badge color={COLORS[r.status]}>{t(`print_status.${r.status}`)}</Badge> },
          { id: 'executed_at', header: t('printed_at'), cell: (r) => when(r.executed_at) },
          { id: 'expires_at', header: t('expires_at'), cell: (r) => when(r.expires_at) },
          {
            id: 'actions',
            header: '',
            fixed: true,
            cell: (r) => (
              <Group gap={4}>
                {r.can_cancel ? (
                  <Button size="compact-xs" color="red" variant="light" onClick={() => act(() => cancelPrint(r.id))}>
                    {t('cancel')}
                  </Button>
                ) : null}
                {r.can_reprint ? (
                  <Button size="compact-xs" variant="light" onClick={() => act(() => reprint(r.id))}>
                    {t('reprint')}
                  </Button>
                ) : null}
              </Group>
            ),
          },
        ]}
      />
    </PageLayout>
  );
}
