import { ActionIcon, Badge, Button, Group, Menu, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCalendarEvent, IconCheck, IconDots, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../../components/DataGrid';
import { http, HttpError } from '../../../lib/http';
import { type ApprovalAction, type ExpectedVisitRow, useVisitAction } from '../api/expected-visits';
import { DayField } from '../../../components/fields';

/** Rule 155: which of the four actions a visit in this approval state can take. */
const ACTIONS: Record<string, ApprovalAction[]> = { pending: ['approve', 'reject'], rejected: ['approve_rejected'], approved: ['reject_approved'], not_required: [] };
const COLOR: Record<string, string> = { pending: 'orange', approved: 'green', rejected: 'red', not_required: 'gray' };

function EditVisit({ entityId, visit, onClose }: { entityId: number; visit: ExpectedVisitRow; onClose: () => void }) {
  const { t } = useTranslation('visits');
  const { edit } = useVisitAction();
  const [date, setDate] = useState(visit.visit_date ?? '');
  const [time, setTime] = useState(visit.visit_time?.slice(0, 5) ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    try {
      const res = await edit.mutateAsync({ entity_id: entityId, visit_id: visit.id, visit_date: date, visit_time: time });
      notifications.show({ color: 'green', message: res.message });
      onClose();
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v.join('\n')])));
      if (!Object.keys(err.fieldErrors).length) setErrors({ visit_date: err.message === 'error_date' ? t('visit_exists') : err.message });
    }
  };
  return (
    <Stack>
      <Text size="sm">{visit.full_name}</Text>
      <DayField label={t('date')} required value={date} onChange={setDate} error={errors.visit_date} />
      <TextInput label={t('time')} type="time" required value={time} onChange={(e) => setTime(e.currentTarget.value)} error={errors.visit_time} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button loading={edit.isPending} onClick={() => void save()}>
          {t('save')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The expected visits the member may see (rule 96), soonest first, with those awaiting approval one filter away:
 * the four approval actions of rule 155 (the visitor is told by mail), a new date or time, or deletion (the
 * visit's links then answer "deleted", rule 146).
 */
export function ExpectedVisitsList({ entityId, range, approval: firstApproval = 'pending', pageUrl = '/add-expected-visitors' }: { entityId: number; range?: { start: string; end?: string }; approval?: string | null; pageUrl?: string }) {
  const { t, i18n } = useTranslation('visits');
  const { decide, remove } = useVisitAction();
  const [approval, setApproval] = useState<string | null>(firstApproval);
  const [editing, setEditing] = useState<ExpectedVisitRow | null>(null);
  const when = (v: ExpectedVisitRow) => (v.expectedDateTime ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(v.expectedDateTime)) : `${v.visit_date ?? ''} ${v.visit_time?.slice(0, 5) ?? ''}`);
  const act = async (v: ExpectedVisitRow, action: ApprovalAction) => {
    const res = await decide.mutateAsync({ entityId, id: v.id, action });
    notifications.show({ color: action.startsWith('approve') ? 'green' : 'orange', message: res.message });
  };
  const confirmDelete = (v: ExpectedVisitRow) =>
    modals.openConfirmModal({
      title: t('delete_title'),
      children: <Text size="sm">{t('delete_text', { name: v.full_name })}</Text>,
      labels: { confirm: t('delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => notifications.show({ color: 'green', message: (await remove.mutateAsync({ entityId, id: v.id })).message }),
    });
  return (
    <>
      <DataGrid<ExpectedVisitRow>
        pageUrl={pageUrl}
        queryKey={['expected-visits', 'list', entityId]}
        rowId={(v) => v.id}
        filters={{ approval_state: approval ?? undefined, start_date: range?.start ?? new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), end_date: range?.end }}
        fetchPage={(q, signal) => http.get(`/api/expected_visits/${entityId}`, { query: { ...q }, signal })}
        toolbar={
          <Select
            aria-label={t('approval_filter')}
            placeholder={t('approval_all')}
            clearable
            w={220}
            value={approval}
            onChange={setApproval}
            data={(['pending', 'approved', 'rejected', 'not_required'] as const).map((s) => ({ value: s, label: t(`approval.${s}`) }))}
          />
        }
        columns={[
          { id: 'full_name', header: t('visitor'), sortField: 'full_name', fixed: true, cell: (v) => v.full_name },
          { id: 'company_name', header: t('company_name'), cell: (v) => v.company_name ?? '' },
          { id: 'expected_at', header: t('when'), sortField: 'expected_at', cell: when },
          { id: 'place', header: t('area'), cell: (v) => [v.site_name, v.area_name].filter(Boolean).join(' · ') },
          { id: 'user_type', header: t('user_type'), cell: (v) => v.user_type_name ?? '' },
          { id: 'host', header: t('host'), cell: (v) => v.host_name ?? '' },
          {
            id: 'approval_state',
            header: t('approval_state'),
            sortField: 'approval_state',
            cell: (v) => (
              <Group gap={4} wrap="nowrap">
                <Badge color={COLOR[v.approval_state] ?? 'gray'} variant="light">
                  {t(`approval.${v.approval_state}`)}
                </Badge>
                {v.is_confirmed ? <Badge variant="outline">{t('confirmed')}</Badge> : null}
              </Group>
            ),
          },
          { id: 'stage', header: t('stage'), defaultHidden: true, cell: (v) => (v.journey_stage ? t(`stages.${v.journey_stage}`) : '') },
          {
            id: 'actions',
            header: '',
            fixed: true,
            width: 56,
            cell: (v) =>
              v.status === 'expected' ? (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={t('actions_for', { name: v.full_name })}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {(ACTIONS[v.approval_state] ?? []).map((a) => (
                      <Menu.Item key={a} leftSection={a.startsWith('approve') ? <IconCheck size={16} /> : <IconX size={16} />} color={a.startsWith('approve') ? 'green' : 'red'} onClick={() => void act(v, a)}>
                        {t(`actions.${a}`)}
                      </Menu.Item>
                    ))}
                    <Menu.Item leftSection={<IconCalendarEvent size={16} />} onClick={() => setEditing(v)}>
                      {t('edit')}
                    </Menu.Item>
                    <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={() => confirmDelete(v)}>
                      {t('delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              ) : null,
          },
        ]}
      />
      <Modal opened={!!editing} onClose={() => setEditing(null)} title={t('edit_title')} centered>
        {editing ? <EditVisit entityId={entityId} visit={editing} onClose={() => setEditing(null)} /> : null}
      </Modal>
    </>
  );
}
