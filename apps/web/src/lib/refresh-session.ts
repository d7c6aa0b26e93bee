import type { EntitySummary, UserDetails, zUserRole } from '@gatehouse/contract';
import { http } from './http';
import { getSession, patchSession } from './session';
import type { z } from 'zod';

/** Reloads the user, role, permissions and entity into the stored session (after a role or package change). */
export async function refreshSession() {
  const s = getSession();
  if (!s) return;
  const [user, role, entity] = await Promise.all([
    http.get<{ data: UserDetails }>('/api/user_details'),
    http.get<z.output<typeof zUserRole>>('/api/user-role'),
    s.entity ? http.get<{ data: EntitySummary }>(`/api/get-entity/${s.entity.id}`, { notFound: 'throw' }) : Promise.resolve(null),
  ]);
  if (!user.data) return;
  patchSession({
    user: user.data,
    role: role.data ? { id: role.data.id, name: role.data.name } : null,
    permissions: role.data?.permissions ?? {},
    ...(entity ? { entity: entity.data } : {}),
  });
}
