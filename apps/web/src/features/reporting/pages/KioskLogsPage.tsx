import { Badge, Select } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../../components/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { getKioskLogs, type KioskLogRow, useEntityId, useHistoryGrid } from '../api/reports';
import { ExportButtons } from '../components/ExportButtons';

const STATUSES = ['placed', 'pending', 'delivered', 'running', 'succeeded', 'failed', 'canceled', 'closed'];

/** Kiosk logs: the remote commands sent to kiosks and their statuses (rule 244). */
export default function KioskLogsPage() {
  const { t } = useTranslation('reporting');
  const entityId = useEntityId();
  const grid = useHistoryGrid(entityId);
  const [kiosk, setKiosk] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const filters = { kiosk_id: kiosk ? Number(kiosk) : undefined, status: status ?? undefined };
  return (
    <PageLayout title={t('kiosk_logs')} actions={<ExportButtons report="kiosk_logs" params={{ filterBy: filters }} />}>
      <DataGrid<KioskLogRow>
        pageUrl="/reporting/kiosk-logs"
        queryKey={['reporting', 'kiosk-logs', entityId]}
        fetchPage={(q, signal) => getKioskLogs(entityId, q, signal)}
        filters={filters}
        searchable={false}
        toolbar={
          <>
            <Select aria-label={t('kiosk')} placeholder={t('kiosk')} clearable w={200} data={(grid.data?.kiosks ?? []).map((k) => ({ value: String(k.id), label: k.name }))} value={kiosk} onChange={setKiosk} />
            <Select aria-label={t('status')} placeholder={t('status')} clearable w={160} data={STATUSES.map((s) => ({ value: s, label: t(`request_status.${s}`) }))} value={status} onChange={setStatus} />
          </>
        }
        rowId={(r) => r.id}
        columns={[
          { id: 'created_at', header: t('when'), fixed: true, cell: (r) => dayjs(r.created_at).format('DD/MM/YYYY HH:mm:ss') },
          { id: 'kiosk', header: t('kiosk'), cell: (r) => r.kiosk?.name ?? '—' },
          { id: 'command', header: t('command'), cell: (r) => r.command },
          { id: 'status', header: t('status'), cell: (r) => <Badge color={r.status === 'failed' ? 'red' : r.status === 'succeeded' ? 'teal' : 'gray'}>{t(`request_status.${r.status}`)}</Badge> },
          { id: 'reason', header: t('reason'), cell: (r) => r.reason ?? '—' },
          { id: 'user_name', header: t('requested_by'), cell: (r) => r.user_name },
        ]}
      />
    </PageLayout>
  );
}
