import type { Flow, Journey, RegistrationMethod } from '@gatehouse/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export type JourneyWithFlows = Journey & { flows: Flow[] };
export interface Option {
  id: number;
  name: string;
}
export type FlowUserType = Option & { registration_method: RegistrationMethod; used?: 0 | 1 };

export const journeyQuery = (id: number) =>
  queryOptions({ queryKey: ['journeys', 'one', id], queryFn: () => http.get<{ data: JourneyWithFlows }>(`/api/get_journey_and_journey_flow/${id}`).then((r) => r.data) });
export const useJourney = (id: number | null) => useQuery({ ...journeyQuery(id ?? 0), enabled: !!id });
export const useFlow = (id: number | null) =>
  useQuery({ queryKey: ['journeys', 'flow', id], queryFn: () => http.get<{ data: Flow }>(`/api/journey_flow/${id}`).then((r) => r.data), enabled: !!id });

/** Every journey the caller may use (rule 97), for the /add-flow journey choice. */
export const useAllJourneys = (entityId: number) =>
  useQuery({ queryKey: ['journeys', 'all', entityId], queryFn: () => http.get<{ data: Journey[] }>(`/api/journeys/${entityId}`, { query: { limit: 500 } }).then((r) => r.data), enabled: !!entityId });

/** The builder view: per flow, the steps a visitor meets in order. */
export interface BuilderStep {
  step: number;
  key: string;
  enabled: 0 | 1;
  detail: string | null;
}
export interface BuilderFlow {
  journey_flow_id: number;
  name: string;
  user_type_id: number | null;
  user_type_name: string | null;
  steps: BuilderStep[];
}
export const useBuilder = (journeyId: number) =>
  useQuery({
    queryKey: ['journeys', 'builder', journeyId],
    queryFn: () => http.get<{ data: { journey: Journey; flows: BuilderFlow[] } }>(`/api/journey_flow_builder/${journeyId}`).then((r) => r.data),
  });

/** The journey's user types with their registration methods; those already in a flow are not offered (the edited flow's own is). */
export const useFlowUserTypes = (journeyId: number | null, flowId?: number) =>
  useQuery({
    queryKey: ['journeys', 'user-types', journeyId, flowId],
    queryFn: () =>
      http
        .get<{ data: { available_user_types: FlowUserType[]; user_types: FlowUserType[]; not_required_taken: 0 | 1 } }>(`/api/journey_flow_and_check_user_type_by_joruney/${journeyId}`, {
          query: { journey_flow_id: flowId },
        })
        .then((r) => r.data),
    enabled: !!journeyId,
  });

/** Create (POST /api/journey) or update (POST /api/journey/{id}); a FormData body carries a logo file. */
export function useSaveJourney(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown> | FormData) => http.post<{ message: string; data: Journey }>(id ? `/api/journey/${id}` : '/api/journey', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['journeys'] }),
  });
}

export interface BlockedSite {
  id: number;
  name: string;
  reason: 'assigned_to_areas' | 'no_access';
  message: string;
  areas: string[];
}
/** Rule 202: may the journey's site list become `siteIds`? Asked before saving. */
export const validateJourneySites = (journeyId: number, siteIds: number[]) =>
  http.post<{ message: string; data: { can_update: 0 | 1; blocked_sites: BlockedSite[] } }>('/api/validate-update-journey', { journey_id: journeyId, site_ids: siteIds });

/** Rule 154: how many signed-in people a change of the flow would strand. */
export const validateFlow = (body: Record<string, unknown>) =>
  http.post<{ message: string; data: { signed_in_count: number; users: { id: number; full_name: string }[]; will_close: 0 | 1 } }>('/api/validate-update-journey-flow', body);

export function useSaveFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ journeyId, flowId, body }: { journeyId: number; flowId?: number; body: Record<string, unknown> }) =>
      flowId
        ? http.put<{ message: string; data: Flow; closed_visits?: number }>(`/api/journey_flow/${flowId}`, body)
        : http.post<{ message: string; data: Flow; closed_visits?: number }>(`/api/journey_flow/${journeyId}`, body),
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
