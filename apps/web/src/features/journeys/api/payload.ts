/** Rule 122: booleans travel as 1 or 0. */
export function toPayload<T extends Record<string, unknown>>(body: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'boolean' ? (v ? 1 : 0) : v]));
}

/** The same body as multipart form data with a file: lists as `key[]`, booleans as 1 or 0, empty values left out. */
export function toFormData(body: Record<string, unknown>, files: Record<string, File>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(toPayload(body))) {
    if (v === null || v === undefined || v === '') continue;
    if (Array.isArray(v)) for (const item of v) form.append(`${k}[]`, String(item));
    else form.append(k, String(v));
  }
  for (const [k, f] of Object.entries(files)) form.append(k, f);
  return form;
}
