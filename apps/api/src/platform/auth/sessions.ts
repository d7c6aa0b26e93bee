import { and, eq, ne } from 'drizzle-orm';
import { accounts, sessions } from '../../db/schema/index';
import type { Db } from '../db/client';
import { API_TOKEN_HOURS, inDays, newToken, SESSION_DAYS } from './tokens';

export async function issueSession(db: Db, accountId: number, entityId: number | null, kind: 'console' | 'passport' | 'api' = 'console') {
  const { token, hash } = newToken();
  const expiresAt = kind === 'api' ? new Date(Date.now() + API_TOKEN_HOURS * 3_600_000) : inDays(SESSION_DAYS);
  await db.insert(sessions).values({ tokenHash: hash, accountId, entityId, kind, expiresAt });
  return { token, expiresAt };
}

export const revokeSession = (db: Db, sessionId: number) => db.delete(sessions).where(eq(sessions.id, sessionId));

/** Logs the account out everywhere (password change, two-step enabled: rule 85), optionally keeping one session. */
export const revokeAllSessions = (db: Db, accountId: number, keepSessionId?: number) =>
  db.delete(sessions).where(keepSessionId ? and(eq(sessions.accountId, accountId), ne(sessions.id, keepSessionId)) : eq(sessions.accountId, accountId));

export const switchSessionEntity = (db: Db, sessionId: number, entityId: number) =>
  db.update(sessions).set({ entityId }).where(eq(sessions.id, sessionId));

/**
 * Ends every way the account is signed in (issue 16 part 2): every session, passport token and API access token,
 * and its API client credentials (a new secret must be asked for with the password, and the code when two-step is
 * on). Used when the password is reset, two-step is turned on and the passport is deactivated.
 */
export async function revokeAllAccess(db: Db, accountId: number) {
  await revokeAllSessions(db, accountId);
  await db.update(accounts).set({ clientSecretHash: null }).where(eq(accounts.id, accountId));
}
