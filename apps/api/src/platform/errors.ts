import type { ErrorBody } from '@gatehouse/contract';

/**
 * Errors a use case throws; the one error handler presents them in the caller's language. `message` and the
 * field messages are message keys (packages/contract messages) or plain text.
 */
export class AppError extends Error {
  constructor(
    public status: number,
    message: string,
    public extra: Omit<ErrorBody, 'message'> & { vars?: Record<string, string | number> } = {},
  ) {
    super(message);
  }
}

export const badRequest = (errors: Record<string, string[]>, message = 'errors.validation') => new AppError(400, message, { errors });
export const fieldError = (field: string, message: string) => badRequest({ [field]: [message] }, message);
export const unauthenticated = (message = 'errors.unauthenticated') => new AppError(401, message);
export const forbidden = (message = 'errors.forbidden', extra: AppError['extra'] = {}) => new AppError(403, message, extra);
export const notFound = (message = 'errors.not_found') => new AppError(404, message);
export const conflict = (message: string, errors?: Record<string, string[]>) => new AppError(409, message, { errors });
export const tooLarge = (message = 'errors.too_large') => new AppError(413, message);

/** Throw 404 unless the row exists (tenant isolation answers not-found, never forbidden). */
export function found<T>(row: T | undefined | null, message?: string): T {
  if (row === undefined || row === null) throw notFound(message);
  return row;
}

/** Whether `err`, or the error the query builder wrapped as its `cause`, is one `test` recognises. */
export function causedBy(err: unknown, test: (e: { code?: unknown; message?: unknown }) => boolean): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (test(e)) return true;
  }
  return false;
}
