import type { Announcement, AnnouncementBody, AnnouncementStatus, AnnouncementView, ServerEventPayloads } from '@gatehouse/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { GridQuery } from '../../../components/DataGrid';
import { http } from '../../../lib/http';
import { connectRealtime } from '../../../lib/realtime';
import { getToken } from '../../../lib/session';

/** Announcements (rules 262-265): the grid's tabs, one announcement, save and delete, the member's active ones. */
export const getAnnouncementsPage = (entityId: number, status: AnnouncementStatus, q: GridQuery, signal: AbortSignal) =>
  http.get<{ data: Announcement[]; count: number }>(`/api/announcements/${entityId}`, { query: { ...q, status }, signal });

export const announcementQuery = (id: number) =>
  queryOptions({ queryKey: ['announcements', 'one', id], queryFn: () => http.get<{ data: Announcement }>(`/api/announcement/${id}`, { notFound: 'throw' }).then((r) => r.data) });
export const useAnnouncement = (id: number | null) => useQuery({ ...announcementQuery(id ?? 0), enabled: !!id });

export const myAnnouncementsQuery = (entityId: number) =>
  queryOptions({ queryKey: ['announcements', 'mine', entityId], queryFn: () => http.get<{ data: AnnouncementView[] }>('/api/my_announcements', { quiet: true, notFound: 'throw', forbidden: 'throw' }).then((r) => r.data) });

/** Creates (id null) or edits an announcement; the lists refresh after it. */
export function useSaveAnnouncement(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementBody) =>
      id
        ? http.put<{ message: string; data: Announcement }>(`/api/announcement/${id}`, body, { quiet: true })
        : http.post<{ message: string; data: Announcement }>('/api/announcement', body, { quiet: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['announcements'] }),
  });
}

export function useDeleteAnnouncement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`/api/announcement/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['announcements'] }),
  });
}

/** Refreshes announcement lists when one is created, edited, deleted, goes live or expires (`update` type announcement). */
export function useAnnouncementsLive(entityId: number | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    const token = getToken();
    if (!token || !entityId) return;
    return connectRealtime(token, entityId, {
      update: (p: ServerEventPayloads['update']) => {
        if (p.type === 'announcement') void qc.invalidateQueries({ queryKey: ['announcements'] });
      },
    });
  }, [qc, entityId]);
}
