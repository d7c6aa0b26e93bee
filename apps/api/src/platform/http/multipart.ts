import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest } from '../errors';
import { nulIssues, ValidationFailed } from './validation';

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** A form's file fields: each held to `maxBytes`; `required` and `types` are for the document (the handler checks). */
export type FileFields = Record<string, { maxBytes: number; required?: boolean; types?: string[] }>;

/**
 * Reads a multipart form: its text fields (validated with `fields`) and its files, each held to `maxBytes`
 * while streaming (413 past it). Unknown file fields are refused.
 */
export async function readMultipart<S extends z.ZodType>(
  req: FastifyRequest,
  opts: { fields: S; files: FileFields },
): Promise<{ fields: z.output<S>; files: Record<string, UploadedFile | undefined> }> {
  // The form is part of the route's contract: a route reading one declares it (`multipart`), so the document shows it.
  if (!(req.routeOptions.config as { doc?: { multipart?: unknown } }).doc?.multipart) throw new AppError(500, 'errors.server');
  if (!req.isMultipart()) throw badRequest({ body: ['errors.validation'] });
  const raw: Record<string, unknown> = {};
  const files: Record<string, UploadedFile | undefined> = {};
  for await (const part of req.parts({ limits: { fields: 200, fieldSize: 1_000_000 } })) {
    if (part.type === 'field') {
      const key = part.fieldname;
      const value = part.value;
      // `a[b]` and repeated keys become nested objects and arrays.
      const m = key.match(/^(\w+)\[(\w*)\]$/);
      if (m) {
        const [, base, sub] = m;
        if (sub === '') ((raw[base] ??= []) as unknown[]).push(value);
        else ((raw[base] ??= {}) as Record<string, unknown>)[sub] = value;
      } else raw[key] = value;
      continue;
    }
    const spec = opts.files[part.fieldname];
    if (!spec) {
      part.file.resume();
      throw badRequest({ [part.fieldname]: ['errors.validation'] });
    }
    files[part.fieldname] = { field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data: await readLimited(part, spec.maxBytes, part.fieldname) };
  }
  const nul = nulIssues(raw);
  if (nul.length) throw new ValidationFailed(nul, 'body');
  const parsed = opts.fields.safeParse(raw, { error: () => '__default__', reportInput: true } as never);
  if (!parsed.success) throw new ValidationFailed(parsed.error.issues, 'body');
  return { fields: parsed.data, files };
}

/** 413 naming the file field that is too large (a form with several files says which one). */
const fileTooLarge = (field: string) => new AppError(413, 'errors.too_large', { errors: { [field]: ['errors.too_large'] } });

async function readLimited(part: MultipartFile, max: number, field: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += chunk.length;
    if (size > max) {
      part.file.resume();
      throw fileTooLarge(field);
    }
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw fileTooLarge(field);
  return Buffer.concat(chunks);
}

export { AppError };
