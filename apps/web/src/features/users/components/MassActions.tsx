import { Button, Group, Menu, Modal, Paper, Progress, Select, Stack, TagsInput, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { LABEL_MAX } from '@gatehouse/contract';
import { IconArchive, IconArrowsMove, IconChevronDown, IconId, IconRestore, IconTag, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError, joinErrors } from '../../../lib/http';
import { tMessage } from '../../../lib/i18n';
import { deleteUsers, type GridData, type MassAction, type MassResult, useMassAction, useUsersChanged } from '../api/users';
import { MassResultModal } from './MassResultModal';
import { PassportModal } from './PassportModal';

type Dialog = 'labels' | 'move' | 'invite' | 'revoke' | null;

interface Props {
  /** The chosen people (across pages) with their names. */
  selected: Map<number, string>;
  status: 'active' | 'archived';
  grid: GridData | undefined;
  onFinished: () => void;
}

/**
 * The mass actions of the users grid: apply labels, move user type, archive or reactivate (archiving signs people
 * out, rule 173), passport invite or revoke (rule 178), delete. Each says what it did with the documented text
 * (rule 187) and lists who was skipped and why (rules 96, 100).
 */
export function MassActions({ selected, status, grid, onFinished }: Props) {
  const { t } = useTranslation('users');
  const mass = useMassAction();
  const changed = useUsersChanged();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [labels, setLabels] = useState<string[]>([]);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const [result, setResult] = useState<{ result: MassResult; names: Map<number, string> } | null>(null);
  const [deleting, setDeleting] = useState<{ done: number; total: number } | null>(null);
  const ids = [...selected.keys()];
  const count = ids.length;

  const report = (r: MassResult, extraSkipped: MassResult['data']['skipped'] = []) => {
    const full = { message: r.message || t('mass.result_title'), data: { ...r.data, skipped: [...r.data.skipped, ...extraSkipped] } };
    if (full.data.done.length) notifications.show({ color: 'green', message: r.message });
    if (full.data.skipped.length) setResult({ result: full, names: new Map(selected) });
    setDialog(null);
    setLabels([]);
    setMoveTo(null);
    onFinished();
  };
  const failed = (e: Error) => {
    // 409 and the like are toasted by the http client; field errors (400) and refusals (403) are shown here.
    if (e instanceof HttpError && (e.status === 400 || e.status === 403)) notifications.show({ color: 'red', message: joinErrors(e.fieldErrors) || e.message, style: { whiteSpace: 'pre-line' } });
  };
  const run = (a: MassAction, extra?: MassResult['data']['skipped']) => mass.mutate(a, { onSuccess: (r) => report(r, extra), onError: failed });

  const confirmStatus = () => {
    const archive = status === 'active';
    modals.openConfirmModal({
      title: archive ? t('mass.archive_title') : t('mass.reactivate_title'),
      children: <Text size="sm">{archive ? t('mass.archive_body', { count }) : t('mass.reactivate_body', { count })}</Text>,
      labels: { confirm: archive ? t('mass.archive') : t('mass.reactivate'), cancel: t('cancel') },
      confirmProps: { color: archive ? 'orange' : 'green' },
      onConfirm: () => run({ kind: 'status', users: ids, status: archive ? 'archived' : 'active' }),
    });
  };
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('mass.delete_title'),
      children: <Text size="sm">{t('mass.delete_body', { count })}</Text>,
      labels: { confirm: t('mass.delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        setDeleting({ done: 0, total: count });
        try {
          const r = await deleteUsers(ids, (done) => setDeleting({ done, total: count }));
          report(r);
        } finally {
          setDeleting(null);
          void changed();
        }
      },
    });

  const labelTooLong = labels.some((l) => l.length > LABEL_MAX);
  return (
    <>
      {count ? (
        <Paper withBorder p="xs" bg="blue.0" aria-label={t('mass_actions')} role="region">
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm" px="xs">{t('mass.selected', { count })}</Text>
            <Button size="xs" variant="default" leftSection={<IconTag size={14} aria-hidden />} onClick={() => setDialog('labels')}>{t('mass.labels')}</Button>
            <Button size="xs" variant="default" leftSection={<IconArrowsMove size={14} aria-hidden />} onClick={() => setDialog('move')}>{t('mass.move')}</Button>
            <Button size="xs" variant="default" leftSection={status === 'active' ? <IconArchive size={14} aria-hidden /> : <IconRestore size={14} aria-hidden />} onClick={confirmStatus} loading={mass.isPending && mass.variables?.kind === 'status'}>
              {status === 'active' ? t('mass.archive') : t('mass.reactivate')}
            </Button>
            <Menu position="bottom-start">
              <Menu.Target>
                <Button size="xs" variant="default" leftSection={<IconId size={14} aria-hidden />} rightSection={<IconChevronDown size={14} aria-hidden />}>{t('passport')}</Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setDialog('invite')}>{t('mass.invite')}</Menu.Item>
                <Menu.Item onClick={() => setDialog('revoke')}>{t('mass.revoke')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={confirmDelete} loading={!!deleting}>{t('mass.delete')}</Button>
            <Button size="xs" variant="subtle" onClick={onFinished}>{t('mass.clear')}</Button>
          </Group>
          {deleting ? <Progress mt="xs" value={(100 * deleting.done) / deleting.total} aria-label={t('mass.deleting')} /> : null}
        </Paper>
      ) : null}

      <Modal opened={dialog === 'labels'} onClose={() => setDialog(null)} title={t('mass.labels_title', { count })}>
        <Stack>
          <TagsInput label={t('mass.labels_pick')} description={t('mass.labels_hint')} data={(grid?.labels ?? []).map((l) => l.name)} value={labels} onChange={setLabels} maxTags={50} clearable error={labelTooLong ? tMessage('people.label_max') : undefined} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>{t('cancel')}</Button>
            <Button disabled={!labels.length || labelTooLong} loading={mass.isPending} onClick={() => run({ kind: 'labels', users: ids, labels })}>{t('mass.apply')}</Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={dialog === 'move'} onClose={() => setDialog(null)} title={t('mass.move_title', { count })}>
        <Stack>
          <Select label={t('mass.move_to')} searchable data={(grid?.user_types ?? []).map((u) => ({ value: String(u.id), label: u.name }))} value={moveTo} onChange={setMoveTo} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>{t('cancel')}</Button>
            <Button disabled={!moveTo} loading={mass.isPending} onClick={() => run({ kind: 'move', users: ids, user_type_id: Number(moveTo) })}>{t('mass.move')}</Button>
          </Group>
        </Stack>
      </Modal>
      {dialog === 'invite' || dialog === 'revoke' ? (
        <PassportModal
          kind={dialog}
          ids={ids}
          roles={grid?.roles ?? []}
          pending={mass.isPending}
          onClose={() => setDialog(null)}
          onApply={(eligible, roleId, notEligible) => {
            if (!eligible.length) return report({ message: '', data: { done: [], skipped: notEligible } });
            run(dialog === 'invite' ? { kind: 'invite', users: eligible, role_id: roleId } : { kind: 'revoke', users: eligible }, notEligible);
          }}
        />
      ) : null}
      {result ? <MassResultModal result={result.result} names={result.names} onClose={() => setResult(null)} /> : null}
    </>
  );
}
