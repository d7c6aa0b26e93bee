import { randomBytes } from 'node:crypto';
import { PREREG_IMAGE } from '@gatehouse/contract';
import sharp from 'sharp';
import { badRequest } from '../../platform/errors';
import type { Storage } from '../../platform/storage';

/**
 * Rule 140: decodes the photo (a renamed file is refused), PNG or JPEG, 250-4096 px wide, 300-2688 px high,
 * at most 3 MB; stores it as JPEG under the organisation. Answers the stored key.
 */
export async function storeVisitorPhoto(storage: Storage, entityId: number, data: Buffer) {
  if (data.length > PREREG_IMAGE.maxBytes) throw badRequest({ image: ['prereg.image_too_large'] }, 'prereg.image_too_large');
  let meta: sharp.Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: 40_000_000 }).metadata();
  } catch {
    throw badRequest({ image: ['prereg.image_invalid'] }, 'prereg.image_invalid');
  }
  if (meta.format !== 'png' && meta.format !== 'jpeg') throw badRequest({ image: ['prereg.image_invalid'] }, 'prereg.image_invalid');
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (w < PREREG_IMAGE.minWidth || w > PREREG_IMAGE.maxWidth || h < PREREG_IMAGE.minHeight || h > PREREG_IMAGE.maxHeight) {
    throw badRequest({ image: ['prereg.image_size'] }, 'prereg.image_size');
  }
  const jpeg = await sharp(data).rotate().jpeg({ quality: 85 }).toBuffer();
  const name = `${entityId}-${randomBytes(12).toString('hex')}.jpg`;
  await storage.put(`visitors/${name}`, jpeg);
  return `/api/files/visitors/${name}`;
}
