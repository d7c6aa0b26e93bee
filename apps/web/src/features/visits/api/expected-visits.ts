import type { z } from 'zod';
import type { zExpectedVisit, zExpectedVisitBody } from '@gatehouse/contract';
import { http } from '../../../lib/http';

export interface VisitOptions {
  sites: { id: number; name: string; areas: { id: number; name: string }[] }[];
  user_types: { id: number; name: string }[];
}
export type ExpectedVisitBody = z.input<typeof zExpectedVisitBody>;

export const getVisitOptions = (entityId: number) => http.get<{ data: VisitOptions }>(`/api/expected_visit_options/${entityId}`).then((r) => r.data);
export const searchConsoleHosts = (entityId: number, search: string) =>
  http.post<{ data: { id: number; full_name: string; email: string | null }[] }>('/api/host/search', { entity_id: entityId, search }).then((r) => r.data);
export const validateExpectedVisit = (body: ExpectedVisitBody) => http.post<{ message: string }>('/api/expected-visit-validate', body);
export const addExpectedVisit = (body: ExpectedVisitBody) => http.post<{ message: string; data: z.infer<typeof zExpectedVisit>[] }>('/api/expected-visit', body);
