import type { UserBody, zUserRow } from '@gatehouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';

export type UserRow = z.infer<typeof zUserRow>;
export interface MassResult {
  message: string;
  data: { done: number[]; skipped: { id: number; reason: string }[] };
}

/** The mass actions: archive / reactivate (rule 173), move user type, apply labels; people outside access are skipped (rule 100). */
export function useMassAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { kind: 'status'; users: number[]; status: 'active' | 'archived' } | { kind: 'move'; users: number[]; user_type_id: number } | { kind: 'labels'; users: number[]; labels: string[] }) => {
      if (a.kind === 'status') return http.put<MassResult>('/api/users_active', { users: a.users, status: a.status });
      if (a.kind === 'move') return http.put<MassResult>('/api/users_usertype', { users: a.users, user_type_id: a.user_type_id });
      return http.post<MassResult>('/api/mass_action_apply_labels', { users: a.users, labels: a.labels });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UserBody) => http.post<{ message: string; data: UserRow }>('/api/users', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }),
  });
}
