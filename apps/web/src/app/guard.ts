import { isStandalone } from '@gatehouse/contract';
import { pageAllowed } from '../lib/permissions';
import type { StoredSession } from '../lib/session';
import type { AppRoute } from '../lib/route-types';

/** Path prefixes that never need a stored user (rule 15). */
export const PUBLIC_PREFIXES = ['pre-registration', 'online-compliance', 'c', 'e', 'rfid', 'link-expired', 'login'];

export function isPublicPath(pathname: string): boolean {
  const first = pathname.replace(/^\/+/, '').split('/')[0];
  return PUBLIC_PREFIXES.includes(first);
}

export type GuardDecision = { allow: true } | { allow: false; to: string };

export interface GuardInput {
  route: Pick<AppRoute, 'path' | 'public' | 'permission' | 'packageRule'> | null;
  pathname: string;
  search: string;
  session: StoredSession | null;
  /** Where a blocked page sends the user ("the origin root", rule 91). */
  home: string;
  /** Whether a /sites page exists yet (Standalone goes there, rule 92). */
  sitesPath: string | null;
}

/** The route guard (rules 15, 91, 92). */
export function decide({ route, pathname, search, session, home, sitesPath }: GuardInput): GuardDecision {
  if (route?.public || isPublicPath(pathname)) return { allow: true };
  if (!session) {
    const next = pathname + search;
    return { allow: false, to: next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}` };
  }
  if (!route) return { allow: false, to: '/404' };
  // An account that belongs to no organisation yet has only its passport page (create or join one there).
  if (!session.entity && route.permission) return { allow: false, to: pathname === '/passport' ? '/error' : '/passport' };
  const support = session.user.is_support === 1;
  if (isStandalone(session.entity?.package) && route.packageRule !== 'any') {
    if (route.packageRule === 'support' && support) return { allow: true };
    const to = sitesPath ?? '/error';
    return to === pathname ? { allow: true } : { allow: false, to };
  }
  if (!pageAllowed(session.permissions, route.permission)) {
    return { allow: false, to: home === pathname ? '/error' : home };
  }
  return { allow: true };
}
