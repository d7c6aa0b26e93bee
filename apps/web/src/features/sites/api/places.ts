import type { Area, AreaOptions, Device, Kiosk, Site, zKioskAppVersions, zKioskDetail, zKioskRoom, zMusterPoints, zMusterPointsBody, zMusterPointsSaved, zSignedInCount, zSiteShort } from '@gatehouse/contract';
import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { GridQuery } from '../../../components/DataGrid';
import { HttpError, http } from '../../../lib/http';
import { connectRealtime } from '../../../lib/realtime';
import { getToken } from '../../../lib/session';
import type { z } from 'zod';

export type TreeArea = Area & { kiosks: Kiosk[]; doors: Device[]; children: TreeArea[] };
export type TreeSite = Site & { areas: TreeArea[] };

export const treeQuery = (entityId: number) =>
  queryOptions({ queryKey: ['sites', 'tree', entityId], queryFn: () => http.get<{ data: TreeSite[] }>(`/api/sites_and_areas/${entityId}`).then((r) => r.data) });
export const useTree = (entityId: number) => useQuery(treeQuery(entityId));
/** A site's assembly (muster) points (issue 17 part 2). */
export const musterPointsQuery = (siteId: number) =>
  queryOptions({ queryKey: ['sites', 'muster', siteId], queryFn: () => http.get<z.output<typeof zMusterPoints>>(`/api/muster_points/${siteId}`, { notFound: 'throw' }).then((r) => r.data) });
export const saveMusterPoints = (siteId: number, body: z.output<typeof zMusterPointsBody>) =>
  http.put<z.output<typeof zMusterPointsSaved>>(`/api/muster_points/${siteId}`, body, { quiet: true });
/** The sites the caller reaches, for pickers (id, name, time zone): any page that targets sites, not only sites and devices. */
export const siteOptionsQuery = (entityId: number) =>
  queryOptions({ queryKey: ['sites', 'options', entityId], queryFn: () => http.get<{ data: z.output<typeof zSiteShort>[] }>(`/api/sites/normal/${entityId}`).then((r) => r.data) });

export const kioskQuery = (id: number) =>
  queryOptions({ queryKey: ['sites', 'kiosk', id], queryFn: () => http.get<z.output<typeof zKioskDetail>>(`/api/kiosks/${id}`, { notFound: 'throw' }).then((r) => r.data) });

/** One page of sites (sites_list: paging, filters, ordering). */
export const getSitesPage = (entityId: number, q: GridQuery, signal: AbortSignal) => http.get<{ data: Site[]; count: number }>(`/api/sites_list/${entityId}`, { query: { ...q }, signal });

/** The area form's choices: journeys, entry conditions and document types. */
export const areaOptionsQuery = (entityId: number) =>
  queryOptions({ queryKey: ['sites', 'area-options', entityId], queryFn: () => http.get<{ data: AreaOptions }>(`/api/area_options/${entityId}`).then((r) => r.data), staleTime: 60_000 });

export type SignedInCount = z.output<typeof zSignedInCount>;
export const signedInQuery = (areaId: number) =>
  queryOptions({ queryKey: ['sites', 'signed-in', areaId], queryFn: () => http.get<{ data: SignedInCount }>(`/api/get_count_users_singned_in/${areaId}`).then((r) => r.data) });

export const onlineKiosksQuery = () => queryOptions({ queryKey: ['sites', 'online'], queryFn: () => http.get<{ data: Kiosk[]; count: number }>('/api/kiosks/online') });
export const appVersionsQuery = () =>
  queryOptions({ queryKey: ['sites', 'app-versions'], queryFn: () => http.get<z.output<typeof zKioskAppVersions>>('/api/kiosks/app-versions').then((r) => r.data) });

export type RoomData = z.output<typeof zKioskRoom>['data'];
export const roomDataQuery = (kioskId: number) =>
  queryOptions({ queryKey: ['sites', 'room', kioskId], queryFn: () => http.get<z.output<typeof zKioskRoom>>(`/api/kiosks/room-data/${kioskId}`, { notFound: 'throw' }).then((r) => r.data) });

/** Keeps the page live: any change to sites, areas, doors, kiosks (online, offline) or requests reloads what shows it. */
export function usePlacesLive(entityId: number) {
  const qc = useQueryClient();
  useEffect(() => {
    const token = getToken();
    if (!token || !entityId) return;
    return connectRealtime(token, entityId, {
      update: (p) => {
        if (p.type === 'kiosk_request') void qc.invalidateQueries({ queryKey: kioskQuery(Number(p.kiosk_id)).queryKey });
        else if (['site', 'area', 'device', 'kiosk'].includes(String(p.type))) void qc.invalidateQueries({ queryKey: ['sites'] });
      },
    });
  }, [entityId, qc]);
}

type Call = { method: 'post' | 'put' | 'delete'; url: string; body?: unknown };

/** Any change on the page: the server's success message (rules 238, 246) as a toast, then the tree reloads. */
export function usePlacesChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: Call) =>
      c.method === 'delete' ? http.delete<{ message: string }>(c.url, { body: c.body }) : http[c.method]<{ message: string; data?: unknown }>(c.url, c.body),
    onSuccess: (res) => {
      if (res?.message) notifications.show({ color: 'green', message: res.message });
      void qc.invalidateQueries({ queryKey: ['sites'] });
    },
  });
}

/** Field messages of a 400/409 answer, one string per field (rule 115: joined by line breaks). */
export function fieldMessages(e: unknown): { fields: Record<string, string>; form: string | null } {
  if (!(e instanceof HttpError)) return { fields: {}, form: String(e) };
  const fields = Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [k, v.join('\n')]));
  return { fields, form: Object.keys(fields).length ? null : e.message };
}

/** Every area of the tree, flat, with its site and depth (for pickers). */
export function flatAreas(sites: TreeSite[]) {
  const out: { area: TreeArea; site: TreeSite; depth: number }[] = [];
  const walk = (site: TreeSite, list: TreeArea[], depth: number) => {
    for (const a of list) {
      out.push({ area: a, site, depth });
      walk(site, a.children, depth + 1);
    }
  };
  for (const s of sites) walk(s, s.areas, 0);
  return out;
}

/** The ids of an area and its sub-areas (a move may not go inside them). */
export const subtreeIds = (a: TreeArea): number[] => [a.id, ...a.children.flatMap(subtreeIds)];
