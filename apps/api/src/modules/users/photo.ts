import { createHash, randomBytes } from 'node:crypto';
import { USER_IMAGE_MAX, USER_IMAGE_MIN_HEIGHT, USER_IMAGE_MIN_WIDTH } from '@gatehouse/contract';
import sharp from 'sharp';
import { badRequest, tooLarge } from '../../platform/errors';
import type { Storage } from '../../platform/storage';

/** Checks a person's photo by decoding it (rule 174): PNG or JPEG, at least 250 x 300 px, at most 3 MB. */
export async function checkUserPhoto(data: Buffer, field = 'image') {
  if (data.length > USER_IMAGE_MAX) throw tooLarge('people.image_too_large');
  let meta: sharp.Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: 50_000_000 }).metadata();
  } catch {
    throw badRequest({ [field]: ['people.image_invalid'] });
  }
  if (meta.format !== 'png' && meta.format !== 'jpeg') throw badRequest({ [field]: ['people.image_invalid'] });
  if ((meta.width ?? 0) < USER_IMAGE_MIN_WIDTH || (meta.height ?? 0) < USER_IMAGE_MIN_HEIGHT) throw badRequest({ [field]: ['people.image_too_small'] });
}

/** Re-encodes a checked photo as JPEG (metadata stripped) and stores it; answers its public path. */
export async function storeUserPhoto(storage: Storage, entityId: number, data: Buffer) {
  const jpeg = await sharp(data).rotate().resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer();
  const name = `${entityId}-${randomBytes(8).toString('hex')}.jpg`;
  await storage.put(`people/${name}`, jpeg);
  return `/api/files/people/${name}`;
}

export const photoKey = (path: string) => (/^\/api\/files\/people\/(\d+-[a-f0-9]{16}\.jpg)$/.exec(path)?.[1] ?? null);
export const faceIdOf = (data: Buffer) => `face_${createHash('sha256').update(data).digest('hex').slice(0, 32)}`;
