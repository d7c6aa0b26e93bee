import { IMPORT_PHOTO_MAX } from '@gatehouse/contract';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { AppError } from '../../platform/errors';

/** A compression ratio above this betrays a zip bomb (photos barely compress). */
export const MAX_RATIO = 50;
export const MAX_ENTRIES = 20_000;

export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  read: (max: number) => Promise<Buffer>;
}

const refuse = (field: string, key: string, name?: string) => new AppError(400, key, { errors: { [field]: [key] }, vars: { name: name ?? '' } });

/**
 * Walks a ZIP held in memory without extracting it: yauzl refuses absolute and `..` paths, and every entry's real
 * size is held to what its header promises while it is read.
 */
export async function walkZip(data: Buffer, field: string, visit: (e: ZipEntry) => Promise<void>) {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true }, (err, z) => (err || !z ? reject(refuse(field, 'import.zip_unreadable')) : resolve(z))),
  );
  let count = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', (err: Error) => reject(/path|fileName/i.test(err.message) ? refuse(field, 'import.zip_traversal', err.message.split(': ').pop()) : refuse(field, 'import.zip_unreadable')));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      if (++count > MAX_ENTRIES) return reject(refuse(field, 'import.zip_too_many'));
      const read = (max: number) =>
        new Promise<Buffer>((res, rej) =>
          zip.openReadStream(entry, (err, stream) => {
            if (err || !stream) return rej(refuse(field, 'import.zip_unreadable', entry.fileName));
            const chunks: Buffer[] = [];
            let size = 0;
            stream.on('data', (c: Buffer) => {
              size += c.length;
              if (size > max) {
                stream.destroy();
                rej(refuse(field, 'import.zip_photo_too_large', entry.fileName));
              } else chunks.push(c);
            });
            stream.on('error', () => rej(refuse(field, 'import.zip_unreadable', entry.fileName)));
            stream.on('end', () => res(Buffer.concat(chunks)));
          }),
        );
      visit({ name: entry.fileName, compressedSize: entry.compressedSize, uncompressedSize: entry.uncompressedSize, read })
        .then(() => zip.readEntry())
        .catch(reject);
    });
    zip.readEntry();
  }).finally(() => zip.close());
}

const NAME = /^[A-Za-z_-]+\.(jpe?g|png)$/i;
const ARCHIVE = /\.(zip|rar|7z|tar|gz|tgz|bz2|xz|jar|xlsx|docx)$/i;

/**
 * Checks a photos ZIP (rules 176-177) BEFORE anything is written: no path leaving its folder, no folders or nested
 * archives, only JPG/PNG named with letters, '_' or '-' and an extension, each at most 500 KB, no suspicious
 * compression ratio, and each photo really decodes. Answers the photos by lower-cased file name.
 */
export async function readPhotosZip(data: Buffer, field = 'photos') {
  const photos = new Map<string, Buffer>();
  await walkZip(data, field, async (e) => {
    if (e.name.includes('\\') || e.name.startsWith('/')) throw refuse(field, 'import.zip_traversal', e.name);
    if (e.name.endsWith('/') || e.name.includes('/') || ARCHIVE.test(e.name)) throw refuse(field, 'import.zip_nested', e.name);
    if (!/\.(jpe?g|png)$/i.test(e.name)) throw refuse(field, 'import.zip_not_image', e.name);
    if (!NAME.test(e.name)) throw refuse(field, 'import.zip_photo_name', e.name);
    if (e.uncompressedSize > IMPORT_PHOTO_MAX) throw refuse(field, 'import.zip_photo_too_large', e.name);
    if (e.uncompressedSize > 1024 && e.uncompressedSize / Math.max(e.compressedSize, 1) > MAX_RATIO) throw refuse(field, 'import.zip_bomb', e.name);
    const bytes = await e.read(IMPORT_PHOTO_MAX);
    const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata().catch(() => null);
    if (!meta || (meta.format !== 'jpeg' && meta.format !== 'png')) throw refuse(field, 'import.zip_not_image', e.name);
    photos.set(e.name.toLowerCase(), bytes);
  });
  return photos;
}
