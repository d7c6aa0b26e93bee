import { PersonPrivacyItems } from '../../privacy';
import { Avatar, Badge, Button, Card, Group, Menu, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError, joinErrors } from '../../../lib/http';
import { i18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useShowValue } from '../../custom-fields';
import { useMemberFile } from '../api/files';
import { deleteUsers, type MassResult, type UserFull, useGridData, useMassAction, useUserAction, useUsersChanged } from '../api/users';
import { DocumentsPanel } from './DocumentsPanel';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" component="div">{children || '—'}</Text>
    </Stack>
  );
}

/**
 * A person's details (rule 185): photo, contact data, type, role, department, labels, sites, resources, custom
 * fields, the last visit, suspected duplicates and documents; with edit, archive or reactivate, face ID, quick
 * pass and delete.
 */
export function UserDetails({ user, onEdit, onClose }: { user: UserFull; onEdit: () => void; onClose: () => void }) {
  const { t } = useTranslation('users');
  const entityId = useSession()?.entity?.id ?? 0;
  const grid = useGridData(entityId).data;
  const photo = useMemberFile(user.image);
  const show = useShowValue();
  const mass = useMassAction();
  const action = useUserAction();
  const changed = useUsersChanged();
  const dt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const siteNames = new Map((grid?.sites ?? []).map((s) => [s.id, s.name]));
  const archived = user.status === 'archived';
  const problem = (e: Error) => {
    if (e instanceof HttpError && (e.status === 400 || e.status === 403)) notifications.show({ color: 'red', message: joinErrors(e.fieldErrors) || e.message, style: { whiteSpace: 'pre-line' } });
  };
  const reported = (r: MassResult) => {
    if (r.data.done.length) notifications.show({ color: 'green', message: r.message });
    for (const s of r.data.skipped) notifications.show({ color: 'yellow', message: s.reason });
  };
  const setStatus = () =>
    modals.openConfirmModal({
      title: archived ? t('mass.reactivate_title') : t('mass.archive_title'),
      children: <Text size="sm">{archived ? t('details.reactivate_body', { name: user.full_name }) : t('details.archive_body', { name: user.full_name })}</Text>,
      labels: { confirm: archived ? t('mass.reactivate') : t('mass.archive'), cancel: t('cancel') },
      onConfirm: () => mass.mutate({ kind: 'status', users: [user.id], status: archived ? 'active' : 'archived' }, { onSuccess: reported, onError: problem }),
    });
  const remove = () =>
    modals.openConfirmModal({
      title: t('mass.delete_title'),
      children: <Text size="sm">{t('details.delete_body', { name: user.full_name })}</Text>,
      labels: { confirm: t('mass.delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        const r = await deleteUsers([user.id]);
        reported(r);
        if (r.data.done.length) onClose();
        void changed();
      },
    });
  const run = (kind: 'face_id' | 'quick_pass') => action.mutate({ kind, user_id: user.id }, { onSuccess: (r) => notifications.show({ color: 'green', message: r.message }), onError: problem });
  const last = user.last_visit as { status: string; area?: string | null; signed_in_at: string | null; signed_out_at: string | null; expected_at: string | null } | null;
  const filled = user.sections.map((s) => ({ ...s, custom_fields: s.custom_fields.filter((f) => f.value !== null && f.value !== '') })).filter((s) => s.custom_fields.length);

  return (
    <Stack>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group wrap="nowrap">
          <Avatar src={photo.url} name={user.full_name} color="initials" size={88} radius="md" alt={t('form.photo_of', { name: user.full_name })} />
          <Stack gap={4}>
            <Title order={3}>{user.full_name}</Title>
            <Group gap={6}>
              {user.user_type ? <Badge variant="light">{user.user_type}</Badge> : null}
              <Badge color={archived ? 'gray' : 'green'} variant="light">{archived ? t('archived') : t('active')}</Badge>
              {user.roles[0] ? <Badge color="grape" variant="light">{user.roles[0].name}</Badge> : null}
              {user.has_passport ? <Badge color="blue" variant="outline">{t('passport')}</Badge> : null}
              {user.face_id ? <Badge color="teal" variant="outline">{t('details.face_id')}</Badge> : null}
            </Group>
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" leftSection={<IconPencil size={14} aria-hidden />} onClick={onEdit}>{t('details.edit')}</Button>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button size="xs" variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>{t('details.more')}</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={setStatus}>{archived ? t('mass.reactivate') : t('mass.archive')}</Menu.Item>
              <Menu.Item disabled={!user.image} onClick={() => run('face_id')}>{t('details.generate_face_id')}</Menu.Item>
              <Menu.Item disabled={!user.email} onClick={() => run('quick_pass')}>{t('details.quick_pass')}</Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" onClick={remove}>{t('mass.delete')}</Menu.Item>
              <PersonPrivacyItems userId={user.id} name={user.full_name} onErased={() => { onClose(); void changed(); }} />
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Item label={t('email')}>{user.email}</Item>
          <Item label={t('phone')}>{user.phone ? <span dir="ltr">{`${user.phone_code ?? ''} ${user.phone}`.trim()}</span> : ''}</Item>
          <Item label={t('id_number')}>{user.id_number}</Item>
          <Item label={t('company_name')}>{user.company_name}</Item>
          <Item label={t('department')}>{user.departments.map((d) => d.name).join(', ')}</Item>
          <Item label={t('rfid')}>{user.rfid}</Item>
          <Item label={t('form.labels')}>{user.labels.length ? <Group gap={4}>{user.labels.map((l) => <Badge key={l.id} size="sm" variant="outline">{l.name}</Badge>)}</Group> : null}</Item>
          <Item label={t('form.sites')}>{user.all_sites || !user.sites.length ? t('details.all_sites') : user.sites.map((s) => siteNames.get(s) ?? `#${s}`).join(', ')}</Item>
          <Item label={t('created_at')}>{dt.format(new Date(user.created_at))}</Item>
          <Item label={t('details.duplicates')}>{user.duplicates.length ? <Text size="sm" c="orange">{t('details.duplicates_n', { count: user.duplicates.length })}</Text> : t('details.no_duplicates')}</Item>
        </SimpleGrid>
      </Card>

      <Card withBorder padding="md">
        <Title order={4} mb="xs">{t('details.last_visit')}</Title>
        {last ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="last-visit">
            <Item label={t('details.visit_status')}>{t(`details.visit_statuses.${last.status}`, { defaultValue: last.status })}</Item>
            <Item label={t('details.area')}>{last.area}</Item>
            <Item label={t('details.signed_in')}>{last.signed_in_at ? dt.format(new Date(last.signed_in_at)) : ''}</Item>
            <Item label={t('details.signed_out')}>{last.signed_out_at ? dt.format(new Date(last.signed_out_at)) : ''}</Item>
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">{t('details.no_visits')}</Text>
        )}
      </Card>

      {Object.keys(user.resources).length || filled.length ? (
        <Card withBorder padding="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {Object.entries(user.resources).map(([k, val]) => <Item key={`r-${k}`} label={k}>{val}</Item>)}
            {filled.flatMap((s) => s.custom_fields.map((f) => <Item key={`f-${f.custom_field_id}`} label={`${s.value} · ${f.name}`}>{show(f.type, f.value)}</Item>))}
          </SimpleGrid>
        </Card>
      ) : null}

      <DocumentsPanel user={user} />
    </Stack>
  );
}
