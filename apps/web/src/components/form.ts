import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { HttpError, joinErrors } from '../lib/http';
import { tMessage } from '../lib/i18n';

export type FieldErrors = Record<string, string | undefined>;

/** Zod issues to one translated message per field (contract keys such as 'validation.email' go through `messages`). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_form');
    if (!out[field]) out[field] = tMessage(issue.message);
  }
  return out;
}

/**
 * A small form state bound to a contract schema: values, per-field errors, client validation with translated
 * messages, and the server's 400/409 field errors (rule 115: several messages joined by line breaks).
 */
export function useZodForm<S extends z.ZodType<any, any>>(schema: S, initial: z.input<S>) {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const setField = useCallback(<K extends keyof z.input<S>>(key: K, value: z.input<S>[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key as string] ? { ...e, [key as string]: undefined } : e));
  }, []);

  const validate = useCallback((): z.output<S> | null => {
    setFormError(null);
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors(zodFieldErrors(parsed.error));
    return null;
  }, [schema, values]);

  /** Shows a server failure on the form; returns true when it was a field/validation error. */
  const applyServerError = useCallback((e: unknown) => {
    if (!(e instanceof HttpError)) throw e;
    const fields = e.fieldErrors;
    const next: FieldErrors = {};
    const unknown: Record<string, string[]> = {};
    for (const [k, msgs] of Object.entries(fields)) {
      if (k in (values as object)) next[k] = msgs.join('\n');
      else unknown[k] = msgs;
    }
    setErrors(next);
    const rest = joinErrors(unknown);
    setFormError(rest || (Object.keys(next).length || e.shown ? null : e.message));
    return e.status === 400 || e.status === 409;
  }, [values]);

  const input = <K extends keyof z.input<S> & string>(key: K) => ({
    value: (values[key] ?? '') as string,
    onChange: (ev: { currentTarget: { value: string } }) => setField(key, ev.currentTarget.value as z.input<S>[K]),
    error: errors[key],
    name: key,
  });

  return { values, setValues, setField, errors, setErrors, formError, setFormError, validate, applyServerError, input };
}
