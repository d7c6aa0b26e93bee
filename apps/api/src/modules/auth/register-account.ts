import { randomUUID } from 'node:crypto';
import type { Language } from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { hashPassword } from '../../platform/auth/passwords';

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  password?: string;
  passwordHash?: string;
  lang?: Language;
}

/** Creates a passport account; answers null when the e-mail is taken (the caller must not reveal that). */
export async function registerAccount(db: Db, input: NewAccount) {
  const email = input.email.trim().toLowerCase();
  const [existing] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)).limit(1);
  if (existing) return null;
  const passwordHash = input.passwordHash ?? (await hashPassword(input.password!));
  const [row] = await db
    .insert(accounts)
    .values({ passportId: randomUUID(), email, passwordHash, firstName: input.firstName, lastName: input.lastName, lang: input.lang ?? 'en' })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}
