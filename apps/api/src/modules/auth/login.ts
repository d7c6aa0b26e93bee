import { and, asc, eq } from 'drizzle-orm';
import { accounts, users } from '../../db/schema/index';
import { resolveActor } from '../../platform/auth/actor';
import { verifyOtp } from '../../platform/auth/otp';
import { decoyHash, verifyPassword } from '../../platform/auth/passwords';
import { issueSession } from '../../platform/auth/sessions';
import type { FailureThrottle } from '../../platform/auth/throttle';
import type { Db } from '../../platform/db/client';
import { AppError, badRequest } from '../../platform/errors';
import { presentSession } from './present-session';

/** The organisations an account is an active member of, oldest first (runs as the owner: crosses tenants). */
export async function membershipsOf(db: Db, accountId: number) {
  return db
    .select({ entityId: users.entityId, userId: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.status, 'active')))
    .orderBy(asc(users.id));
}

/** Picks the organisation a new session starts in: the one asked for, if the account belongs to it, or its first. */
export async function pickEntity(db: Db, accountId: number, wanted?: number) {
  const members = (await membershipsOf(db, accountId)).filter((m) => m.userId);
  if (wanted !== undefined) {
    if (!members.some((m) => m.entityId === wanted)) throw new AppError(404, 'auth.no_membership');
    return wanted;
  }
  return members[0]?.entityId ?? null;
}

/** Failed logins allowed per e-mail address within the window before it answers 429 (successes clear it). */
export const LOGIN_FAILURES = { max: 10, windowMs: 5 * 60_000 };

/**
 * Login never says whether the e-mail exists: the same message and the same password work either way, and
 * failures count against the address the same way (`throttle`, 429 once LOGIN_FAILURES are reached).
 */
export async function login(db: Db, input: { email: string; password: string; otp?: string; entity_id?: number }, throttle?: FailureThrottle) {
  const email = input.email.trim().toLowerCase();
  if (throttle && (await throttle.blocked(email))) throw new AppError(429, 'errors.too_many');
  const [account] = await db.select().from(accounts).where(eq(accounts.email, email)).limit(1);
  const ok = await verifyPassword(account?.passwordHash ?? (await decoyHash()), input.password);
  if (!account || !ok) {
    await throttle?.fail(email);
    throw badRequest({ password: ['auth.invalid_credentials'] }, 'auth.invalid_credentials');
  }
  if (account.otpEnabled) {
    if (!input.otp) throw new AppError(400, 'auth.otp_needed', { code: 'otp_needed', errors: { otp: ['auth.otp_needed'] } });
    if (!(await verifyOtp(account.otpSecret!, input.otp))) {
      await throttle?.fail(email);
      throw new AppError(400, 'auth.otp_invalid', { code: 'otp_invalid', errors: { otp: ['auth.otp_invalid'] } });
    }
  }
  await throttle?.clear(email);
  const entityId = await pickEntity(db, account.id, input.entity_id);
  const { token, expiresAt } = await issueSession(db, account.id, entityId, 'console');
  const actor = (await resolveActor(db, token))!;
  return presentSession(actor, token, expiresAt);
}
