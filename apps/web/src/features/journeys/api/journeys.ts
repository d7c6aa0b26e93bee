import type { Compliance, Flow, Journey } from '@gatehouse/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export type JourneyWithFlows = Journey & { flows: Flow[] };
export interface Option {
  id: number;
  name: string;
}

export const journeyQuery = (id: number) =>
  queryOptions({ queryKey: ['journeys', 'one', id], queryFn: () => http.get<{ data: JourneyWithFlows }>(`/api/get_journey_and_journey_flow/${id}`).then((r) => r.data) });
export const useJourney = (id: number | null) => useQuery({ ...journeyQuery(id ?? 0), enabled: !!id });
export const useFlow = (id: number | null) =>
  useQuery({ queryKey: ['journeys', 'flow', id], queryFn: () => http.get<{ data: Flow }>(`/api/journey_flow/${id}`).then((r) => r.data), enabled: !!id });

/** Every journey the caller may use (for the /add-flow journey choice). */
export const useAllJourneys = (entityId: number) =>
  useQuery({ queryKey: ['journeys', 'all', entityId], queryFn: () => http.get<{ data: Journey[] }>(`/api/journeys/${entityId}`, { query: { limit: 500 } }).then((r) => r.data), enabled: !!entityId });

/** The journey's user types still free for a flow (the edited flow's own stays free). */
export const useFlowUserTypes = (journeyId: number | null, flowId?: number) =>
  useQuery({
    queryKey: ['journeys', 'user-types', journeyId, flowId],
    queryFn: () =>
      http
        .get<{ data: { available_user_types: Option[]; user_types: Option[] } }>(`/api/journey_flow_and_check_user_type_by_joruney/${journeyId}`, { query: { journey_flow_id: flowId } })
        .then((r) => r.data),
    enabled: !!journeyId,
  });

export const useCompliances = (entityId: number) =>
  useQuery({ queryKey: ['compliance', 'all', entityId], queryFn: () => http.get<{ data: Compliance[] }>(`/api/compliances/${entityId}`, { query: { limit: 500 } }).then((r) => r.data), enabled: !!entityId });

/** Sites of the organisation (places area); an empty list while that call is not there. */
export const useSites = (entityId: number) =>
  useQuery({
    queryKey: ['sites', 'options', entityId],
    queryFn: () => http.get<{ data: Option[] }>(`/api/sites_list/${entityId}`, { query: { limit: 500 }, notFound: 'throw' }).then((r) => r.data),
    enabled: !!entityId,
    retry: false,
  });

export function useSaveJourney(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => http.post<{ message: string; data: Journey }>(id ? `/api/journey/${id}` : '/api/journey', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['journeys'] }),
  });
}

export const validateJourneySites = (journeyId: number, siteIds: number[]) =>
  http.post<{ message: string; data: { can_update: 0 | 1 } }>('/api/validate-update-journey', { journey_id: journeyId, site_ids: siteIds });

export const validateFlow = (body: Record<string, unknown>) =>
  http.post<{ message: string; data: { signed_in_count: number } }>('/api/validate-update-journey-flow', body);

export function useSaveFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ journeyId, flowId, body }: { journeyId: number; flowId?: number; body: Record<string, unknown> }) =>
      flowId ? http.put<{ message: string; data: Flow }>(`/api/journey_flow/${flowId}`, body) : http.post<{ message: string; data: Flow }>(`/api/journey_flow/${journeyId}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['journeys'] }),
  });
}

export function useDelete() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => http.delete<{ message: string }>(url),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['journeys'] }),
  });
}
