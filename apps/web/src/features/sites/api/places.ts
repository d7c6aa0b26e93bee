import type { Area, Device, Kiosk, KioskRequest, Site } from '@gatehouse/contract';
import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, http } from '../../../lib/http';

export type TreeArea = Area & { kiosks: Kiosk[]; doors: Device[]; children: TreeArea[] };
export type TreeSite = Site & { areas: TreeArea[] };

export const treeQuery = (entityId: number) =>
  queryOptions({ queryKey: ['sites', 'tree', entityId], queryFn: () => http.get<{ data: TreeSite[] }>(`/api/sites_and_areas/${entityId}`).then((r) => r.data) });
export const useTree = (entityId: number) => useQuery(treeQuery(entityId));

export const kioskQuery = (id: number) =>
  queryOptions({ queryKey: ['sites', 'kiosk', id], queryFn: () => http.get<{ data: Kiosk & { requests: KioskRequest[] } }>(`/api/kiosks/${id}`, { notFound: 'throw' }).then((r) => r.data) });

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
