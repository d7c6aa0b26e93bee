import { createHash } from 'node:crypto';
import type { MemberActor } from '../../platform/auth/actor';
import { conflict } from '../../platform/errors';
import type { PriorScan } from './load-sign-in';

/** The request's own fields that say nothing of what it asks: the key itself, and the kiosk's "kept offline" mark. */
const NOT_CONTENT = new Set(['idempotency_key', 'offline']);

/** JSON with keys in order, so that the same content always reads the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([k, v]) => v !== undefined && !NOT_CONTENT.has(k))
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * What an idempotency key is bound to (issue 16 part 6): the caller (a kiosk, or the member acting) and the
 * request's content as sent (the identifier read or the person named, the action, the checks, the time). A kiosk
 * replaying a sign-in it kept offline sends the same content marked `offline`: the mark is not content.
 */
export const requestHash = (caller: string, content: object) => createHash('sha256').update(`${caller}\n${canonical(content)}`).digest('hex');

/** The caller a key is bound to: the member acting, else the kiosk (a kiosk acts as nobody: kiosk-app/device-kiosk.ts). */
export const callerOf = (actor: MemberActor, kioskId: number | null | undefined) => (actor.userId ? `member:${actor.userId}` : `kiosk:${kioskId ?? 0}`);

/**
 * A scan already recorded with the key answers again only for the same caller and content; a reuse for anything
 * else signs nobody in and answers 409. A scan recorded before keys were bound (no hash) answers its own person.
 */
export function assertSameRequest(prior: PriorScan, hash: string, personId: number | null | undefined) {
  const same = prior.requestHash ? prior.requestHash === hash : prior.userId === personId;
  if (!same) throw conflict('signin.idempotency_key_reused', { idempotency_key: ['signin.idempotency_key_reused'] });
}
