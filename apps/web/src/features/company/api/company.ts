import type { Entity, zClientTokenSaved, zNamed, zRoleChoices, zSubdomainCheck } from '@gatehouse/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { patchSession } from '../../../lib/session';
import type { z } from 'zod';

export const getEntity = (id: number) => http.get<{ data: Entity }>(`/api/get-entity/${id}`).then((r) => r.data);
export const entityQuery = (id: number) => queryOptions({ queryKey: ['entity', id], queryFn: () => getEntity(id) });
export const useEntity = (id: number | undefined) => useQuery({ ...entityQuery(id ?? 0), enabled: !!id });

export const checkSubdomain = (subdomain: string, signal?: AbortSignal) =>
  http.get<z.output<typeof zSubdomainCheck>>('/api/check_subdomain', { query: { subdomain }, notFound: 'throw', signal });

/** A role as the two-step card lists it (the roles call also answers each role's key). */
export type Role = z.output<typeof zNamed>;
/** The organisation's roles (GET /api/roles/{entityId}, area users), for the two-step roles (otp_roles). */
export const rolesQuery = (entityId: number) =>
  queryOptions({
    queryKey: ['roles', entityId],
    queryFn: () => http.get<z.output<typeof zRoleChoices>>(`/api/roles/${entityId}`, { notFound: 'throw' }).then((r) => r.data),
    retry: false,
  });

export type EntityUpdate = Partial<{ name: string; subdomain: string; otp_roles: number[]; package: 'Cloud' | 'Standalone'; subscription: 'cloud' | 'standalone'; plan: number }>;

/** Stores the fresh entity in the query cache and in the session (top bar logo, menu name, package rules). */
function useEntitySaved(id: number) {
  const qc = useQueryClient();
  return (entity: Entity) => {
    qc.setQueryData(entityQuery(id).queryKey, entity);
    patchSession({ entity: { id: entity.id, name: entity.name, subdomain: entity.subdomain, logo: entity.logo, package: entity.package, plan: entity.plan, subscription: entity.subscription, owner_id: entity.owner_id, otp_roles: entity.otp_roles } });
  };
}

export function useUpdateEntity(id: number) {
  const saved = useEntitySaved(id);
  return useMutation({
    mutationFn: (body: EntityUpdate) => http.post<{ data: Entity }>(`/api/entity/${id}`, body).then((r) => r.data),
    onSuccess: saved,
  });
}

/** Logo upload: multipart POST /api/entity/{id} with the file in `logo` (rule 294 is checked by the server). */
export function useUploadLogo(id: number) {
  const saved = useEntitySaved(id);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('logo', file);
      return http.post<{ data: Entity }>(`/api/entity/${id}`, form).then((r) => r.data);
    },
    onSuccess: saved,
  });
}

export function useRemoveLogo(id: number) {
  const saved = useEntitySaved(id);
  return useMutation({ mutationFn: () => http.post<{ data: Entity }>(`/api/entity/${id}`, { remove_logo: true }).then((r) => r.data), onSuccess: saved });
}

export function useClientToken(id: number) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: entityQuery(id).queryKey });
  const generate = useMutation({ mutationFn: () => http.post<z.output<typeof zClientTokenSaved>>('/api/client_token', { entity_id: id }), onSuccess: refresh });
  const remove = useMutation({ mutationFn: () => http.delete<{ message: string }>('/api/client_token', { query: { entity_id: id } }), onSuccess: refresh });
  return { generate, remove };
}
