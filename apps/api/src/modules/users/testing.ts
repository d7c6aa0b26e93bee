import sharp from 'sharp';

/** Test helper: a multipart/form-data body with fields and files (for fastify.inject). */
export function multipart(fields: Record<string, string | string[]>, files: Record<string, { name: string; data: Buffer; type?: string }> = {}) {
  const boundary = `----gatehouse${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    for (const one of Array.isArray(v) ? v : [v]) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${Array.isArray(v) ? `${k}[]` : k}"\r\n\r\n${one}\r\n`));
  }
  for (const [k, f] of Object.entries(files)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"; filename="${f.name}"\r\ncontent-type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`), f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Test helper: a real image of the given size. */
export const image = (width: number, height: number, format: 'png' | 'jpeg' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 160, b: 200 } } })[format]().toBuffer();
