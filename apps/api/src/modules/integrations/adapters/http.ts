import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { addressRefusal, EgressRefused, egressPolicy, guardedLookup, schemeRefusal } from './egress';
import { DirectoryError } from './types';

export interface HttpOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  /** Largest body accepted (bytes). */
  maxBytes?: number;
  /** Answer the raw bytes instead of parsed JSON. */
  raw?: boolean;
}

/** Retries after a 429 (or Google's 403 rate-limit reasons), honouring Retry-After up to this many seconds. */
const RETRY_AFTER_MAX_S = 60;
const ATTEMPTS = 5;
const TIMEOUT_MS = 60_000;
const JSON_MAX = 128 * 1024 * 1024;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  header: (name: string) => string | null;
  /** Reads the body, refusing more than `max` bytes (declared or streamed). */
  read: (max: number) => Promise<Buffer>;
}

/**
 * One request through node's http(s) with the egress guard (egress.ts): the scheme and a literal address are
 * checked before, a name's addresses when connecting; a redirect is never followed.
 */
function send(url: string, method: string, headers: Record<string, string>, body: string | undefined): Promise<Answer> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.reject(new DirectoryError('bad_answer', 'not a URL'));
  }
  const policy = egressPolicy(process.env, target);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host) ? [host] : null;
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return Promise.reject(new DirectoryError('unreachable', `${target.protocol} is not allowed`));
  if (literal && addressRefusal(host, policy)) return Promise.reject(new EgressRefused(`${host} is an address inside the network`));
  return new Promise<Answer>((resolve, reject) => {
    const lookup = guardedLookup(policy);
    const req = (target.protocol === 'https:' ? httpsRequest : httpRequest)(
      target,
      { method, headers: body ? { ...headers, 'content-length': String(Buffer.byteLength(body)) } : headers, lookup: lookup as never, timeout: TIMEOUT_MS },
      (res) => {
        // http is only for loopback or the allowed networks: checked on the address actually connected to.
        const remote = res.socket.remoteAddress ?? '';
        if (target.protocol === 'http:' && schemeRefusal(target, [remote], policy)) {
          res.destroy();
          return reject(new EgressRefused(`plain http to ${remote} is not allowed: use https`));
        }
        resolve({
          status: res.statusCode ?? 0,
          header: (name) => {
            const v = res.headers[name.toLowerCase()];
            return Array.isArray(v) ? v.join(', ') : (v ?? null);
          },
          read: (max) =>
            new Promise<Buffer>((done, fail) => {
              const declared = Number(res.headers['content-length'] ?? 0);
              if (declared > max) {
                fail(new DirectoryError('bad_answer', `answer of ${declared} bytes is over the ${max}-byte limit`));
                return res.destroy();
              }
              const chunks: Buffer[] = [];
              let size = 0;
              res.on('data', (c: Buffer) => {
                size += c.length;
                if (size > max) {
                  // Refused first: destroying the answer then reports it aborted, which must not win.
                  fail(new DirectoryError('bad_answer', `answer over the ${max}-byte limit`));
                  res.destroy();
                } else chunks.push(c);
              });
              res.on('end', () => done(Buffer.concat(chunks)));
              res.on('error', fail);
              res.on('aborted', () => fail(new DirectoryError('unreachable', 'the answer was cut short')));
            }),
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/** The directory's own error message, from the shapes of directories.md (Google, Graph, OAuth, Wonde, Net2). */
export function errorText(body: unknown): string {
  if (!body || typeof body !== 'object') return typeof body === 'string' ? body.slice(0, 300) : '';
  const b = body as Record<string, unknown>;
  if (typeof b.error_description === 'string') return b.error_description;
  if (b.error && typeof b.error === 'object') {
    const e = b.error as Record<string, unknown>;
    return [e.code, e.message].filter((x) => typeof x === 'string' || typeof x === 'number').join(': ');
  }
  if (typeof b.error === 'string') return b.error;
  if (typeof b.message === 'string') return b.message;
  return JSON.stringify(body).slice(0, 300);
}

const isRateLimit403 = (body: unknown) => /RateLimitExceeded|quotaExceeded|rateLimitExceeded/.test(JSON.stringify(body ?? ''));

/**
 * One HTTP call to a directory: JSON or form body, a time limit, a size limit, retry after 429 (Retry-After, else
 * exponential backoff) and 5xx; the answer's status becomes a DirectoryError kind.
 */
export async function call<T = unknown>(url: string, opts: HttpOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  let body: string | undefined;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  for (let attempt = 1; ; attempt++) {
    let res: Answer;
    try {
      res = await send(url, opts.method ?? (body ? 'POST' : 'GET'), headers, body);
    } catch (err) {
      if (err instanceof DirectoryError) throw err;
      if (err instanceof EgressRefused) throw new DirectoryError('unreachable', err.message);
      if (attempt < 3) {
        await sleep(500 * attempt);
        continue;
      }
      throw new DirectoryError('unreachable', (err as Error).message);
    }
    if (res.status >= 300 && res.status < 400) {
      await res.read(64 * 1024).catch(() => null);
      throw new DirectoryError('bad_answer', `a redirect (HTTP ${res.status}) is not followed`, res.status);
    }
    if (res.status >= 200 && res.status < 300) {
      const bytes = await res.read(opts.maxBytes ?? JSON_MAX);
      if (opts.raw) return { bytes, mime: res.header('content-type') ?? 'application/octet-stream' } as T;
      if (!bytes.length) return {} as T;
      try {
        return JSON.parse(bytes.toString('utf8')) as T;
      } catch {
        throw new DirectoryError('bad_answer', 'the answer is not JSON');
      }
    }
    const text = (await res.read(1024 * 1024).catch(() => Buffer.alloc(0))).toString('utf8');
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* plain text */
    }
    const rate = res.status === 429 || (res.status === 403 && isRateLimit403(parsed));
    if ((rate || res.status >= 500) && attempt < ATTEMPTS) {
      const after = Number(res.header('retry-after'));
      const wait = Number.isFinite(after) && after >= 0 ? Math.min(after, RETRY_AFTER_MAX_S) * 1000 : Math.min(2 ** attempt * 250, 8000);
      await sleep(wait);
      continue;
    }
    const message = errorText(parsed) || `HTTP ${res.status}`;
    if (rate) throw new DirectoryError('rate', message, res.status);
    if (res.status === 401 || (res.status === 400 && /invalid_grant|invalid_client|invalid_request|unauthorized_client/.test(text))) throw new DirectoryError('auth', message, res.status);
    if (res.status === 403) throw new DirectoryError('forbidden', message, 403);
    if (res.status === 404) throw new DirectoryError('not_found', message, 404);
    if (res.status === 422) throw new DirectoryError('validation', message, 422);
    throw new DirectoryError(res.status >= 500 ? 'unreachable' : 'bad_answer', message, res.status);
  }
}

/** The string of a value for our fields (numbers and booleans as text, objects dropped). */
export const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : null);

/** Flattens a record into `a.b.c` keys with scalar values (the directory fields a mapping names). */
export function flatten(obj: unknown, prefix = '', out: Record<string, string | null> = {}, depth = 0): Record<string, string | null> {
  if (!obj || typeof obj !== 'object' || depth > 4) return out;
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) flatten(v, key, out, depth + 1);
    else if (Array.isArray(v)) {
      if (v.length && typeof v[0] !== 'object') out[key] = v.map(String).join(', ');
      else if (v.length) flatten(v[0], key, out, depth + 1);
    } else out[key] = str(v);
  }
  return out;
}

/** A listing answer must be an object with an array where the protocol says. */
export function arrayAt(body: unknown, key: string): unknown[] {
  const v = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  if (v === undefined && key !== 'value' && key !== 'data') return [];
  if (!Array.isArray(v)) throw new DirectoryError('bad_answer', `the answer has no "${key}" list`);
  return v;
}
