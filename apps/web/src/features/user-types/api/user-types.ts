import type { UserType, zLinkQr, zUniqueCheck, zUserTypeBody } from '@gatehouse/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';

export type UserTypeNode = UserType & { children?: UserTypeNode[] };
export type UserTypeBody = z.output<typeof zUserTypeBody>;

export const allUserTypesQuery = (entityId: number) =>
  queryOptions({ queryKey: ['user-types', 'all', entityId], queryFn: () => http.get<{ data: UserType[] }>(`/api/user_types/${entityId}`).then((r) => r.data) });
/** Every user type the caller may see (rule 96), with its people count. */
export const useAllUserTypes = (entityId: number | undefined) => useQuery({ ...allUserTypesQuery(entityId ?? 0), enabled: !!entityId });

/** The user-type tree: roots with their children (GET /api/user_type_parent_with_children/{entityId}). */
export const useUserTypeTree = (entityId: number) =>
  useQuery({
    queryKey: ['user-types', 'tree', entityId],
    enabled: !!entityId,
    queryFn: () => http.get<{ data: UserTypeNode[] }>(`/api/user_type_parent_with_children/${entityId}`).then((r) => r.data),
  });

export const useUserType = (id: number | null) =>
  useQuery({ queryKey: ['user-types', 'one', id], enabled: !!id, queryFn: () => http.get<{ data: UserType }>(`/api/user-type/${id}`, { notFound: 'throw', forbidden: 'throw' }).then((r) => r.data) });

/** Is a user-type name free (rule 189)? `id` leaves the type being edited out. */
export const checkUserTypeName = (name: string, id: number | undefined, signal?: AbortSignal) =>
  http.get<z.output<typeof zUniqueCheck>>('/api/usertypes/unique', { query: { name, id }, signal, notFound: 'throw' });

/** The type's pre-registration QR code (a PNG data URL) and the link it holds. */
export const getUserTypeQr = (id: number) => http.get<z.output<typeof zLinkQr>>(`/api/user-type-qr/${id}`, { forbidden: 'throw' }).then((r) => r.data);

function useInvalidate() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: ['user-types'] }), qc.invalidateQueries({ queryKey: ['users', 'grid-data'] })]);
}

/** Create (no id) or update a user type. */
export function useSaveUserType(id: number | null) {
  const changed = useInvalidate();
  return useMutation({
    mutationFn: (body: UserTypeBody) =>
      (id ? http.put<{ data: UserType }>(`/api/user-type/update/${id}`, body, { forbidden: 'throw' }) : http.post<{ data: UserType }>('/api/user-type', body)).then((r) => r.data),
    onSuccess: () => changed(),
  });
}

/** Moves a type under another parent (null: top level); the server refuses cycles. */
export function useMoveUserType() {
  const changed = useInvalidate();
  return useMutation({
    mutationFn: (m: { id: number; parent_id: number | null }) => http.put<{ data: UserType }>('/api/user-types/move', m, { forbidden: 'throw' }).then((r) => r.data),
    onSuccess: () => changed(),
  });
}

export function useDeleteUserType() {
  const changed = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`/api/user-types/${id}`, { forbidden: 'throw' }),
    onSuccess: () => changed(),
  });
}

/** The ids of a node and everything under it (a type cannot move under itself or its children). */
export function subtreeIds(node: UserTypeNode): number[] {
  return [node.id, ...(node.children ?? []).flatMap(subtreeIds)];
}

/** Everyone of a type and its descendants (the tree's total per branch). */
export function branchCount(node: UserTypeNode): number {
  return (node.users_count ?? 0) + (node.children ?? []).reduce((n, c) => n + branchCount(c), 0);
}

/** The tree flattened in order with each node's depth, for lists and indented selects. */
export function flatten(nodes: UserTypeNode[], depth = 0): { node: UserTypeNode; depth: number }[] {
  return nodes.flatMap((n) => [{ node: n, depth }, ...flatten(n.children ?? [], depth + 1)]);
}
