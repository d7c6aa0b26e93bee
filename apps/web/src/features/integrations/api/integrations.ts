import type {
  DirectoryTypeKey,
  zAttendanceCodes,
  zDirectoryBody,
  zDuplicateCheck,
  zIntegration,
  zIntegrationList,
  zIntegrationScans,
  zIntegrationUserTypes,
  zPreRequest,
  zIntegrationAreas,
  zNet2Options,
  zNet2Settings,
  zScimTokenSaved,
  zStatistics,
  zSyncLogs,
  zSyncStarted,
  zSyncStatus,
  zSyncedUsers,
  zTempUser,
  zTempUsers,
  zUpdatedCount,
} from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';

export type Integration = z.output<typeof zIntegration>;
export type SyncStatus = z.output<typeof zSyncStatus>['data'];
export type TempUser = z.output<typeof zTempUser>;
export type TempState = TempUser['state'];
export type Statistics = z.output<typeof zStatistics>['data'];
export type IntegrationScan = z.output<typeof zIntegrationScans>['data'][number];
export type AttendanceCodes = z.output<typeof zAttendanceCodes>['data'];
export type DirectoryBody = z.input<typeof zDirectoryBody>;
type Saved = { message: string; data: Integration };
type Page = { page?: number; limit?: number };

const base = '/api/integration';

export const integrationsQuery = () => queryOptions({ queryKey: ['integrations', 'list'], queryFn: () => http.get<z.output<typeof zIntegrationList>>(`${base}/directories`) });
export const useIntegrations = () => useQuery(integrationsQuery());
export const useIntegration = (id: number) =>
  useQuery({ queryKey: ['integrations', id, 'info'], queryFn: () => http.get<{ data: Integration }>(`${base}/info`, { query: { id } }).then((r) => r.data), enabled: id > 0 });
export const usePreRequest = (id: number) =>
  useQuery({ queryKey: ['integrations', id, 'pre'], queryFn: () => http.get<z.output<typeof zPreRequest>>(`${base}/preRequest`, { query: { id } }).then((r) => r.data), enabled: id > 0 });
export const useGroupTypes = (id: number) =>
  useQuery({ queryKey: ['integrations', id, 'types'], queryFn: () => http.get<z.output<typeof zIntegrationUserTypes>>(`${base}/userType`, { query: { id } }).then((r) => r.data), enabled: id > 0 });
export const useStatistics = (id: number) =>
  useQuery({ queryKey: ['integrations', id, 'stats'], queryFn: () => http.get<z.output<typeof zStatistics>>(`${base}/statistics`, { query: { id } }).then((r) => r.data), enabled: id > 0 });
export const useSyncLogs = (id: number) =>
  useQuery({ queryKey: ['integrations', id, 'logs'], queryFn: () => http.get<z.output<typeof zSyncLogs>>(`${base}/SyncLogs`, { query: { id, limit: 20 } }), enabled: id > 0 });
export const getDuplicateCheck = (id: number) => http.get<z.output<typeof zDuplicateCheck>>(`${base}/checkDuplicate`, { query: { id } }).then((r) => r.data);
export const useDuplicateCheck = (id: number) => useQuery({ queryKey: ['integrations', id, 'check'], queryFn: () => getDuplicateCheck(id), enabled: id > 0 });
export const useTempUsers = (id: number, state: TempState, page = 1) =>
  useQuery({ queryKey: ['integrations', id, 'temp', state, page], queryFn: () => http.get<z.output<typeof zTempUsers>>(`${base}/tempUsers/${state}`, { query: { id, page, limit: 50 } }), enabled: id > 0 });
export const useSyncedUsers = (id: number, page = 1) =>
  useQuery({ queryKey: ['integrations', id, 'synced', page], queryFn: () => http.get<z.output<typeof zSyncedUsers>>(`${base}/users/synced`, { query: { id, page, limit: 50 } }), enabled: id > 0 });
export const useAttendanceCodes = (entityId: number, id: number) =>
  useQuery({ queryKey: ['integrations', id, 'codes'], queryFn: () => http.get<z.output<typeof zAttendanceCodes>>(`${base}/get_attendance_code/${entityId}/${id}`).then((r) => r.data), enabled: id > 0 && entityId > 0 });
export const useIntegrationScans = (id: number, status: string | null, q: Page = {}) =>
  useQuery({
    queryKey: ['integrations', id, 'scans', status, q.page ?? 1],
    queryFn: () => http.get<z.output<typeof zIntegrationScans>>(`${base}/get_intgration_scancs_list`, { query: { integration_id: id, ...(status ? { status } : {}), page: q.page ?? 1, limit: q.limit ?? 50 } }),
    enabled: id > 0,
    // Marks are written back by a job: the list follows their status (sent, failed) as it changes.
    refetchInterval: 5000,
  });

