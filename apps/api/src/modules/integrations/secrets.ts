import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Credentials at rest (rule 267): AES-256-GCM under a key derived from SECRET_KEY, a fresh 12-byte IV each time,
 * the integration's id as associated data (a ciphertext copied onto another integration does not open).
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). Never answered by any call.
 */
const keyOf = (secretKey: string) => createHash('sha256').update(`gatehouse:integrations:v1:${secretKey}`).digest();

export function sealCredentials(secretKey: string, value: object, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function openCredentials<T = Record<string, unknown>>(secretKey: string, sealed: string, aad: string): T {
  const [v, iv, tag, body] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('credentials: unknown format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')) as T;
}
