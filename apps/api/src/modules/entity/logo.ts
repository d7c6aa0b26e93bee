import { randomBytes } from 'node:crypto';
import { LOGO_MAX_BYTES, LOGO_MIN_HEIGHT, LOGO_MIN_WIDTH } from '@gatehouse/contract';
import sharp from 'sharp';
import { badRequest, tooLarge } from '../../platform/errors';
import type { Storage } from '../../platform/storage';

/** A form's `logo` file field (multipart routes), as `storeLogo` takes it. */
export const LOGO_FILE = { logo: { maxBytes: LOGO_MAX_BYTES, types: ['image/png', 'image/jpeg'] } };

/** Checks a logo by decoding it (rule 294): PNG or JPEG, at least 200 x 45 px, at most 2 MB; stores it as PNG. */
export async function storeLogo(storage: Storage, entityId: number, data: Buffer) {
  if (data.length > LOGO_MAX_BYTES) throw tooLarge('entity.logo_too_large');
  let meta: sharp.Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: 50_000_000 }).metadata();
  } catch {
    throw badRequest({ logo: ['entity.logo_invalid'] });
  }
  if (meta.format !== 'png' && meta.format !== 'jpeg') throw badRequest({ logo: ['entity.logo_invalid'] });
  if ((meta.width ?? 0) < LOGO_MIN_WIDTH || (meta.height ?? 0) < LOGO_MIN_HEIGHT) throw badRequest({ logo: ['entity.logo_too_small'] });
  const png = await sharp(data).rotate().resize({ width: 1200, height: 600, fit: 'inside', withoutEnlargement: true }).png().toBuffer();
  const name = `${entityId}-${randomBytes(8).toString('hex')}.png`;
  await storage.put(`logos/${name}`, png);
  return `/api/files/logos/${name}`;
}
