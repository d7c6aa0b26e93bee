import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A multipart/form-data body for fastify.inject: text fields and files. */
export function multipart(fields: Record<string, string | number | string[]>, files: Record<string, { filename: string; data: Buffer; type?: string }> = {}) {
  const boundary = `----gatehouse${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  const add = (name: string, value: string) =>
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const v of value) add(`${name}[]`, v);
    else add(name, String(value));
  }
  for (const [name, f] of Object.entries(files)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real PNG of the given size (decoded by the server with sharp). */
export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 90, b: 160, alpha: 1 } } }).png().toBuffer();
