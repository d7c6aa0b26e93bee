import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * How deep a JSON body may nest (objects and arrays). The deepest the console or a kiosk sends is under ten; a
 * body nested thousands of levels deep would make every walk over it (validation, the NUL check) recurse.
 */
export const JSON_MAX_DEPTH = 32;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests deeper than `max`: one pass over the characters, no recursion and no parse, so a hostile
 * body costs a loop over its bytes. Brackets inside strings do not count; the text need not be valid JSON (the
 * parser judges that afterwards).
 */
export function nestsDeeperThan(text: string, max = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return false;
}

export const tooDeep = () =>
  new AppError(400, 'errors.too_deep', { errors: { body: ['errors.too_deep'] }, vars: { max: JSON_MAX_DEPTH } });

/**
 * JSON text from inside a request (a multipart form's `data` field): `undefined` when it does not parse, and the
 * same 400 as a JSON body when it nests too deep.
 */
export function parseJsonField(text: string): unknown {
  if (nestsDeeperThan(text)) throw tooDeep();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Every `application/json` body is scanned for its depth before it is parsed (400 `errors.too_deep` past
 * JSON_MAX_DEPTH), then parsed by fastify's own parser (prototype poisoning refused, empty and broken bodies 400).
 * The route's body limit still applies while the body is read.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (nestsDeeperThan(body as string)) {
      done(tooDeep(), undefined);
      return;
    }
    parse(req, body as string, done);
  });
}

/**
 * `application/scim+json` (RFC 7644 §3.1), for the routes of the instance it is registered on (the SCIM endpoint):
 * the same depth check and parser as JSON.
 */
export function registerScimJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, (req, body, done) => {
    if (nestsDeeperThan(body as string)) {
      done(tooDeep(), undefined);
      return;
    }
    parse(req, body as string, done);
  });
}
