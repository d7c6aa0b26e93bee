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

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const r = schema.safeParse(data, { error: () => DEFAULT_MARK, reportInput: true } as never);
    return r.success ? { value: r.data } : { error: new ValidationFailed(r.error.issues, httpPart ?? 'body') };
  };

/** Validates a body a handler reads itself (multipart-or-JSON routes), with the same 400 as the schema check. */
export function parseBody<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const r = schema.safeParse(data, { error: () => DEFAULT_MARK, reportInput: true } as never);
  if (!r.success) throw new ValidationFailed(r.error.issues, 'body');
  return r.data;
}
