import type { ErrorBody } from '@gatehouse/contract';
import { notifications } from '@mantine/notifications';
import { i18n, savedLanguage } from './i18n';
import { clearSession, getToken } from './session';

/**
 * The ONE http client (architecture section 9, rules 105-119). Components never re-implement this mapping:
 * - 401: clear the session, go to /login?next=<the page to return to>, no toast;
 * - 403 with otp_error: /otp-error; other 403: /error; no toast;
 * - 404: /404 when loading a page (GET); on a write, a toast says the thing is gone (someone may have deleted it:
 *   rule 111, issue 15 part 8) unless the caller handles it (`notFound: 'throw'`);
 * - 500 and 502: alert telling the user to call the administration;
 * - 400: field errors go back to the form (HttpError.fieldErrors), no toast;
 * - other failures: toast of the server message (or the data text when the message is missing).
 */
export class HttpError extends Error {
  /** The client has already told the user (a toast): a form need not repeat it. */
  shown = false;
  constructor(
    public status: number,
    public body: Partial<ErrorBody> & Record<string, unknown>,
  ) {
    super(typeof body.message === 'string' && body.message ? body.message : `HTTP ${status}`);
  }
  get fieldErrors(): Record<string, string[]> {
    return (this.body.errors as Record<string, string[]> | undefined) ?? {};
  }
  get code(): string | undefined {
    return typeof this.body.code === 'string' ? this.body.code : undefined;
  }
}

/** Validation errors joined by line breaks (rule 115). */
export const joinErrors = (errors: Record<string, string[]> | undefined): string =>
  Object.values(errors ?? {})
    .flat()
    .join('\n');

export interface HttpEffects {
  navigate: (to: string) => void;
  alert: (message: string) => void;
  toast: (message: string) => void;
  /** The page to return to after a 401. */
  currentPath: () => string;
}

const defaultEffects: HttpEffects = {
  navigate: (to) => window.location.assign(to),
  alert: (message) => window.alert(message),
  toast: (message) => notifications.show({ color: 'red', message, style: { whiteSpace: 'pre-line' } }),
  currentPath: () => window.location.pathname + window.location.search,
};
let effects: HttpEffects = { ...defaultEffects };

/** The router installs its navigate here (so redirects stay in the app); tests install spies. */
export function configureHttp(partial: Partial<HttpEffects>) {
  effects = { ...effects, ...partial };
}
export const resetHttp = () => {
  effects = { ...defaultEffects };
};

export interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /**
   * 'page' (default for GET): a 404 opens /404. 'toast' (default otherwise): a toast says it no longer exists.
   * 'throw': the caller handles it.
   */
  notFound?: 'page' | 'toast' | 'throw';
  /**
   * 'page' (default): a 403 opens /error. 'throw': the caller shows the refusal itself (an action refused with an
   * explanation, rule 100); a 403 with otp_error still opens /otp-error.
   */
  forbidden?: 'page' | 'throw';
  /** The caller shows conflicts and other failures itself (a form with its own messages): no toast. */
  quiet?: boolean;
  signal?: AbortSignal;
}

const AUTH_PAGES = ['/login', '/forgot-password', '/logout'];

export function loginPathFor(current: string): string {
  const path = current.split('?')[0];
  if (AUTH_PAGES.includes(path) || current === '/') return '/login';
  return `/login?next=${encodeURIComponent(current)}`;
}

function buildUrl(path: string, query?: RequestOptions['query']) {
  const url = path.startsWith('/api') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return url;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    qs.set(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
  }
  const s = qs.toString();
  return s ? `${url}?${s}` : url;
}

/** Applies the error catalogue to a failed response and returns the error to throw. */
export function handleFailure(status: number, body: Partial<ErrorBody> & Record<string, unknown>, method: string, opts: RequestOptions): HttpError {
  const err = new HttpError(status, body);
  const t = i18n.t.bind(i18n);
  if (status === 401) {
    clearSession();
    effects.navigate(loginPathFor(effects.currentPath()));
  } else if (status === 403 && body.otp_error) {
    effects.navigate('/otp-error');
  } else if (status === 403) {
    if ((opts.forbidden ?? 'page') === 'page') effects.navigate('/error');
  } else if (status === 404) {
    const mode = opts.notFound ?? (method === 'GET' ? 'page' : 'toast');
    if (mode === 'page') effects.navigate('/404');
    else if (mode === 'toast' && !opts.quiet) {
      effects.toast(t('common:http.gone'));
      err.shown = true;
    }
  } else if (status === 500 || status === 502) {
    effects.alert(t('common:http.call_admin'));
  } else if (status === 400) {
    // field errors go back to the form
  } else {
    const text = (typeof body.message === 'string' && body.message) || (typeof body.data === 'string' && body.data) || joinErrors(body.errors as Record<string, string[]>) || t('common:http.failed');
    if (!opts.quiet) effects.toast(text);
  }
  return err;
}

async function parse(res: Response): Promise<any> {
  const text = await res.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return { data: text };
  }
}

export async function request<T>(method: string, path: string, opts: RequestOptions & { as?: 'json' | 'blob' } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': savedLanguage() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), { method, headers, body, signal: opts.signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    const msg = i18n.t('common:http.offline');
    effects.toast(msg);
    throw new HttpError(0, { message: msg });
  }
  if (res.ok && opts.as === 'blob') return (await res.blob()) as T;
  const data = await parse(res);
  if (res.ok) return data as T;
  throw handleFailure(res.status, data ?? {}, method, opts);
}

export const http = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  /** A file the API serves to members only (photos, certificates): fetched with the bearer token. */
  blob: (path: string, opts?: Omit<RequestOptions, 'body'>) => request<Blob>('GET', path, { notFound: 'throw', ...opts, as: 'blob' }),
};
