import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { DEFAULT_MARK } from '../i18n';

/** A request part that failed its zod schema; the error handler words the issues in the caller's language. */
export class ValidationFailed extends Error {
  statusCode = 400;
  constructor(
    public issues: z.core.$ZodIssue[],
    public part: string,
  ) {
    super('validation failed');
  }
}

/**
 * Issues for every string (or key) holding a NUL character: PostgreSQL cannot store one in text, so such input is
 * refused as a field error before any schema or query sees it.
 */
export function nulIssues(data: unknown, path: (string | number)[] = [], out: z.core.$ZodIssue[] = []): z.core.$ZodIssue[] {
  if (out.length >= 20) return out;
  if (typeof data === 'string') {
    if (data.includes('\u0000')) out.push({ code: 'custom', path, message: 'validation.no_nul', input: undefined } as z.core.$ZodIssue);
  } else if (Array.isArray(data)) data.forEach((v, i) => nulIssues(v, [...path, i], out));
  else if (data && typeof data === 'object' && !Buffer.isBuffer(data)) {
    for (const [k, v] of Object.entries(data)) {
      if (k.includes('\u0000')) out.push({ code: 'custom', path, message: 'validation.no_nul', input: undefined } as z.core.$ZodIssue);
      else nulIssues(v, [...path, k], out);
    }
  }
  return out;
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const nul = nulIssues(data);
    if (nul.length) return { error: new ValidationFailed(nul, httpPart ?? 'body') };
    const r = schema.safeParse(data, { error: () => DEFAULT_MARK, reportInput: true } as never);
    return r.success ? { value: r.data } : { error: new ValidationFailed(r.error.issues, httpPart ?? 'body') };
  };

/** Validates a body a handler reads itself (multipart-or-JSON routes), with the same 400 as the schema check. */
export function parseBody<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const nul = nulIssues(data);
  if (nul.length) throw new ValidationFailed(nul, 'body');
  const r = schema.safeParse(data, { error: () => DEFAULT_MARK, reportInput: true } as never);
  if (!r.success) throw new ValidationFailed(r.error.issues, 'body');
  return r.data;
}
