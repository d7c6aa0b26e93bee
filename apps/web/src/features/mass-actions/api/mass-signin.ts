import type { zMassApplyBody, zMassApplyResult, zMassData, zMassErrors } from '@gatehouse/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';

export type MassData = z.infer<typeof zMassData>['data'][number];
export type MassApplyBody = z.input<typeof zMassApplyBody>;
export type MassApplyResult = z.infer<typeof zMassApplyResult>;
export type MassError = z.infer<typeof zMassErrors>['data'][number];

export interface MassQuery {
  site_id: number;
  area_id?: number;
  user_type_id?: number;
  search?: string;
}

/** The mass data call (rule 225): the site's people with their state, checks and reasons, the 'All' row first. */
export const useMassData = (entityId: number, q: MassQuery | null) =>
  useQuery({
    queryKey: ['mass-signin', 'data', entityId, q],
    queryFn: () => http.post<{ data: MassData[] }>('/api/mass-action-signin', { entity_id: entityId, ...q }).then((r) => r.data[0]),
    enabled: !!q && entityId > 0,
    placeholderData: keepPreviousData,
  });

/** The people the last mass actions skipped, with why (one batch, or the latest 100). */
export const useMassErrors = (entityId: number, batchId?: string) =>
  useQuery({
    queryKey: ['mass-signin', 'errors', entityId, batchId ?? null],
    queryFn: () => http.post<{ data: MassError[] }>('/api/mass-action-signin/errors', { entity_id: entityId, ...(batchId ? { batch_id: batchId } : {}) }).then((r) => r.data),
    enabled: entityId > 0,
  });

/** Applies the flip (rule 220); the list, the errors and the dashboard reload. */
export function useApplyMassSignin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MassApplyBody) => http.post<MassApplyResult>('/api/mass-action-apply-signin', body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['mass-signin'] });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
