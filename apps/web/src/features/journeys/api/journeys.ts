import type { Flow, Journey, zBuilderStep, zFlowSaved, zJourneyBuilder, zJourneyFlowChoices, zJourneySaved, zNamed, zValidateFlowResult, zValidateJourneyResult } from '@gatehouse/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { z } from 'zod';

export type JourneyWithFlows = Journey & { flows: Flow[] };
export type Option = z.output<typeof zNamed>;
type FlowChoices = z.output<typeof zJourneyFlowChoices>['data'];
export type FlowUserType = FlowChoices['available_user_types'][number] & { used?: 0 | 1 };

export const journeyQuery = (id: number) =>
  queryOptions({ queryKey: ['journeys', 'one', id], queryFn: () => http.get<{ data: JourneyWithFlows }>(`/api/get_journey_and_journey_flow/${id}`).then((r) => r.data) });
export const useJourney = (id: number | null) => useQuery({ ...journeyQuery(id ?? 0), enabled: !!id });
export const useFlow = (id: number | null) =>
  useQuery({ queryKey: ['journeys', 'flow', id], queryFn: () => http.get<{ data: Flow }>(`/api/journey_flow/${id}`).then((r) => r.data), enabled: !!id });

/** Every journey the caller may use (rule 97), for the /add-flow journey choice. */
export const useAllJourneys = (entityId: number) =>
  useQuery({ queryKey: ['journeys', 'all', entityId], queryFn: () => http.get<{ data: Journey[] }>(`/api/journeys/${entityId}`, { query: { limit: 500 } }).then((r) => r.data), enabled: !!entityId });

/** The builder view: per flow, the steps a visitor meets in order. */
export type BuilderStep = z.output<typeof zBuilderStep>;
export type BuilderFlow = z.output<typeof zJourneyBuilder>['data']['flows'][number];
export const useBuilder = (journeyId: number) =>
  useQuery({
    queryKey: ['journeys', 'builder', journeyId],
    queryFn: () => http.get<z.output<typeof zJourneyBuilder>>(`/api/journey_flow_builder/${journeyId}`).then((r) => r.data),
  });

/** The journey's user types with their registration methods; those already in a flow are not offered (the edited flow's own is). */
export const useFlowUserTypes = (journeyId: number | null, flowId?: number) =>
  useQuery({
    queryKey: ['journeys', 'user-types', journeyId, flowId],
    queryFn: () =>
      http
        .get<z.output<typeof zJourneyFlowChoices>>(`/api/journey_flow_and_check_user_type_by_joruney/${journeyId}`, {
          query: { journey_flow_id: flowId },
        })
        .then((r) => r.data),
    enabled: !!journeyId,
  });

/** Create (POST /api/journey) or update (POST /api/journey/{id}); a FormData body carries a logo file. */
export function useSaveJourney(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown> | FormData) => http.post<z.output<typeof zJourneySaved>>(id ? `/api/journey/${id}` : '/api/journey', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['journeys'] }),
  });
}

export type BlockedSite = z.output<typeof zValidateJourneyResult>['data']['blocked_sites'][number];
/** Rule 202: may the journey's site list become `siteIds`? Asked before saving. */
export const validateJourneySites = (journeyId: number, siteIds: number[]) =>
  http.post<z.output<typeof zValidateJourneyResult>>('/api/validate-update-journey', { journey_id: journeyId, site_ids: siteIds });

/** Rule 154: how many signed-in people a change of the flow would strand. */
export const validateFlow = (body: Record<string, unknown>) =>
  http.post<z.output<typeof zValidateFlowResult>>('/api/validate-update-journey-flow', body);

export function useSaveFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ journeyId, flowId, body }: { journeyId: number; flowId?: number; body: Record<string, unknown> }) =>
      flowId
        ? http.put<z.output<typeof zFlowSaved>>(`/api/journey_flow/${flowId}`, body)
        : http.post<z.output<typeof zFlowSaved>>(`/api/journey_flow/${journeyId}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['journeys'] }),
  });
}

export function useDeleteJourney() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`/api/journey/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['journeys'] }),
  });
}

export function useDeleteFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`/api/journey_flow/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['journeys'] }),
  });
}
