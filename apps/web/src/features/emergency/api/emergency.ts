import type { z } from 'zod';
import type { EmergencyListResponse, EmergencyPerson, EmergencyReport, EmergencySession, ServerEventPayloads, zEmergencyDetail, zEmergencyMessageResponse, zPermissionCheck } from '@gatehouse/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { GridQuery } from '../../../components/DataGrid';
import { http } from '../../../lib/http';
import { connectRealtime } from '../../../lib/realtime';
import { getToken } from '../../../lib/session';

export type EmergencyDetail = z.output<typeof zEmergencyDetail>;

export const getSessionsPage = (entityId: number, q: GridQuery, signal: AbortSignal) => http.get<{ data: EmergencySession[]; count: number }>(`/api/emergencies/${entityId}`, { query: { ...q }, signal });
export const sessionQuery = (id: number) => queryOptions({ queryKey: ['emergency', 'session', id], queryFn: () => http.get<EmergencyDetail>(`/api/get_emergency/${id}`) });
export const reportQuery = (id: number) => queryOptions({ queryKey: ['emergency', 'report', id], queryFn: () => http.get<{ data: EmergencyReport }>(`/api/emergency_report/${id}`).then((r) => r.data) });
export const listQuery = (entityId: number) =>
  queryOptions({ queryKey: ['emergency', 'list', entityId], queryFn: () => http.get<EmergencyListResponse>(`/api/emergency_list/${entityId}`, { notFound: 'throw' }) });
export const endCheckQuery = (id: number) =>
  queryOptions({ queryKey: ['emergency', 'can-end', id], queryFn: () => http.get<z.output<typeof zPermissionCheck>>(`/api/check_have_premissions_to_end_session/${id}`).then((r) => r.data) });

export const startSession = (body: { site_ids: number[]; name?: string; drill?: boolean }) => http.post<{ message: string; data: { id: number; name: string } }>('/api/start_emergency', body, { quiet: true });
export const endSession = (id: number) => http.put<{ message: string }>(`/api/end_emergency/${id}`, undefined, { forbidden: 'throw', quiet: true });
export interface Mark {
  session_id: number;
  user_id: number;
  status: EmergencyPerson['status'];
  muster_point_id?: number | null;
  at: string;
  idempotency_key: string;
}
export const sendMark = ({ session_id, ...body }: Mark, opts: { quiet?: boolean } = {}) =>
  http.put<{ message: string; data: EmergencyPerson; replayed: 0 | 1 }>(`/api/action_emergency/${session_id}`, body, { quiet: opts.quiet });
export const messageUnaccounted = (id: number, body: { channels: ('mail' | 'sms')[]; note?: string }) =>
  http.post<z.output<typeof zEmergencyMessageResponse>>(`/api/emergency_message/${id}`, body);

/** Applies changed people to a list (the later status wins, as on the server). */
export function mergePeople(list: EmergencyPerson[], changed: EmergencyPerson[]) {
  const byKey = new Map(list.map((p) => [`${p.session_id}:${p.user_id}`, p]));
  for (const p of changed) byKey.set(`${p.session_id}:${p.user_id}`, p);
  return [...byKey.values()];
}

/**
 * Lays marks not yet sent (the phone's queue) over a list from the server or the live feed: a list that was asked
 * before a tap, or a change of someone else, never hides the warden's own waiting mark. A later status on the
 * server (another warden's, after the tap) is kept, as the server keeps the later mark.
 */
export function withWaitingMarks(list: EmergencyPerson[], waiting: Mark[]) {
  if (!waiting.length) return list;
  const latest = new Map<string, Mark>();
  for (const m of waiting) latest.set(`${m.session_id}:${m.user_id}`, m);
  return list.map((p) => {
    const m = latest.get(`${p.session_id}:${p.user_id}`);
    return m && (!p.status_at || p.status_at < m.at) ? { ...p, status: m.status, status_at: m.at } : p;
  });
}

/**
 * Keeps emergency pages live: changed people are merged into the cached session and list
 * (updateEmergencySessionData), a session started or ended reloads the lists.
 */
export function useEmergencyLive(entityId: number | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    const token = getToken();
    if (!token || !entityId) return;
    return connectRealtime(token, entityId, {
      updateEmergencySessionData: (p: ServerEventPayloads['updateEmergencySessionData']) => {
        const people: EmergencyPerson[] = p.action === 'people' ? p.people : [];
        if (people.length) {
          qc.setQueryData<EmergencyDetail>(['emergency', 'session', p.sessionId], (old) => (old ? { ...old, data: { ...old.data, people: mergePeople(old.data.people, people) } } : old));
          qc.setQueryData<EmergencyListResponse>(['emergency', 'list', entityId], (old) => (old && old.sessions.some((s) => s.id === p.sessionId) ? { ...old, data: mergePeople(old.data, people) } : old));
          void qc.invalidateQueries({ queryKey: ['emergency', 'can-end', p.sessionId] });
        } else {
          void qc.invalidateQueries({ queryKey: ['emergency'] });
        }
      },
    });
  }, [entityId, qc]);
}

/** Counts of a list of people as the session shows them. */
export function countPeople(people: EmergencyPerson[]) {
  const c = { total: people.length, on_site: 0, left: 0, unaccounted: 0, safe: 0, needs_help: 0, not_on_site: 0 };
  for (const p of people) {
    if (p.presence === 'left') c.left++;
    else c.on_site++;
    if (p.presence === 'on_site' && p.status === 'unaccounted') c.unaccounted++;
    if (p.status !== 'unaccounted') c[p.status]++;
  }
  return c;
}
