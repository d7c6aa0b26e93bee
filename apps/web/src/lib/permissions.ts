import type { PermissionMap } from '@gatehouse/contract';

/** Rule 91: allowed when the feature permission is 1 or not defined at all, blocked when 0. */
export function pageAllowed(map: PermissionMap | undefined, key: string | null): boolean {
  if (!key) return true;
  const entry = map?.[key];
  return entry === undefined || entry.pivot.allowed === 1;
}
