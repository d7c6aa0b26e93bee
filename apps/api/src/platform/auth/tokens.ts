import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A long random token (base64url) and the hash we store instead of it. */
export function newToken(bytes = 32): { token: string; hash: string } {
  const token = randomBytes(bytes).toString('base64url');
  return { token, hash: hashToken(token) };
}
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export function sameHash(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const SESSION_DAYS = 14;
export const API_TOKEN_HOURS = 24;
export const RESET_MINUTES = 60;
export const inDays = (d: number) => new Date(Date.now() + d * 86_400_000);
export const inMinutes = (m: number) => new Date(Date.now() + m * 60_000);
