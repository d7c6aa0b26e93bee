import type { AttendanceMode, AttendanceModeBody, ReasonBody, zAttendanceCode, zAttendanceModeSaved, zReasonSaved } from '@gatehouse/contract';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GridQuery } from '../../../components/DataGrid';
import { http } from '../../../lib/http';

export const getModes = (entityId: number, q: GridQuery, signal: AbortSignal) =>
  http.get<{ data: AttendanceMode[]; count: number }>(`/api/attendance_mode/${entityId}`, { query: { ...q }, signal });

export const useMode = (id: number | null) =>
  useQuery({ queryKey: ['attendance', 'mode', id], queryFn: () => http.get<{ data: AttendanceMode }>(`/api/attendance_modes/${id}`).then((r) => r.data), enabled: !!id });

export type AttendanceCode = z.infer<typeof zAttendanceCode>;
/** The codes a mode can record (its integration's, else the organisation's own), `add_reason` when a reason of it uses one. */
export const useAttendanceCodes = (entityId: number, modeId: number | null) =>
  useQuery({
    queryKey: ['attendance', 'codes', entityId, modeId],
    queryFn: () => http.get<{ data: AttendanceCode[] }>(`/api/attendance_code/${entityId}/${modeId}`).then((r) => r.data),
    enabled: !!modeId && entityId > 0,
  });

export function useSaveMode(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendanceModeBody) =>
      (id ? http.put<z.output<typeof zAttendanceModeSaved>>(`/api/attendance_mode/${id}`, body) : http.post<z.output<typeof zAttendanceModeSaved>>('/api/attendance_mode', body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['attendance'] }),
  });
}

export function useDeleteMode() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: number) => http.delete<{ message: string }>(`/api/attendance_mode/${id}`), onSuccess: () => qc.invalidateQueries({ queryKey: ['attendance'] }) });
}

export function useSaveReason(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReasonBody) => (id ? http.put<z.output<typeof zReasonSaved>>(`/api/reason/${id}`, body) : http.post<z.output<typeof zReasonSaved>>('/api/reason', body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['attendance'] }),
  });
}

export function useDeleteReason() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: number) => http.delete<{ message: string }>(`/api/reason/${id}`), onSuccess: () => qc.invalidateQueries({ queryKey: ['attendance'] }) });
}
