import { and, asc, eq } from 'drizzle-orm';
import { accounts, users } from '../../db/schema/index';
import { resolveActor } from '../../platform/auth/actor';
import { acceptOtp } from '../../platform/auth/otp';
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

type Account = typeof accounts.$inferSelect;
const tooMany = () => new AppError(429, 'errors.too_many');
const otpNeeded = () => new AppError(400, 'auth.otp_needed', { code: 'otp_needed', errors: { otp: ['auth.otp_needed'] } });
const otpInvalid = () => new AppError(400, 'auth.otp_invalid', { code: 'otp_invalid', errors: { otp: ['auth.otp_invalid'] } });

/**
 * The two-step code of an account that has two-step on (rules 83-85, issue 16 part 2): needed, valid now and not
 * used before. Nothing to check when two-step is off.
 */
export async function checkTwoStep(db: Db, account: Account, otp: string | undefined) {
  if (!account.otpEnabled) return;
  if (!otp) throw otpNeeded();
  if (!(await acceptOtp(db, account, otp))) throw otpInvalid();
}

/**
 * Every way in that starts from a password (login, client credentials) checks it here. The attempt is counted
 * against the address before anything is checked (`throttle`, 429 once LOGIN_FAILURES are reached) and only a
 * complete success clears it: a right password without its code leaves the attempt counted, so the code cannot be
 * guessed in rounds. Never says whether the e-mail exists: the same message and the same password work either way.
 */
export async function checkCredentials(db: Db, input: { email: string; password: string; otp?: string }, throttle?: FailureThrottle): Promise<Account> {
  const email = input.email.trim().toLowerCase();
  if (throttle && !(await throttle.attempt(email))) throw tooMany();
  const [account] = await db.select().from(accounts).where(eq(accounts.email, email)).limit(1);
  const ok = await verifyPassword(account?.passwordHash ?? (await decoyHash()), input.password);
  if (!account || !ok) throw badRequest({ password: ['auth.invalid_credentials'] }, 'auth.invalid_credentials');
  await checkTwoStep(db, account, input.otp);
  await throttle?.clear(email);
  return account;
}

export async function login(db: Db, input: { email: string; password: string; otp?: string; entity_id?: number }, throttle?: FailureThrottle) {
  const account = await checkCredentials(db, input, throttle);
  const entityId = await pickEntity(db, account.id, input.entity_id);
  const { token, expiresAt } = await issueSession(db, account.id, entityId, 'console');
  const actor = (await resolveActor(db, token))!;
  return presentSession(actor, token, expiresAt);
}
