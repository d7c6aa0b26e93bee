import { Badge, Button, Group, Progress } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../../components/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { saveBlob } from '../../../lib/save-file';
import { downloadExport, type ExportRow, getExports, rerunExport, useEntityId } from '../api/reports';

const when = (iso: string | null) => (iso ? dayjs(iso).format('DD/MM/YYYY HH:mm') : '—');
const COLORS: Record<string, string> = { ready: 'teal', running: 'blue', queued: 'gray', failed: 'red', expired: 'gray' };

const save = async (row: ExportRow) => saveBlob(await downloadExport(row.url!), row.file_name ?? `export.${row.format}`);

/** The export list (rule 290): requested exports with requester, generation and expiry dates, progress and download. */
export default function ExportListPage() {
  const { t } = useTranslation('reporting');
  const entityId = useEntityId();
  const client = useQueryClient();
  return (
    <PageLayout title={t('export_list')}>
      <DataGrid<ExportRow>
        pageUrl="/reporting/export-list"
        queryKey={['reporting', 'exports', entityId]}
        fetchPage={(q, signal) => getExports(entityId, q, signal)}
        searchable={false}
        rowId={(r) => r.id}
        columns={[
          { id: 'report', header: t('report'), fixed: true, cell: (r) => `${t(`report_name.${r.report}`)} (${r.format.toUpperCase()})` },
          { id: 'requested_by', header: t('requested_by'), cell: (r) => r.requested_by },
          { id: 'created_at', header: t('requested_at'), cell: (r) => when(r.created_at) },
          {
            id: 'status',
            header: t('status'),
            cell: (r) =>
              r.status === 'running' && r.total ? (
                <Progress value={(100 * r.rows) / r.total} w={120} aria-label={t('progress')} />
              ) : (
                <Badge color={COLORS[r.status]}>{t(`export_status.${r.status}`, { rows: r.rows })}</Badge>
              ),
          },
          { id: 'rows', header: t('rows'), cell: (r) => r.rows },
          { id: 'generated_at', header: t('generated_at'), cell: (r) => when(r.generated_at) },
          { id: 'expires_at', header: t('expires_at'), cell: (r) => when(r.expires_at) },
          {
            id: 'actions',
            header: '',
            fixed: true,
            cell: (r) => (
              <Group gap={4}>
                {r.url ? (
                  <Button size="compact-xs" onClick={() => save(r)}>
                    {t('download')}
                  </Button>
                ) : null}
                {r.status === 'failed' || r.status === 'expired' ? (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={async () => {
                      const res = await rerunExport(entityId, r.id);
                      notifications.show({ message: res.message });
                      await client.invalidateQueries({ queryKey: ['reporting', 'exports'] });
                    }}
                  >
                    {t('generate_again')}
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
