import type { LogbookRow, zComplianceAnswer, zDashboardTotals, zLogbook, zLookup, zNamed } from '@gatehouse/contract';
import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GridQuery } from '../../../components/DataGrid';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/http';

export type DailyTotals = z.output<typeof zDashboardTotals>;
export type Lookup = z.output<typeof zLookup>;
/** A choice of the logbook's filters; areas and kiosks also say the site they belong to. */
export type Named = z.output<typeof zNamed> & { site_id?: number | null };
export type ComplianceAnswer = z.infer<typeof zComplianceAnswer>;

export const getLogbook = (entityId: number, q: GridQuery, signal?: AbortSignal) =>
  http.get<z.output<typeof zLogbook>>(`/api/visit_list/${entityId}`, { query: { ...q }, signal });
/** Every row of the logbook as filtered and ordered (rule 164: isExporting, up to 10,000 rows). */
export const exportLogbook = (entityId: number, q: GridQuery) =>
  http.get<z.output<typeof zLogbook>>(`/api/visit_list/${entityId}`, { query: { ...q, page: 1, isExporting: 1 } }).then((r) => r.data);

export const dailyQuery = (entityId: number) =>
  queryOptions({ queryKey: ['dashboard', 'daily', entityId], queryFn: () => http.get<DailyTotals>(`/api/dashboard/${entityId}`).then((r) => r.totals), enabled: entityId > 0 });
export const useDaily = (entityId: number) => useQuery(dailyQuery(entityId));

export const useScan = (id: number | null) =>
  useQuery({ queryKey: ['dashboard', 'scan', id], queryFn: () => http.get<{ data: LogbookRow }>(`/api/scans/${id}`, { notFound: 'throw' }).then((r) => r.data), enabled: !!id });

/** The answers a person gave to the entry conditions of a visit (rule 210), when the caller may read them. */
export const useVisitAnswers = (userId: number, visitId: number | null, allowed: boolean) =>
  useQuery({
    queryKey: ['dashboard', 'answers', userId, visitId],
    queryFn: () => http.get<{ data: ComplianceAnswer[] }>('/api/get_compliance_user', { query: { user_id: userId, visit_id: visitId }, notFound: 'throw' }).then((r) => r.data),
    enabled: allowed && !!visitId,
  });

// The filters' lookups (lists of a few hundred at most; the select boxes search inside them).
const LOOKUP_LIMIT = 500;
const lookup = (key: string, url: string, query?: Record<string, string | number>) =>
  queryOptions({ queryKey: ['dashboard', 'lookup', key, url], queryFn: () => http.get<{ data: Named[] }>(url, { query }).then((r) => r.data), staleTime: 60_000 });

// Named by the server in the user's language: asked again when the language changes.
function useNamed(url: string, query?: Record<string, string>) {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['dashboard', 'named', url, query ?? null, i18n.language], queryFn: () => http.get<{ data: Lookup[] }>(url, { query }).then((r) => r.data), staleTime: Infinity });
}
export const useInputMethods = () => useNamed('/api/input_method');
export const useScanTypes = () => useNamed('/api/sacn_data_type');
export const useVisitStatuses = () => useNamed('/api/sacn_data_type', { type: 'visit' });
export const useSites = (entityId: number) => useQuery({ ...lookup('sites', `/api/sites/normal/${entityId}`), enabled: entityId > 0 });
export const useAreas = (entityId: number) =>
  useQuery({ ...lookup('areas', `/api/areas/${entityId}`, { limit: LOOKUP_LIMIT, sortField: 'name', orderBy: 'asc' }), enabled: entityId > 0 });
export const useKiosks = (entityId: number) => useQuery({ ...lookup('kiosks', `/api/kiosk/${entityId}`, { limit: LOOKUP_LIMIT }), enabled: entityId > 0 });
export const useUserTypes = (entityId: number) => useQuery({ ...lookup('user_types', `/api/user_types/${entityId}`), enabled: entityId > 0 });
