import type {
  ExportFormat,
  ExportRow,
  HistoryRow,
  NotOnSiteRow,
  PrintJob,
  ReportKey,
  TimesheetRow,
  VisitSummary,
  zExportAnswer,
  zHistoryGrid,
  zKioskLogRow,
  zReportPerson,
  zTimeReportRow,
  zTrace,
} from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GridQuery } from '../../../components/DataGrid';
import { http } from '../../../lib/http';
import { useSession } from '../../../lib/session';

export type HistoryGrid = z.output<typeof zHistoryGrid>['data'];
export type Trace = z.output<typeof zTrace>;
export type KioskLogRow = z.output<typeof zKioskLogRow>;
export type ReportPerson = z.output<typeof zReportPerson>;
export type TimeReportRow = z.output<typeof zTimeReportRow>;
export type ExportAnswer = z.output<typeof zExportAnswer>;
export type { ExportRow, HistoryRow, NotOnSiteRow, PrintJob, TimesheetRow, VisitSummary };

type Page<T> = { data: T[]; count: number };

/** The organisation of the session (every report call names it). */
export const useEntityId = () => useSession()?.entity?.id ?? 0;

export const getHistory = (e: number, q: GridQuery, signal?: AbortSignal) => http.get<Page<HistoryRow>>(`/api/report_list_history/${e}`, { query: { ...q }, signal });
export const useHistoryGrid = (e: number) =>
  useQuery({ queryKey: ['reporting', 'history-grid', e], queryFn: () => http.get<{ data: HistoryGrid }>(`/api/get_history_data_grid/${e}`).then((r) => r.data), enabled: e > 0 });

export interface Range {
  start: string;
  end: string;
  site_id?: number;
}
const clean = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== ''));

export const useVisitSummary = (e: number, r: Range) =>
  useQuery({
    queryKey: ['reporting', 'summary', e, r],
    queryFn: () => http.get<{ data: VisitSummary }>(`/api/visit_summary/${e}`, { query: clean(r) }).then((x) => x.data),
    enabled: e > 0 && !!r.start && !!r.end,
  });
export const useTimesheet = (e: number, r: Range & { page: number; limit: number; user_id?: number }) =>
  useQuery({ queryKey: ['reporting', 'timesheet', e, r], queryFn: () => http.get<Page<TimesheetRow>>(`/api/time_sheet/${e}`, { query: clean(r) }), enabled: e > 0 });
export const editTimesheet = (e: number, body: Record<string, unknown>) => http.post<{ message: string }>(`/api/time_sheet/${e}`, body);
export const useTimeReport = (e: number, r: Range & { page: number; limit: number }) =>
  useQuery({ queryKey: ['reporting', 'time', e, r], queryFn: () => http.get<Page<TimeReportRow>>(`/api/time_report/${e}`, { query: clean(r) }), enabled: e > 0 });
export const getNotOnSite = (e: number, q: GridQuery & { date?: string }, signal?: AbortSignal) =>
  http.get<Page<NotOnSiteRow> & { date: string }>('/api/get_users_not_on_site', { query: clean({ ...q, entity_id: e }), signal });
export const useTrace = (e: number, q: { user_id?: number; date: string; end_date?: string }) =>
  useQuery({ queryKey: ['reporting', 'trace', e, q], queryFn: () => http.get<Trace>(`/api/track_and_trace/${e}`, { query: clean(q) }), enabled: e > 0 && !!q.user_id });
export const searchPeople = (e: number, text: string) => http.get<Page<ReportPerson>>(`/api/users/entities/${e}`, { query: { filterBy: text, limit: 20 } }).then((r) => r.data);
export const getKioskLogs = (e: number, q: GridQuery, signal?: AbortSignal) => http.get<Page<KioskLogRow>>(`/api/kiosk_logs/${e}`, { query: { ...q }, signal });
export const getExports = (e: number, q: GridQuery, signal?: AbortSignal) => http.get<Page<ExportRow>>(`/api/export_list/${e}`, { query: { ...q }, signal });
export const rerunExport = (e: number, id: number) => http.post<{ message: string }>('/api/export_job', { entity_id: e, id });
export const downloadExport = (url: string) => http.blob(url);
export const getPrintJobs = (e: number, q: GridQuery, signal?: AbortSignal) => http.get<Page<PrintJob>>(`/api/print_queue_list/${e}`, { query: { ...q }, signal });
export const cancelPrint = (id: number) => http.put<{ message: string }>(`/api/cancel_print/${id}`, {});
export const reprint = (id: number) => http.put<{ message: string }>(`/api/reprint/${id}`, {});
export const requestExport = (e: number, report: ReportKey, format: ExportFormat, params: Record<string, unknown>) =>
  http.post<ExportAnswer>('/api/export', { entity_id: e, report, format, params });
