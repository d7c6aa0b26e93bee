import { EXPORT_HINT_MS, type ExportFormat, type ReportKey } from '@gatehouse/contract';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/save-file';
import { requestExport, useEntityId } from '../api/reports';

/** Saves a file the browser already holds (a small PDF answered as data, rule 288). */
const saveBase64 = (base64: string, name: string, type: string) => saveBlob(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type }), name);

/**
 * Export the report as shown, as CSV, XLSX or PDF (rule 288): the file is built in the background and listed on
 * the export list (an e-mail says when it is ready, rule 289); a hint shows for 4 s. A small PDF comes back at once.
 */
export function ExportButtons({ report, params, disabled }: { report: ReportKey; params: Record<string, unknown>; disabled?: boolean }) {
  const { t } = useTranslation('reporting');
  const entityId = useEntityId();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const res = await requestExport(entityId, report, format, params);
      if (res.data.file) saveBase64(res.data.file, res.data.file_name ?? `${report}.pdf`, res.data.content_type ?? 'application/pdf');
      else notifications.show({ message: t('export_hint'), autoClose: EXPORT_HINT_MS, color: 'blue' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      {(['csv', 'xlsx', 'pdf'] as const).map((f) => (
        <Button key={f} size="xs" variant="light" leftSection={<IconDownload size={14} />} loading={busy === f} disabled={disabled || (busy !== null && busy !== f)} onClick={() => run(f)}>
          {t(`export_${f}`)}
        </Button>
      ))}
    </Group>
  );
}
