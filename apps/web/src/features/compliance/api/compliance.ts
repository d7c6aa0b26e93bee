import type { Compliance } from '@gatehouse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const useCompliance = (id: number | null) =>
  useQuery({ queryKey: ['compliance', 'one', id], queryFn: () => http.get<{ data: Compliance }>(`/api/compliance/${id}`).then((r) => r.data), enabled: !!id });

export function useSaveCompliance(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => (id ? http.put<{ message: string; data: Compliance }>(`/api/compliance/${id}`, body) : http.post<{ message: string; data: Compliance }>('/api/compliance', body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['compliance'] }),
  });
}

export function useDeleteCompliance() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`/api/compliance/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['compliance'] }),
  });
}

export interface OnlineCompliance {
  is_expired: 0 | 1;
  reason: string | null;
  message: string | null;
  user: { first_name: string; last_name: string };
  entity: { name: string; logo: string | null };
  compliances: { id: number; name: string; version: number; questions: { id: string; question: string }[]; agreement_text: string; statement: string; protocols: string[] }[];
}

export const useOnlineCompliance = (code: string | undefined) =>
  useQuery({
    queryKey: ['online-compliance', code],
    queryFn: () => http.get<{ data: OnlineCompliance }>('/api/get_online_compliance_user', { query: { visitCode: code }, notFound: 'throw' }).then((r) => r.data),
    enabled: !!code && code.length >= 20,
    retry: false,
  });

export const sendOnlineAnswers = (body: unknown) =>
  http.post<{ message: string; data: { status: 'success' | 'failed'; isWrong: 0 | 1; reason: string | null } }>('/api/create_online_compliance_user', body);
