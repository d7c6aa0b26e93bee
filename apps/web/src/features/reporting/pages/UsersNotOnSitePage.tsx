import { Badge, Group } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../../components/DataGrid';
import { DateField } from '../../../components/fields';
import { PageLayout } from '../../../components/PageLayout';
import { getNotOnSite, type NotOnSiteRow, useEntityId } from '../api/reports';
import { ExportButtons } from '../components/ExportButtons';

const when = (iso: string | null) => (iso ? dayjs(iso).format('DD/MM/YYYY HH:mm') : '—');

/** Users not on site: expected that day or scheduled by their attendance mode, and not signed in. */
export default function UsersNotOnSitePage() {
  const { t } = useTranslation('reporting');
  const entityId = useEntityId();
  const [date, setDate] = useState(dayjs().format('YYYY-MM-DD'));
  return (
    <PageLayout title={t('users_not_on_site')} actions={<ExportButtons report="users_not_on_site" params={{ date }} />}>
      <Group>
        <DateField label={t('date')} value={date} onChange={(d) => setDate(d ? dayjs(d).format('YYYY-MM-DD') : dayjs().format('YYYY-MM-DD'))} w={170} />
      </Group>
      <DataGrid<NotOnSiteRow>
        pageUrl="/reporting/users-not-on-site"
        queryKey={['reporting', 'not-on-site', entityId, date]}
        fetchPage={(q, signal) => getNotOnSite(entityId, { ...q, date }, signal)}
        rowId={(r) => `${r.user_id}-${r.reason}`}
        columns={[
          { id: 'full_name', header: t('name'), fixed: true, cell: (r) => r.full_name },
          { id: 'user_type', header: t('user_type'), cell: (r) => r.user_type?.name ?? '—' },
          { id: 'reason', header: t('why_listed'), cell: (r) => <Badge variant="light">{t(`not_on_site.${r.reason}`)}</Badge> },
          { id: 'expected_at', header: t('expected_at'), cell: (r) => when(r.expected_at) },
          { id: 'site', header: t('site'), cell: (r) => r.site?.name ?? '—' },
          { id: 'attendance_mode', header: t('attendance_mode'), cell: (r) => r.attendance_mode?.name ?? '—' },
          { id: 'last_seen_at', header: t('last_seen'), cell: (r) => when(r.last_seen_at) },
        ]}
      />
    </PageLayout>
  );
}
