import type { EntitySummary, PermissionMap, Session, UserDetails } from '@gatehouse/contract';
import { useSyncExternalStore } from 'react';
import { KEEP_ON_LOGOUT, SESSION_KEY } from './storage-keys';

/** The stored session (rule 78): token, user, entity, role, permissions and plan, as login answers it. */
export type StoredSession = Session;

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: StoredSession | null } = { raw: null, value: null };

function read(): StoredSession | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
  if (raw === cached.raw) return cached.value;
  let value: StoredSession | null = null;
  try {
    value = raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

const notify = () => listeners.forEach((l) => l());

export const getSession = (): StoredSession | null => read();
export const getToken = (): string | null => read()?.token ?? null;

/** Stores the session after login (rule 76). */
export function setSession(session: StoredSession) {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  notify();
}

/** Merges a fresher piece of the session (user details, entity, permissions) into the stored one. */
export function patchSession(patch: Partial<{ user: UserDetails; entity: EntitySummary | null; permissions: PermissionMap; role: Session['role']; plan: number | null }>) {
  const current = read();
  if (!current) return;
  setSession({ ...current, ...patch, plan: patch.entity !== undefined ? (patch.entity?.plan ?? null) : (patch.plan ?? current.plan) });
}

/** Logout and 401: clears local storage except the sidebar preference and the language (rule 77). */
export function clearSession() {
  const keep = KEEP_ON_LOGOUT.map((k) => [k, localStorage.getItem(k)] as const);
  localStorage.clear();
  for (const [k, v] of keep) if (v !== null) localStorage.setItem(k, v);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === SESSION_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored session as React state; re-renders when it changes (also in another tab). */
export const useSession = (): StoredSession | null => useSyncExternalStore(subscribe, read, () => null);
