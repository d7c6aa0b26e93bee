import type { z } from 'zod';
import type { ExpectedVisitRow, zExpectedVisitBody, zExpectedVisitOptions, zExpectedVisitsDay, zExpectedVisitsSaved, zHost, zHostMatches, zHostSettings, zUniqueCheck, zUserRow } from '@gatehouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export type VisitOptions = z.output<typeof zExpectedVisitOptions>['data'];
export type ExpectedVisitBody = z.input<typeof zExpectedVisitBody>;
export type ExpectedVisitsDay = z.infer<typeof zExpectedVisitsDay>;
export type Person = z.infer<typeof zUserRow>;
export type { ExpectedVisitRow };
/** Rule 155's four actions, by their documented paths. */
export const APPROVAL_PATHS = { approve: '/api/approve-visit', reject: '/api/reject-visit', approve_rejected: '/api/approve-rejected-visit', reject_approved: '/api/reject-approved-visit' } as const;
export type ApprovalAction = keyof typeof APPROVAL_PATHS;

export const getVisitOptions = (entityId: number) => http.get<z.output<typeof zExpectedVisitOptions>>(`/api/expected_visit_options/${entityId}`).then((r) => r.data);
export const searchConsoleHosts = (entityId: number, search: string) =>
  http.post<z.output<typeof zHostMatches>>('/api/host/search', { entity_id: entityId, search }).then((r) => r.data);
/** The flow's host settings for the console form (rules 194, 197, 203): the journey of the area and the user type. */
export const getFlowHostSettings = (journeyId: number, userTypeId: number) =>
  http.get<{ data: z.output<typeof zHostSettings> }>(`/api/hosts/settings/${journeyId}/${userTypeId}`).then((r) => r.data);
/** The hosts the flow allows whose names contain the search (at least two letters). */
export const searchFlowHosts = (journeyId: number, userTypeId: number, search: string) =>
  http.post<{ data: z.output<typeof zHost>[] }>('/api/hosts/search', { journey_id: journeyId, user_type_id: userTypeId, search }).then((r) => r.data);
export const searchPeople = (entityId: number, search: string) => http.post<{ data: Person[] }>(`/api/users/search/${entityId}`, { entity_id: entityId, search }).then((r) => r.data);
/** Rule 171: is this e-mail, phone or ID free among the organisation's people? */
export const checkUnique = (field: 'email' | 'phone' | 'id_number', value: string) =>
  http.post<z.output<typeof zUniqueCheck>>('/api/check-unique-field', { field, value }, { quiet: true });
export const validateExpectedVisit = (body: ExpectedVisitBody) => http.post<{ message: string }>('/api/expected-visit-validate', body, { quiet: true });
export const addExpectedVisit = (body: ExpectedVisitBody) => http.post<z.output<typeof zExpectedVisitsSaved>>('/api/expected-visit', body, { quiet: true });
export const getExpectedVisitsSummary = (entityId: number, start: string, end: string) =>
  http.get<{ data: ExpectedVisitsDay[]; count: number }>(`/api/expected_visits_summary/${entityId}`, { query: { start_date: start, end_date: end } });

/** Approve, reject, edit or delete an expected visit; the list, the summary and the form's checks refresh. */
export function useVisitAction() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['expected-visits'] });
  return {
    decide: useMutation({ mutationFn: (v: { entityId: number; id: number; action: ApprovalAction }) => http.post<{ message: string }>(APPROVAL_PATHS[v.action], { entity_id: v.entityId, visit_id: v.id }), onSuccess: done }),
    edit: useMutation({ mutationFn: (body: { entity_id: number; visit_id: number; visit_date?: string; visit_time?: string; host?: number | null }) => http.put<{ message: string }>('/api/edit-expected-visit', body, { quiet: true }), onSuccess: done }),
    remove: useMutation({ mutationFn: (v: { entityId: number; id: number }) => http.delete<{ message: string }>('/api/delete-expected-visit', { query: { entity_id: v.entityId, visit_id: v.id } }), onSuccess: done }),
  };
}
