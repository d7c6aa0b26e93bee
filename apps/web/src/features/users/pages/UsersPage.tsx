import { Button, Checkbox, Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid } from '../../../components/DataGrid/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { http, HttpError } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { useAllUserTypes } from '../../user-types/api/user-types';
import { type MassResult, type UserRow, useMassAction } from '../api/users';
import { AddUserModal } from '../components/AddUserModal';

/** /users: active and archived people, server-side grid, selection and mass actions (rules 96, 100, 173). */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const entityId = useSession()?.entity?.id ?? 0;
  const [status, setStatus] = useState<'active' | 'archived'>('active');
  const [typeFilter, setTypeFilter] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [adding, setAdding] = useState(false);
  const types = (useAllUserTypes(entityId).data ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  const mass = useMassAction();
  const ids = [...selected];
  const toggle = (id: number) => setSelected((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));
  const done = (r: MassResult) => {
    notifications.show({ color: 'green', message: r.message });
    // Rule 100: the people outside the actor's access were skipped, with the reason.
    for (const s of r.data.skipped) notifications.show({ color: 'yellow', message: `#${s.id}: ${s.reason}` });
    setSelected(new Set());
  };
  const failed = (e: Error) => notifications.show({ color: 'red', message: e instanceof HttpError ? e.message : String(e) });
  return (
    <PageLayout title={t('title')} actions={<Group><Button variant="default" component={Link} to="/users/import">{t("import.title")}</Button><Button onClick={() => setAdding(true)}>{t("add")}</Button></Group>}>
      <AddUserModal opened={adding} onClose={() => setAdding(false)} types={types} />
      <Group mb="sm" wrap="wrap">
        <SegmentedControl value={status} onChange={(v) => { setStatus(v as 'active'); setSelected(new Set()); }} data={[{ value: 'active', label: t('active') }, { value: 'archived', label: t('archived') }]} />
        <Select placeholder={t('all_types')} clearable data={types} value={typeFilter} onChange={setTypeFilter} aria-label={t('user_type')} />
      </Group>
      {ids.length ? (
        <Group mb="sm" wrap="wrap" aria-label={t('mass_actions')}>
          <Button variant="light" loading={mass.isPending} onClick={() => mass.mutate({ kind: 'status', users: ids, status: status === 'active' ? 'archived' : 'active' }, { onSuccess: done, onError: failed })}>
            {status === 'active' ? t('archive', { count: ids.length }) : t('reactivate', { count: ids.length })}
          </Button>
          <Select placeholder={t('move_to')} data={types} value={moveTo} onChange={setMoveTo} aria-label={t('move_to')} />
          <Button variant="light" disabled={!moveTo} onClick={() => mass.mutate({ kind: 'move', users: ids, user_type_id: Number(moveTo) }, { onSuccess: done, onError: failed })}>{t('move')}</Button>
          <TextInput placeholder={t('label')} maxLength={30} value={label} onChange={(e) => setLabel(e.currentTarget.value)} aria-label={t('label')} />
          <Button variant="light" disabled={!label.trim()} onClick={() => mass.mutate({ kind: 'labels', users: ids, labels: [label.trim()] }, { onSuccess: (r) => { done(r); setLabel(''); }, onError: failed })}>{t('apply_label')}</Button>
        </Group>
      ) : null}
      <DataGrid<UserRow>
        pageUrl="/users"
        queryKey={['users', 'list', entityId]}
        rowId={(u) => u.id}
        filters={{ status, user_type_id: typeFilter ? Number(typeFilter) : undefined }}
        fetchPage={(q, signal) => http.get(`/api/users/${entityId}`, { query: { ...q }, signal })}
        columns={[
          { id: 'select', header: '', fixed: true, width: 40, cell: (u) => <Checkbox aria-label={t('select_row', { name: u.full_name })} checked={selected.has(u.id)} onChange={() => toggle(u.id)} /> },
          { id: 'full_name', header: t('full_name'), sortField: 'full_name', fixed: true, cell: (u) => u.full_name },
          { id: 'email', header: t('email'), sortField: 'email', cell: (u) => u.email ?? '' },
          { id: 'phone', header: t('phone'), sortField: 'phone', cell: (u) => (u.phone ? `${u.phone_code ?? ''} ${u.phone}`.trim() : '') },
          { id: 'id_number', header: t('id_number'), sortField: 'id_number', cell: (u) => u.id_number ?? '' },
          { id: 'user_type', header: t('user_type'), cell: (u) => u.user_type ?? '' },
          { id: 'company_name', header: t('company_name'), sortField: 'company_name', defaultHidden: true, cell: (u) => u.company_name ?? '' },
          { id: 'has_passport', header: t('passport'), defaultHidden: true, cell: (u) => (u.has_passport ? t('yes') : t('no')) },
          { id: 'created_at', header: t('created_at'), sortField: 'created_at', defaultHidden: true, cell: (u) => u.created_at.slice(0, 10) },
        ]}
      />
    </PageLayout>
  );
}
