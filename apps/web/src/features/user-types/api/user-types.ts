import type { UserType, zUserTypeBody } from '@gatehouse/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';

export const allUserTypesQuery = (entityId: number) =>
  queryOptions({ queryKey: ['user-types', 'all', entityId], queryFn: () => http.get<{ data: UserType[] }>(`/api/user_types/${entityId}`).then((r) => r.data) });
export const useAllUserTypes = (entityId: number | undefined) => useQuery({ ...allUserTypesQuery(entityId ?? 0), enabled: !!entityId });

export function useCreateUserType() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof zUserTypeBody>) => http.post<{ data: UserType }>('/api/user-type', body).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['user-types'] }),
  });
}

export function useDeleteUserType() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`/api/user-types/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['user-types'] }),
  });
}
