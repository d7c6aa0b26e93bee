import type { zMassResult, zNamed, zPassportPreview, zPassportRow, zUserFull, zUserRow, zUserSaved, zUsersGridData } from '@gatehouse/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http, HttpError } from '../../../lib/http';
import { tMessage } from '../../../lib/i18n';

export type UserRow = z.infer<typeof zUserRow>;
export type UserFull = z.infer<typeof zUserFull>;
export type MassResult = z.infer<typeof zMassResult>;
export type Named = z.output<typeof zNamed>;
/** What the grid's filters and the user form choose from (GET /api/data_users_grid/{entityId}). */
export type GridData = z.output<typeof zUsersGridData>;

export const gridDataQuery = (entityId: number) =>
  queryOptions({ queryKey: ['users', 'grid-data', entityId], queryFn: () => http.get<{ data: GridData }>(`/api/data_users_grid/${entityId}`).then((r) => r.data) });
export const useGridData = (entityId: number) => useQuery({ ...gridDataQuery(entityId), enabled: !!entityId });

export const userQuery = (id: number) => queryOptions({ queryKey: ['users', 'one', id], queryFn: () => http.get<{ data: UserFull }>(`/api/user/${id}`, { notFound: 'throw', forbidden: 'throw' }).then((r) => r.data) });
export const useUser = (id: number | null) => useQuery({ ...userQuery(id ?? 0), enabled: !!id });

/** Invalidate everything the people pages show after a change (grid, counts, one person). */
export function useUsersChanged() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['users'] });
}

/**
 * Create (no id) or update a person. With a photo the form goes as multipart (the server decodes it, rule 174);
 * otherwise as JSON. A refusal (403, rule 100) is the form's to show, not an /error page.
 */
export function useSaveUser(id: number | null) {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: (body: BodyInit | Record<string, unknown>) =>
      http.post<z.output<typeof zUserSaved>>(id ? `/api/users/update/${id}` : '/api/users', body, { forbidden: 'throw' }),
    onSuccess: () => changed(),
  });
}

export type MassAction =
  | { kind: 'status'; users: number[]; status: 'active' | 'archived' }
  | { kind: 'move'; users: number[]; user_type_id: number }
  | { kind: 'labels'; users: number[]; labels: string[] }
  | { kind: 'invite'; users: number[]; role_id?: number }
  | { kind: 'revoke'; users: number[] };

const throwing = { forbidden: 'throw' } as const;

/** One mass-action call: the server answers what was done and who was skipped and why (rule 100). */
export function runMassAction(a: MassAction): Promise<MassResult> {
  switch (a.kind) {
    case 'status':
      return http.put<MassResult>('/api/users_active', { users: a.users, status: a.status }, throwing);
    case 'move':
      return http.put<MassResult>('/api/users_usertype', { users: a.users, user_type_id: a.user_type_id }, throwing);
    case 'labels':
      return http.post<MassResult>('/api/mass_action_apply_labels', { users: a.users, labels: a.labels }, throwing);
    case 'invite':
      return http.post<MassResult>('/api/mass-action-apply-invite-users', { users: a.users, ...(a.role_id ? { role_id: a.role_id } : {}) }, throwing);
    case 'revoke':
      return http.post<MassResult>('/api/mass-action-apply-revoke-users', { users: a.users }, throwing);
  }
}

/**
 * Deletes people one by one through DELETE /api/users/{id} (the documented call), a few at a time; each refusal
 * (oneself, outside access, a console user for a non-administrator) is reported with the server's reason.
 */
export async function deleteUsers(ids: number[], onProgress?: (done: number) => void, parallel = 4): Promise<MassResult> {
  const done: number[] = [];
  const skipped: MassResult['data']['skipped'] = [];
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++];
      try {
        await http.delete(`/api/users/${id}`, { forbidden: 'throw', notFound: 'throw' });
        done.push(id);
      } catch (e) {
        if (!(e instanceof HttpError) || e.status === 401) throw e;
        skipped.push({ id, reason: e.message });
      }
      onProgress?.(done.length + skipped.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, ids.length) }, worker));
  return { message: tMessage('people.deleted'), data: { done, skipped } };
}

export function useMassAction() {
  const changed = useUsersChanged();
  return useMutation({ mutationFn: runMassAction, onSuccess: () => changed() });
}

/** The chosen people with their passport state before inviting or revoking (rule 178). */
export type PassportRow = z.output<typeof zPassportRow>;
export const usePassportPreview = (ids: number[], enabled: boolean) =>
  useQuery({
    queryKey: ['users', 'passport-preview', ids],
    enabled: enabled && ids.length > 0,
    queryFn: () => http.get<z.output<typeof zPassportPreview>>('/api/mass-action-invite-users', { query: { users: ids.join(',') }, forbidden: 'throw' }).then((r) => r.data),
  });

export function useUserAction() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: (a: { kind: 'face_id' | 'quick_pass'; user_id: number }) =>
      http.post<{ message: string }>(a.kind === 'face_id' ? '/api/generate_faceId' : '/api/send_quick_pass_intructions', { user_id: a.user_id }, throwing),
    onSuccess: () => changed(),
  });
}
