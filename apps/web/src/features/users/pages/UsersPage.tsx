import { Anchor, Badge, Button, Checkbox, Group, SegmentedControl } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataGrid } from '../../../components/DataGrid/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { http } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { type UserRow, useGridData } from '../api/users';
import { MassActions } from '../components/MassActions';
import { UserDrawer } from '../components/UserDrawer';
import { FILTER_KEYS, type Filters, UsersFilters } from '../components/UsersFilters';
import { useRoleName } from '../../../lib/roles';

/**
 * /users: active and archived people in the shared grid (server paging, sorting, search, filters by user type,
 * site, label and role, the column switcher saved as a preference), mass actions on the chosen people, and the
 * person's details and form in a drawer (?user=<id> or ?user=new, so a reload keeps them open). Rules 96, 100, 173.
 */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const entityId = useSession()?.entity?.id ?? 0;
  const grid = useGridData(entityId);
  const [params, setParams] = useSearchParams();
  const status = params.get('status') === 'archived' ? 'archived' : 'active';
  const filterParam = FILTER_KEYS.map((k) => params.get(k) ?? '').join('|');
  const filters = useMemo(() => Object.fromEntries(filterParam.split('|').map((v, i) => [FILTER_KEYS[i], v.split(',').filter(Boolean).map(Number)])) as Filters, [filterParam]);
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [pageRows, setPageRows] = useState<UserRow[]>([]);
  const onRowsChange = useCallback((rows: UserRow[]) => setPageRows(rows), []);

  const update = (patch: Record<string, string | null>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch)) if (v) next.set(k, v); else next.delete(k);
        return next;
      },
      { replace: true },
    );
  const open = (user: number | 'new' | null, edit = false) => update({ user: user === null ? null : String(user), edit: edit ? '1' : null });
  const lookup = (list: { id: number; name: string }[] | undefined) => new Map((list ?? []).map((x) => [x.id, x.name]));
  const departments = lookup(grid.data?.departments);
  const roles = lookup(grid.data?.roles);
  const roleName = useRoleName();

  const toggle = (u: UserRow) =>
    setSelected((s) => {
      const next = new Map(s);
      if (next.has(u.id)) next.delete(u.id);
      else next.set(u.id, u.full_name);
      return next;
    });
  const allOnPage = pageRows.length > 0 && pageRows.every((u) => selected.has(u.id));
  const someOnPage = pageRows.some((u) => selected.has(u.id));
  const togglePage = () =>
    setSelected((s) => {
      const next = new Map(s);
      for (const u of pageRows) {
        if (allOnPage) next.delete(u.id);
        else next.set(u.id, u.full_name);
      }
      return next;
    });
  const counts = grid.data?.counts;

  return (
    <PageLayout
      title={t('title')}
      actions={
        <>
          <Button variant="default" component={Link} to="/invite-users-to-dashboard">{t('invite_page')}</Button>
          <Button variant="default" component={Link} to="/rfid-enrollment">{t('rfid_page')}</Button>
          <Button variant="default" component={Link} to="/users/import">{t('import.title')}</Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open('new', true)}>{t('add')}</Button>
        </>
      }
    >
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label={t('status')}
          value={status}
          onChange={(v) => {
            update({ status: v === 'archived' ? 'archived' : null });
            setSelected(new Map());
          }}
          data={[
            { value: 'active', label: counts ? t('active_n', { count: counts.active }) : t('active') },
            { value: 'archived', label: counts ? t('archived_n', { count: counts.archived }) : t('archived') },
          ]}
        />
        <UsersFilters grid={grid.data} value={filters} onChange={(f) => update(Object.fromEntries(FILTER_KEYS.map((k) => [k, f[k].join(',') || null])))} />
      </Group>
      <MassActions selected={selected} status={status} grid={grid.data} onFinished={() => setSelected(new Map())} />
      <DataGrid<UserRow>
        pageUrl="/users"
        queryKey={['users', 'list', entityId]}
        rowId={(u) => u.id}
        filters={{ status, ...Object.fromEntries(FILTER_KEYS.map((k) => [k, filters[k].length ? filters[k] : undefined])) }}
        fetchPage={(q, signal) => http.get(`/api/users/${entityId}`, { query: { ...q }, signal })}
        onRowsChange={onRowsChange}
        onRowClick={(u) => open(u.id)}
        columns={[
          {
            id: 'select',
            header: t('select_all'),
            headerCell: <Checkbox aria-label={t('select_all')} checked={allOnPage} indeterminate={!allOnPage && someOnPage} onChange={togglePage} />,
            fixed: true,
            width: 40,
            cell: (u) => <Checkbox aria-label={t('select_row', { name: u.full_name })} checked={selected.has(u.id)} onClick={(e) => e.stopPropagation()} onChange={() => toggle(u)} />,
          },
          {
            id: 'full_name',
            header: t('full_name'),
            sortField: 'full_name',
            fixed: true,
            // A real button, so that the keyboard opens a person too (the row itself takes mouse clicks).
            cell: (u) => (
              <Anchor component="button" type="button" fw={500} onClick={(e) => { e.stopPropagation(); open(u.id); }}>
                {u.full_name}
              </Anchor>
            ),
          },
          { id: 'email', header: t('email'), sortField: 'email', cell: (u) => u.email ?? '' },
          { id: 'phone', header: t('phone'), sortField: 'phone', cell: (u) => (u.phone ? <span dir="ltr">{`${u.phone_code ?? ''} ${u.phone}`.trim()}</span> : '') },
          { id: 'id_number', header: t('id_number'), sortField: 'id_number', cell: (u) => u.id_number ?? '' },
          { id: 'user_type', header: t('user_type'), cell: (u) => u.user_type ?? '' },
          { id: 'department', header: t('department'), cell: (u) => (u.department_id ? (departments.get(u.department_id) ?? '') : '') },
          { id: 'role', header: t('role'), cell: (u) => (u.role_id ? <Badge size="sm" variant="light">{roleName(roles.get(u.role_id))}</Badge> : '') },
          { id: 'company_name', header: t('company_name'), sortField: 'company_name', defaultHidden: true, cell: (u) => u.company_name ?? '' },
          { id: 'rfid', header: t('rfid'), defaultHidden: true, cell: (u) => u.rfid ?? '' },
          { id: 'has_passport', header: t('passport'), defaultHidden: true, cell: (u) => (u.has_passport ? t('yes') : t('no')) },
          { id: 'created_at', header: t('created_at'), sortField: 'created_at', defaultHidden: true, cell: (u) => u.created_at.slice(0, 10) },
        ]}
      />
      <UserDrawer param={params.get('user')} edit={params.get('edit') === '1'} onOpen={open} />
    </PageLayout>
  );
}
