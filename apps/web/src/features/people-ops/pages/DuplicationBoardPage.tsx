import { Alert, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridQuery } from '../../../components/DataGrid/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { http } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import type { UserRow } from '../../users/api/users';
import { type DuplicatePair, type DuplicatePage, pairId } from '../api/people-ops';
import { MergeModal } from '../components/MergeModal';

const REASONS = ['email', 'phone', 'id_number', 'name'] as const;
/** While people are still being compared by name, the board asks again this often (the figure goes down). */
export const PENDING_REFRESH_MS = 5_000;

function Person({ u }: { u: UserRow }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>{u.full_name}</Text>
      <Text size="xs" c="dimmed">{[u.email, u.phone, u.id_number].filter(Boolean).join(' · ')}</Text>
    </Stack>
  );
}

/**
 * /duplication-control-board (rules 180, 286-287): suspected duplicate pairs found by e-mail, phone, ID and
 * similar names, narrowed by reason; each pair is merged after choosing the person to keep and confirming. The
 * result is shown and the merged pair leaves the list.
 */
export default function DuplicationBoardPage() {
  const { t } = useTranslation('people-ops');
  const entityId = useSession()?.entity?.id ?? 0;
  const [reason, setReason] = useState('all');
  const [open, setOpen] = useState<DuplicatePair | null>(null);
  const [result, setResult] = useState<string | null>(null);
  // What the last page said about the name comparison: still running (people left), or more pairs than counted.
  const [names, setNames] = useState<{ pending: number; capped: boolean; count: number }>({ pending: 0, capped: false, count: 0 });
  const qc = useQueryClient();
  useEffect(() => {
    if (!names.pending) return undefined;
    const timer = setInterval(() => void qc.invalidateQueries({ queryKey: ['duplicates', entityId] }), PENDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [names.pending, qc, entityId]);
  const fetchPage = async (q: GridQuery, signal: AbortSignal) => {
    const page = await http.get<DuplicatePage>(`/api/get_users_duplicate/${entityId}`, { query: { ...q }, signal });
    setNames({ pending: page.names_pending ?? 0, capped: page.count_capped ?? false, count: page.count });
    return page;
  };
  return (
    <PageLayout title={t('duplicates_title')}>
      <Text size="sm" c="dimmed">{t('duplicates_hint')}</Text>
      {names.pending > 0 ? (
        <Alert color="blue" data-testid="names-pending" role="status">
          {t('names_pending', { n: names.pending.toLocaleString() })}
        </Alert>
      ) : null}
      {names.capped ? <Alert color="yellow" data-testid="names-capped">{t('count_capped', { n: names.count.toLocaleString() })}</Alert> : null}
      {result ? <Alert color="green" data-testid="merge-result" withCloseButton onClose={() => setResult(null)}>{result}</Alert> : null}
      <Group>
        <SegmentedControl
          aria-label={t('reason')}
          value={reason}
          onChange={setReason}
          data={[{ value: 'all', label: t('reasons.all') }, ...REASONS.map((r) => ({ value: r, label: t(`reasons.${r}`) }))]}
        />
      </Group>
      <DataGrid<DuplicatePair>
        pageUrl="/duplication-control-board"
        queryKey={['duplicates', entityId]}
        rowId={pairId}
        searchable={false}
        filters={{ reason: reason === 'all' ? undefined : reason }}
        fetchPage={fetchPage}
        columns={[
          { id: 'user', header: t('person'), fixed: true, cell: (p) => <Person u={p.user} /> },
          { id: 'duplicate', header: t('suspected_duplicate'), fixed: true, cell: (p) => <Person u={p.duplicate} /> },
          { id: 'reasons', header: t('reason'), cell: (p) => <Group gap={4}>{p.reasons.map((r) => <Badge key={r} size="sm" variant="light">{t(`reasons.${r}`, { defaultValue: r })}</Badge>)}</Group> },
          { id: 'similarity', header: t('similarity'), cell: (p) => `${Math.round(p.similarity * 100)}%` },
          {
            id: 'actions',
            header: t('actions'),
            fixed: true,
            cell: (p) => <Button size="xs" onClick={() => setOpen(p)} aria-label={t('merge_pair', { a: p.user.full_name, b: p.duplicate.full_name })}>{t('merge')}</Button>,
          },
        ]}
      />
      {open ? (
        <MergeModal
          pair={open}
          onClose={() => setOpen(null)}
          onMerged={(message, kept, removed) => {
            setOpen(null);
            setResult(t('merged_result', { message, keep: kept.full_name, drop: removed.full_name }));
          }}
        />
      ) : null}
    </PageLayout>
  );
}
