import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { http } from '../../lib/http';
import { useSession } from '../../lib/session';

interface PreferenceRow {
  id: number;
  employee_id: number;
  entity_id: number;
  page_url: string;
  table_head: unknown;
  url: string | null;
}

/**
 * The visible column ids saved in `table_head`: the column configuration `{ id: shown }` of every column of the
 * page (what the grid saves), or a plain list of the visible ids (older saves, or a JSON string of either);
 * null = the page's defaults.
 */
export function parseTableHead(head: unknown): string[] | null {
  let v = head;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  if (v && typeof v === 'object') return Object.entries(v).filter(([, shown]) => shown === true || shown === 1).map(([id]) => id);
  return null;
}

/**
 * What the grid saves: every column of the page with whether it is shown. The server counts the columns of a
 * saved configuration against the page's (rule 128), so it must name them all, not only the visible ones.
 */
export const tableHeadOf = (columnIds: string[], visible: string[]) => Object.fromEntries(columnIds.map((id) => [id, visible.includes(id)]));

export const preferenceKey = (entityId: number | undefined, pageUrl: string) => ['adminPreference', entityId, pageUrl] as const;

/**
 * The column choice of one page, kept per user, organisation and page through GET/POST /api/adminPreference
 * (rules 127-128: the server creates the row when missing or when the column count changed).
 */
export function useColumnPreference(pageUrl: string, columnIds: string[], defaults: string[]) {
  const session = useSession();
  const entityId = session?.entity?.id;
  const qc = useQueryClient();
  const key = preferenceKey(entityId, pageUrl);
  const pref = useQuery({
    queryKey: [...key, columnIds.length],
    enabled: !!entityId,
    queryFn: () =>
      http
        .get<{ data: PreferenceRow }>(`/api/adminPreference/${entityId}`, { query: { page_url: pageUrl, columns: columnIds.length }, notFound: 'throw' })
        .then((r) => r.data),
  });
  const save = useMutation({
    mutationFn: (visible: string[]) =>
      http.post<{ data: PreferenceRow }>('/api/adminPreference', { entity_id: entityId, page_url: pageUrl, table_head: tableHeadOf(columnIds, visible), url: pref.data?.url ?? null }).then((r) => r.data),
    onSuccess: (row) => qc.setQueryData([...key, columnIds.length], row),
  });
  const visible = useMemo(() => {
    const saved = parseTableHead(pref.data?.table_head);
    const known = saved?.filter((id) => columnIds.includes(id));
    return known && known.length ? known : defaults;
  }, [pref.data, columnIds, defaults]);
  return { visible, loading: pref.isLoading, save: (ids: string[]) => save.mutate(ids), saving: save.isPending };
}
