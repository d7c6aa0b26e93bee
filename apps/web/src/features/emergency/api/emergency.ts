import type { z } from 'zod';
import type { EmergencyListResponse, EmergencyPerson, EmergencyReport, EmergencySession, ServerEventPayloads, zEmergencyDetail, zEmergencyMessageResponse, zPermissionCheck } from '@gatehouse/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
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

/** The key of a person in a session (a list row). */
export const personKey = (p: { session_id: number; user_id: number }) => `${p.session_id}:${p.user_id}`;

/** Applies changed people to a list (the later status wins, as on the server). */
export function mergePeople(list: EmergencyPerson[], changed: EmergencyPerson[]) {
  // One pass over the list, the other rows kept as they are (same objects: their rows are not drawn again).
  const byKey = new Map(changed.map((p) => [personKey(p), p]));
  const merged = list.map((p) => {
    const next = byKey.get(personKey(p));
    if (!next) return p;
    byKey.delete(personKey(p));
    return next;
  });
  return byKey.size ? [...merged, ...byKey.values()] : merged;
}

/**
 * Keeps emergency pages live: changed people are merged into the cached session and list
 * (updateEmergencySessionData), a session started or ended reloads the lists. `adjust` lets the wardens' list
 * lay its own marks not yet confirmed over the people an event names (the later mark wins on the phone too).
 */
export function useEmergencyLive(entityId: number | undefined, adjust?: (people: EmergencyPerson[]) => EmergencyPerson[]) {
  const qc = useQueryClient();
  const adjustRef = useRef(adjust);
  adjustRef.current = adjust;
  useEffect(() => {
    const token = getToken();
    if (!token || !entityId) return;
    return connectRealtime(token, entityId, {
      updateEmergencySessionData: (p: ServerEventPayloads['updateEmergencySessionData']) => {
        const people: EmergencyPerson[] = p.action === 'people' ? p.people : [];
        if (people.length) {
          qc.setQueryData<EmergencyDetail>(['emergency', 'session', p.sessionId], (old) => (old ? { ...old, data: { ...old.data, people: mergePeople(old.data.people, people) } } : old));
          const listed = adjustRef.current?.(people) ?? people;
          qc.setQueryData<EmergencyListResponse>(['emergency', 'list', entityId], (old) => (old && old.sessions.some((s) => s.id === p.sessionId) ? { ...old, data: mergePeople(old.data, listed) } : old));
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
