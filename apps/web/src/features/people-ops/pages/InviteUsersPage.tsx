import { Alert, Button, Checkbox, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../../components/DataGrid/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { HttpError, http, joinErrors } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { type UserRow, useGridData } from '../../users/api/users';
import { useApplyInvites, useInvitePreview } from '../api/people-ops';
import { type InviteDraft, InviteRowsTable, type RowStatus } from '../components/InviteRowsTable';

/**
 * /invite-users-to-dashboard (rules 166, 178-179, 100): the people who can be invited (an e-mail, no passport
 * yet), chosen in the grid; their invitation rows with role, sites, user types and phone; then the invitations,
 * each row answering "invited" or why it was skipped.
 */
export default function InviteUsersPage() {
  const { t } = useTranslation('people-ops');
  const entityId = useSession()?.entity?.id ?? 0;
  const lookups = useGridData(entityId).data;
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [chosen, setChosen] = useState<number[]>([]);
  const preview = useInvitePreview(chosen);
  const [drafts, setDrafts] = useState<InviteDraft[]>([]);
  const [status, setStatus] = useState<Map<number, RowStatus>>(new Map());
  const [summary, setSummary] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const apply = useApplyInvites();

  useEffect(() => {
    if (!preview.data) return;
    setDrafts(
      preview.data.map((p) => ({ id: p.id, full_name: p.full_name, email: p.email, user_type: p.user_type, role_id: p.role_id, sites: p.sites, user_types: p.user_types.length ? p.user_types : p.user_type_id ? [p.user_type_id] : [], phone_code: p.phone_code, phone: p.phone })),
    );
    setStatus(new Map(preview.data.filter((p) => p.error).map((p) => [p.id, { state: 'skipped', reason: p.error! }])));
  }, [preview.data]);

  const toggle = (u: UserRow) =>
    setSelected((s) => {
      const next = new Map(s);
      if (next.has(u.id)) next.delete(u.id);
      else next.set(u.id, u.full_name);
      return next;
    });
  const send = () => {
    setError(null);
    const rows = drafts.filter((d) => status.get(d.id)?.state !== 'invited').map(({ full_name: _n, email: _e, user_type: _u, ...row }) => row);
    apply.mutate(rows, {
      onSuccess: (r) => {
        const next = new Map(status);
        for (const id of r.data.done) next.set(id, { state: 'invited' });
        for (const s of r.data.skipped) next.set(s.id, { state: 'skipped', reason: s.reason });
        setStatus(next);
        setSummary(t('invite_summary', { message: r.message, done: r.data.done.length, skipped: r.data.skipped.length }));
      },
      onError: (e) => setError(e instanceof HttpError ? joinErrors(e.fieldErrors) || e.message : e.message),
    });
  };

  return (
    <PageLayout title={t('invite_title')}>
      <Text size="sm" c="dimmed">{t('invite_hint')}</Text>
      <DataGrid<UserRow>
        pageUrl="/invite-users-to-dashboard"
        queryKey={['users', 'invitable', entityId]}
        rowId={(u) => u.id}
        filters={{ status: 'active', invitable: 1 }}
        fetchPage={(q, signal) => http.get(`/api/users/${entityId}`, { query: { ...q }, signal })}
        toolbar={
          <Group gap="xs">
            <Text size="sm">{t('selected_n', { n: selected.size })}</Text>
            <Button size="xs" disabled={!selected.size} onClick={() => { setSummary(null); setChosen([...selected.keys()]); }}>{t('prepare')}</Button>
          </Group>
        }
        columns={[
          { id: 'select', header: t('select'), fixed: true, width: 40, cell: (u) => <Checkbox aria-label={t('select_row', { name: u.full_name })} checked={selected.has(u.id)} onChange={() => toggle(u)} /> },
          { id: 'full_name', header: t('person'), sortField: 'full_name', fixed: true, cell: (u) => u.full_name },
          { id: 'email', header: t('email'), sortField: 'email', cell: (u) => u.email ?? '' },
          { id: 'phone', header: t('phone'), cell: (u) => (u.phone ? <span dir="ltr">{`${u.phone_code ?? ''} ${u.phone}`.trim()}</span> : '') },
          { id: 'user_type', header: t('user_types'), cell: (u) => u.user_type ?? '' },
        ]}
      />
      {chosen.length ? (
        <>
          <Text fw={600}>{t('rows_title')}</Text>
          {preview.isError ? <Alert color="red">{preview.error.message}</Alert> : null}
          <InviteRowsTable rows={drafts} lookups={lookups} status={status} onChange={(id, patch) => setDrafts((list) => list.map((d) => (d.id === id ? { ...d, ...patch } : d)))} />
          {error ? <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>{error}</Alert> : null}
          {summary ? <Alert color="blue" data-testid="invite-summary">{summary}</Alert> : null}
          <Group justify="flex-end">
            <Button onClick={send} loading={apply.isPending} disabled={!drafts.some((d) => status.get(d.id)?.state !== 'invited')}>{t('send_invitations')}</Button>
          </Group>
        </>
      ) : null}
    </PageLayout>
  );
}
