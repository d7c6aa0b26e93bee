import { Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { AttendanceMode } from '@gatehouse/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataGrid, type GridColumn } from '../../../components/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { useSession } from '../../../lib/session';
import { getModes, useDeleteMode } from '../api/attendance';

/** /attendance-modes: the modes with their hours, grace periods and reasons; modes outside the caller's access say so (rule 101). */
export default function AttendanceModesPage() {
  const { t } = useTranslation('attendance');
  const { t: tc } = useTranslation('common');
  const entityId = useSession()?.entity?.id ?? 0;
  const navigate = useNavigate();
  const remove = useDeleteMode();
  const days = (d: number[]) => d.map((n) => t(`day.${n}`)).join(', ');
  const columns: GridColumn<AttendanceMode>[] = [
    { id: 'name', header: t('name'), sortField: 'name', fixed: true, cell: (m) => m.name },
    { id: 'days', header: t('schedule_days'), cell: (m) => days(m.schedule_days) },
    { id: 'hours', header: t('hours'), cell: (m) => `${m.from.slice(0, 5)} – ${m.to.slice(0, 5)}` },
    { id: 'grace', header: t('grace'), cell: (m) => t('grace_value', { late: m.late_sign_in_grace, early: m.early_sign_out_grace }) },
    { id: 'reasons', header: t('reasons'), cell: (m) => (m.reasons.length ? m.reasons.map((r) => r.name).join(', ') : <Text c="dimmed" size="sm">—</Text>) },
    { id: 'users', header: t('users_count'), cell: (m) => m.users_count },
    {
      id: 'actions',
      header: '',
      fixed: true,
      cell: (m) =>
        m.can_manage ? (
          <Group gap={4} wrap="nowrap">
            <Button size="compact-sm" variant="subtle" onClick={() => navigate(`/add-reason?mode=${m.id}`)}>{t('add_reason')}</Button>
            <Button size="compact-sm" variant="subtle" onClick={() => navigate(`/add-attendance-mode?id=${m.id}`)}>{t('edit')}</Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() =>
                modals.openConfirmModal({
                  title: t('delete_mode_title'),
                  children: <Text size="sm">{t('confirm_delete', { name: m.name })}</Text>,
                  labels: { confirm: tc('delete'), cancel: tc('cancel') },
                  confirmProps: { color: 'red' },
                  onConfirm: () => remove.mutate(m.id, { onSuccess: (r) => notifications.show({ color: 'green', message: r.message }) }),
                })
              }
            >
              {tc('delete')}
            </Button>
          </Group>
        ) : (
          <Tooltip label={t('no_access_hint')} multiline w={280}>
            <Badge color="gray" variant="light" tabIndex={0}>
              {t('no_access')}
            </Badge>
          </Tooltip>
        ),
    },
  ];
  return (
    <PageLayout title={t('title')} actions={<Button component={Link} to="/add-attendance-mode">{t('add_mode')}</Button>}>
      <DataGrid<AttendanceMode> pageUrl="/attendance-modes" queryKey={['attendance', 'modes', entityId]} rowId={(m) => m.id} fetchPage={(q, signal) => getModes(entityId, q, signal)} columns={columns} />
    </PageLayout>
  );
}
