import type { zCronJobs, zPrivacySettings } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';

export type PrivacySettings = z.output<typeof zPrivacySettings>['data'];
export type CronJobs = z.output<typeof zCronJobs>;

export const usePrivacySettings = (e: number) =>
  useQuery({ queryKey: ['privacy', 'settings', e], queryFn: () => http.get<{ data: PrivacySettings }>(`/api/privacy_manager/${e}`).then((r) => r.data), enabled: e > 0 });
export const useCronJobs = (e: number) => useQuery({ queryKey: ['privacy', 'runs', e], queryFn: () => http.get<CronJobs>(`/api/cron_jobs/${e}`, { query: { limit: 20 } }), enabled: e > 0, refetchInterval: 5000 });

export interface Days {
  data_retention_days: number;
  scans_retention_days: number;
  confirm?: 1;
}
/** A user type's retention (typeId) or the organisation's default (null). */
export const saveRetention = (e: number, typeId: number | null, days: Days) =>
  typeId
    ? http.post<{ message: string }>('/api/user-type_privacy_manager', { entity_id: e, user_type_id: typeId, ...days })
    : http.put<{ message: string }>(`/api/entity_privacy_manager/${e}`, { entity_id: e, ...days });
export const impactOf = (e: number, typeId: number | null, days: Days) =>
  http.get<{ data: { people: number; scans: number } }>(`/api/privacy_manager/impact/${e}`, { query: { data_retention_days: days.data_retention_days, scans_retention_days: days.scans_retention_days, ...(typeId ? { user_type_id: typeId } : {}) } }).then((r) => r.data);
export const deleteNow = (e: number, body: { type: 'data' | 'scan' | 'both'; name: string; user_type_id: number | null; password: string }) =>
  http.post<{ message: string }>('/api/delete_now_privacy_manager', { entity_id: e, ...body });
