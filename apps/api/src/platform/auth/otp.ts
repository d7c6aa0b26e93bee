import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { accounts } from '../../db/schema/index';
import type { Db } from '../db/client';

/** TOTP two-step authentication (rules 83-85): 30-second codes, one step of clock drift either way. */
export const newOtpSecret = () => generateSecret();

export const otpUri = (secret: string, label: string) => generateURI({ issuer: 'Gatehouse', label, secret });

/** The time step a code belongs to, when it is valid now (one step of drift) and later than `after`. */
async function matchedStep(secret: string, token: string, after: number | null): Promise<number | null> {
  try {
    const r = await verify({ secret, token, epochTolerance: 30, ...(after !== null ? { afterTimeStep: after } : {}) });
    return r.valid && 'timeStep' in r ? r.timeStep : null;
  } catch {
    return null;
  }
}

/**
 * Accepts a two-step code once (issue 16 part 2): the code must be valid now and belong to a later time step than
 * the last one accepted for the account, and that step is recorded in the same statement that checks it, so two
 * requests racing with one code cannot both pass.
 */
export async function acceptOtp(db: Db, account: { id: number; otpSecret: string | null; otpLastStep: number | null }, token: string): Promise<boolean> {
  if (!account.otpSecret) return false;
  const step = await matchedStep(account.otpSecret, token, account.otpLastStep);
  if (step === null) return false;
  const taken = await db
    .update(accounts)
    .set({ otpLastStep: step })
    .where(and(eq(accounts.id, account.id), or(isNull(accounts.otpLastStep), lt(accounts.otpLastStep, step))))
    .returning({ id: accounts.id });
  return taken.length === 1;
}
