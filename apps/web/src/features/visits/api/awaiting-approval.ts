import type { ExpectedVisitRow } from '@gatehouse/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../lib/http';
import { connectRealtime } from '../../../lib/realtime';
import { useSession } from '../../../lib/session';

/** Today's date on this device (YYYY-MM-DD), the first day the visitor lists show. */
export const localToday = (now = new Date()) => now.toLocaleDateString('en-CA');

/** What the Awaiting approval list asks: visits from today on whose host or admin has not decided yet. */
export const awaitingApprovalFilter = () => ({ approval_state: 'pending', start_date: localToday() });

/**
 * The number of visits awaiting approval (the menu's and the dashboard's badge): the list's own count, asked for
 * one row, and asked again whenever a visit is registered, approved or rejected anywhere in the organisation.
 */
export function useAwaitingApprovalCount(enabled: boolean) {
  const session = useSession();
  const entityId = session?.entity?.id ?? 0;
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || !session?.token || !entityId) return;
    return connectRealtime(session.token, entityId, {
      update: (p) => {
        if (p.type === 'visit') void qc.invalidateQueries({ queryKey: ['expected-visits'] });
      },
    });
  }, [enabled, session?.token, entityId, qc]);
  return useQuery({
    queryKey: ['expected-visits', 'awaiting-count', entityId],
    enabled: enabled && entityId > 0,
    staleTime: 30_000,
    queryFn: () =>
      http
        .get<{ data: ExpectedVisitRow[]; count: number }>(`/api/expected_visits/${entityId}`, { query: { page: 1, limit: 1, filterBy: JSON.stringify(awaitingApprovalFilter()) }, quiet: true })
        .then((r) => r.count),
  });
}