/** Status of the running (or last) sync or migration (rules 270-274); polled by the sync status page. */
export const getSyncStatus = (id: number) => http.get<z.output<typeof zSyncStatus>>(`${base}/synctempjob/status`, { query: { id } }).then((r) => r.data);

export const validateName = (name: string, id?: number) => http.post<{ message: string; data: { unique: 0 | 1 } }>(`${base}/validate_name`, { name, ...(id ? { id } : {}) }, { quiet: true });
export const authenticate = (entityId: number, type: DirectoryTypeKey, body: Record<string, unknown>) =>
  http.post<Saved>(`${base}/authentication/${entityId}/${type}`, body, { quiet: true });
export const reAuthenticate = (id: number, body: Record<string, unknown>) => http.post<Saved>(`${base}/reAuth`, { id, ...body }, { quiet: true });
export const saveDirectory = (body: DirectoryBody) => http.post<Saved>(`${base}/directory`, body, { quiet: true });
export const editDirectory = (id: number, body: Partial<Omit<DirectoryBody, 'id'>> & { status?: 'active' | 'inactive' }) => http.put<Saved>(`${base}/directory/${id}`, body, { quiet: true });
export const deleteDirectory = (id: number) => http.delete<{ message: string }>(`${base}/directory/${id}`, { quiet: true });
export const refreshDirectory = (id: number) => http.post<Saved>(`${base}/refresh`, { id }, { quiet: true });
export const setAutoSync = (id: number, enabled: boolean, frequency?: string) => http.post<Saved>(`${base}/autoSync`, { id, enabled: enabled ? 1 : 0, ...(frequency ? { sync_frequency: frequency } : {}) }, { quiet: true });
export const firstSync = (id: number) => http.post<z.output<typeof zSyncStarted>>(`${base}/firstSync`, { id }, { quiet: true });
export const syncNow = (id: number) => http.post<z.output<typeof zSyncStarted>>(`${base}/directory/${id}/sync`, undefined, { quiet: true });
export const migrateUsers = (id: number, field: string) => http.post<z.output<typeof zSyncStarted>>(`${base}/migrateUsers`, { id, migration_field: field }, { quiet: true });
export const fixError = (body: Record<string, unknown> & { temp_user_id: number }) => http.post<{ message: string; data: TempUser }>(`${base}/fixError`, body, { quiet: true });
export const fixDuplicate = (body: { temp_user_id: number; user_id?: number; action: 'merge' | 'create' }) => http.post<{ message: string; data: TempUser }>(`${base}/fixDuplicate`, body, { quiet: true });
export const writeBack = (id: number, scanIds: number[]) => http.post<z.output<typeof zUpdatedCount>>(`${base}/writeBack/scans`, { id, scan_ids: scanIds }, { quiet: true });
export const ignoreScans = (ids: number[]) => http.put<z.output<typeof zUpdatedCount>>(`${base}/ignore_intgration_scancs`, { ids }, { quiet: true });
export const editScans = (ids: number[], attendanceCodeId: number) => http.put<z.output<typeof zUpdatedCount>>(`${base}/edit_intgration_scancs`, { ids, attendanceCodeId }, { quiet: true });
export const bulkUpdateCodes = (body: { integration_id: number; modes: { id: number; attendance_code_id: number | null }[]; reasons: { id: number; attendance_code_id: number | null }[] }) =>
  http.post<z.output<typeof zUpdatedCount>>(`${base}/attendance_codes/bulk-update`, body, { quiet: true });
/** The SCIM provisioning token: made (or rotated) and shown once; revoked. */
export const createScimToken = (entityId: number) => http.post<z.output<typeof zScimTokenSaved>>(`${base}/scim-token/${entityId}`, undefined, { quiet: true });
export const revokeScimToken = (entityId: number) => http.delete<{ message: string }>(`${base}/scim-token/${entityId}`, { quiet: true });
/** Paxton Net2: its access levels and doors, with our visitor access levels and door areas (issue 19 part 4). */
export type Net2Settings = z.output<typeof zNet2Settings>;
export const useNet2Options = (id: number) =>
  useQuery({ queryKey: ['integrations', id, 'net2'], queryFn: () => http.get<z.output<typeof zNet2Options>>(`${base}/net2/options`, { query: { id } }).then((r) => r.data), enabled: id > 0, retry: false });
export const useIntegrationAreas = (id: number) =>
  useQuery({ queryKey: ['integrations', id, 'areas'], queryFn: () => http.get<z.output<typeof zIntegrationAreas>>(`${base}/areas`, { query: { id } }).then((r) => r.data), enabled: id > 0 });
export const saveNet2Settings = (id: number, body: Net2Settings) => http.put<{ message: string; data: Net2Settings }>(`${base}/net2/${id}`, body, { quiet: true });
