import { and, eq } from 'drizzle-orm';
import { integrations } from '../../../db/schema/index';
import { hashToken, newToken, sameHash } from '../../../platform/auth/tokens';
import type { Db } from '../../../platform/db/client';
import { openCredentials, sealCredentials } from '../secrets';

/**
 * The organisation's SCIM token: one per organisation, stored as an integration of type `scim` whose sealed
 * credentials hold only the token's hash. The token names its organisation (`scim_<entityId>_<secret>`), so the
 * call opens that organisation's tenant transaction at once and proves the token with its first statement.
 */
export const SCIM_PREFIX = 'scim_';
const aad = (entityId: number) => `scim:${entityId}`;

/** The token's organisation as it claims it, or null when it is not a SCIM token at all. */
export function claimedEntity(token: string): number | null {
  const m = /^scim_(\d{1,10})_[A-Za-z0-9_-]{40,60}$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The SCIM integration's id when `token` is its token (in the organisation's tenant transaction), else null. */
export async function proveToken(tx: Db, secretKey: string, entityId: number, token: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: integrations.id, credentials: integrations.credentials })
    .from(integrations)
    .where(and(eq(integrations.entityId, entityId), eq(integrations.type, 'scim' as never)))
    .limit(1);
  if (!row) return null;
  let stored: { token_hash?: string };
  try {
    stored = openCredentials<{ token_hash?: string }>(secretKey, row.credentials, aad(entityId));
  } catch {
    return null;
  }
  return stored.token_hash && sameHash(stored.token_hash, hashToken(token)) ? row.id : null;
}

/** Creates or rotates the organisation's SCIM token; the token itself is answered once and never stored. */
export async function issueToken(tx: Db, secretKey: string, entityId: number, userId: number): Promise<string> {
  const token = `${SCIM_PREFIX}${entityId}_${newToken(36).token}`;
  const credentials = sealCredentials(secretKey, { token_hash: hashToken(token) }, aad(entityId));
  const updated = await tx
    .update(integrations)
    .set({ credentials, status: 'active', tokenAt: new Date(), updatedAt: new Date() })
    .where(and(eq(integrations.entityId, entityId), eq(integrations.type, 'scim' as never)))
    .returning({ id: integrations.id });
  if (!updated.length) {
    await tx.insert(integrations).values({ entityId, name: 'scim:provisioning', type: 'scim' as never, status: 'active', credentials, tokenAt: new Date(), createdBy: userId });
  }
  return token;
}

/** Revokes the token. The SCIM integration row stays (it keeps the externalId links), with no usable token. */
export async function revokeToken(tx: Db, secretKey: string, entityId: number): Promise<boolean> {
  const rows = await tx
    .update(integrations)
    .set({ credentials: sealCredentials(secretKey, {}, aad(entityId)), status: 'inactive', updatedAt: new Date() })
    .where(and(eq(integrations.entityId, entityId), eq(integrations.type, 'scim' as never)))
    .returning({ id: integrations.id });
  return rows.length > 0;
}
