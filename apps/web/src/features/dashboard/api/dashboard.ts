import type { Scan } from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GridQuery } from '../../../components/DataGrid';
import { http } from '../../../lib/http';

export interface DailyTotals {
  totals: { daily: { date: string; sign_ins: number; sign_outs: number; people: number }[]; on_site: number; sign_ins_today: number; sign_outs_today: number; expected_today: number };
}
export interface Lookup {
  id: string;
  name: string;
}

export const getLogbook = (entityId: number, q: GridQuery, signal: AbortSignal) =>
  http.get<{ data: Scan[]; count: number }>(`/api/visit_list/${entityId}`, { query: { ...q }, signal });

export const dailyQuery = (entityId: number) =>
  queryOptions({ queryKey: ['dashboard', 'daily', entityId], queryFn: () => http.get<DailyTotals>(`/api/dashboard/${entityId}`).then((r) => r.totals) });
export const useDaily = (entityId: number) => useQuery(dailyQuery(entityId));

export const useInputMethods = () => useQuery({ queryKey: ['dashboard', 'input_method'], queryFn: () => http.get<{ data: Lookup[] }>('/api/input_method').then((r) => r.data) });
export const useScanTypes = () => useQuery({ queryKey: ['dashboard', 'sacn_data_type'], queryFn: () => http.get<{ data: Lookup[] }>('/api/sacn_data_type').then((r) => r.data) });
