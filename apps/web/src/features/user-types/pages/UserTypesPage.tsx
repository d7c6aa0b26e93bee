import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UserType } from '@gatehouse/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid } from '../../../components/DataGrid/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { http, HttpError } from '../../../lib/http';
import { tMessage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useAllUserTypes, useDeleteUserType } from '../api/user-types';

/** /user-types: the organisation's user types with their people counts (rules 189-194). */
export default function UserTypesPage() {
  const { t } = useTranslation('user-types');
  const entityId = useSession()?.entity?.id ?? 0;
  const all = useAllUserTypes(entityId);
  const names = new Map((all.data ?? []).map((u) => [u.id, u.name]));
  const remove = useDeleteUserType();
  const del = (u: UserType) =>
    remove.mutate(u.id, {
      onSuccess: (r) => notifications.show({ color: 'green', message: r.message }),
      onError: (e) => notifications.show({ color: 'red', message: e instanceof HttpError ? e.message : tMessage('errors.server') }),
    });
  return (
    <PageLayout title={t('title')} actions={<Button component={Link} to="/add-user-type">{t('add')}</Button>}>
      <DataGrid<UserType>
        pageUrl="/user-types"
        queryKey={['user-types', 'list', entityId]}
        rowId={(u) => u.id}
        fetchPage={(q, signal) => http.get(`/api/user-types/list/${entityId}`, { query: { ...q }, signal })}
        columns={[
          { id: 'name', header: t('name'), sortField: 'name', fixed: true, cell: (u) => <Text fw={500}>{u.name}</Text> },
          { id: 'parent', header: t('parent'), cell: (u) => (u.parent_id ? (names.get(u.parent_id) ?? '') : '') },
          { id: 'registration_method', header: t('registration_method'), cell: (u) => t(`methods.${u.registration_method}`) },
          { id: 'grace_period', header: t('grace_period'), cell: (u) => t('minutes', { count: u.grace_period }) },
          { id: 'users_count', header: t('users_count'), sortField: 'users_count', cell: (u) => u.users_count ?? 0 },
          { id: 'allow_switch', header: t('allow_switch'), defaultHidden: true, cell: (u) => (u.allow_switch ? t('yes') : t('no')) },
          {
            id: 'actions',
            header: '',
            fixed: true,
            cell: (u) => (
              <Group justify="flex-end">
                <ActionIcon variant="subtle" color="red" aria-label={t('delete')} onClick={() => del(u)} loading={remove.isPending && remove.variables === u.id}>
                  ✕
                </ActionIcon>
              </Group>
            ),
          },
        ]}
      />
    </PageLayout>
  );
}
