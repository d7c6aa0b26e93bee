import type { UserType } from '@gatehouse/contract';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataGrid } from '../../../components/DataGrid/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { http } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { useAllUserTypes } from '../api/user-types';

/**
 * /olduser-types ("Older user-types page", purpose not stated): the flat view of the user types, one row each with
 * every setting as a column, server-paged, sorted, searched, with the column switcher; a row opens its form.
 * See docs/decisions.md.
 */
export default function OldUserTypesPage() {
  const { t } = useTranslation('user-types');
  const navigate = useNavigate();
  const entityId = useSession()?.entity?.id ?? 0;
  const names = new Map((useAllUserTypes(entityId).data ?? []).map((u) => [u.id, u.name]));
  const yes = (b: number) => (b ? t('yes') : t('no'));
  return (
    <PageLayout title={t('flat_title')} actions={<><Button variant="default" component={Link} to="/user-types">{t('tree_view')}</Button><Button component={Link} to="/add-user-type">{t('add')}</Button></>}>
      <DataGrid<UserType>
        pageUrl="/olduser-types"
        queryKey={['user-types', 'list', entityId]}
        rowId={(u) => u.id}
        onRowClick={(u) => navigate(`/add-user-type?id=${u.id}`)}
        fetchPage={(q, signal) => http.get(`/api/user-types/list/${entityId}`, { query: { ...q }, signal })}
        columns={[
          { id: 'name', header: t('name'), sortField: 'name', fixed: true, cell: (u) => <Text fw={500}>{u.name}</Text> },
          { id: 'parent', header: t('parent'), cell: (u) => (u.parent_id ? (names.get(u.parent_id) ?? '') : '') },
          { id: 'registration_method', header: t('registration_method'), cell: (u) => t(`methods.${u.registration_method}`) },
          { id: 'grace_period', header: t('grace_period'), cell: (u) => t('grace_short', { count: u.grace_period }) },
          { id: 'users_count', header: t('users_count'), sortField: 'users_count', cell: (u) => u.users_count ?? 0 },
          { id: 'mandatory_data', header: t('mandatory_data'), cell: (u) => <Group gap={4}>{u.mandatory_data.map((m) => <Badge key={m} size="xs" variant="outline">{t(`fields.${m}`)}</Badge>)}</Group> },
          { id: 'profile_photo', header: t('profile_photo'), cell: (u) => yes(u.profile_photo) },
          { id: 'is_staff', header: t('staff'), cell: (u) => yes(u.is_staff) },
          { id: 'allow_switch', header: t('switch_allowed'), cell: (u) => yes(u.allow_switch) },
          { id: 'allow_not_select_host', header: t('allow_not_select_host'), defaultHidden: true, cell: (u) => yes(u.allowNotSelectHost) },
          { id: 'host_user_types', header: t('host_user_types'), defaultHidden: true, cell: (u) => u.host_user_type_ids.map((h) => names.get(h) ?? '').filter(Boolean).join(', ') },
        ]}
      />
    </PageLayout>
  );
}
