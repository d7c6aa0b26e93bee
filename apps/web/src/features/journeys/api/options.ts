import { type Compliance, type PermissionKey, type RegistrationMethod, isAllowed, planAllowsCustomFields } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import type { Option } from './journeys';

/**
 * The choices the journey and flow forms offer, each read from its own area. A list is asked for only when the
 * caller's role may read it (a 403 would leave the page); otherwise the field says the list is not available.
 */
function useOptions<T>(key: string, url: string, keys: PermissionKey[], map: (row: T) => Option & Record<string, unknown>, extra = true) {
  const session = useSession();
  const entityId = session?.entity?.id ?? 0;
  const allowed = keys.some((k) => isAllowed(session?.permissions, k)) && extra;
  const query = useQuery({
    queryKey: ['journeys', 'options', key, entityId],
    queryFn: () => http.get<{ data: T[] }>(url.replace('{entityId}', String(entityId)), { query: { limit: 500 }, notFound: 'throw' }).then((r) => r.data.map(map)),
    enabled: !!entityId && allowed,
    staleTime: 30_000,
  });
  return { ...query, allowed };
}

/** Sites the admin administers (rule 97): only these can be given to a journey. */
export const useSiteOptions = () => useOptions<Option>('sites', '/api/sites_list/{entityId}', ['sites_devices'], (s) => ({ id: s.id, name: s.name }));

export const useUserTypeOptions = () =>
  useOptions<Option & { registration_method: RegistrationMethod }>('user-types', '/api/user-types/{entityId}', ['user types', 'users'], (u) => ({ id: u.id, name: u.name, registration_method: u.registration_method }));

export const useAttendanceModeOptions = () => useOptions<Option>('attendance-modes', '/api/attendance_mode/{entityId}', ['attendance modes'], (m) => ({ id: m.id, name: m.name }));

export const useComplianceOptions = () =>
  useOptions<Compliance>('compliances', '/api/compliances/{entityId}', ['compliances', 'journeys'], (c) => ({ id: c.id, name: c.name, version: c.version }));

/** Custom-field sections a flow can ask (rule 12: only on the professional and enterprise plans). */
export function useSectionOptions() {
  const session = useSession();
  return useOptions<{ id: number; value: string }>('sections', '/api/section/with_custom_field', ['custom fields', 'users'], (s) => ({ id: s.id, name: s.value }), planAllowsCustomFields(session?.plan));
}
