import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its recommended costs. */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(stored: string, password: string) {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal which e-mails exist. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hash('decoy-password-for-timing'));
