import type { Language } from '@gatehouse/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { type Actor, resolveActor } from '../auth/actor';
import type { Device } from '../auth/device-caller';
import type { LinkOf } from '../auth/link-caller';
import { AppError, causedBy } from '../errors';
import { isTransient } from '../db/transient';
import { issueMessage, pickLanguage, translate } from '../i18n';
import type { Services } from '../services';
import { ValidationFailed } from './validation';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Every route as registered (app.ts). */
    routeList: { method: string; url: string; hidden: boolean }[];
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** A device or link caller, resolved before validation (route.ts): its organisation and what it is. */
    caller?: { entityId: number; device?: Device; link?: LinkOf };
    lang: Language;
  }
  interface FastifyContextConfig {
    access?: 'public' | 'account' | 'tenant' | 'device' | 'link';
  }
}

/** Reads the bearer token and the language of every API request. */
export function registerIdentity(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  app.decorateRequest('caller', undefined);
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const params = req.params as Record<string, unknown> | undefined;
    // A SCIM token (`scim_…`) is proved by the SCIM routes themselves, in its organisation's tenant transaction.
    if (token && !token.startsWith('scim_')) {
      req.actor = await resolveActor(app.services.database.db, token);
      // A token that is sent but unknown or expired is refused even on public calls that would accept none.
      if (!req.actor && req.routeOptions.config?.access && req.routeOptions.config.access !== 'public') {
        // left to the route's access check (401)
      }
    }
    req.lang = pickLanguage({ pathLang: params?.lang, userLang: req.actor?.lang, header: req.headers['accept-language'] });
  });
}

/** The one error presenter: every failure becomes `{ message, errors?, code? }` in the caller's language. */
export function registerErrors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | ValidationFailed, req, reply) => {
    const lang = req.lang ?? 'en';
    if (err instanceof ValidationFailed) {
      const errors: Record<string, string[]> = {};
      for (const issue of err.issues) {
        const field = issue.path.length ? issue.path.join('.') : err.part;
        (errors[field] ??= []).push(issueMessage(lang, issue));
      }
      return reply.code(400).send({ message: translate(lang, 'errors.validation'), errors });
    }
    if (err instanceof AppError) {
      const errors = err.extra.errors
        ? Object.fromEntries(Object.entries(err.extra.errors).map(([k, v]) => [k, v.map((m) => translate(lang, m, err.extra.vars))]))
        : undefined;
      const body: Record<string, unknown> = { message: translate(lang, err.message, err.extra.vars) };
      if (errors) body.errors = errors;
      if (err.extra.code) body.code = err.extra.code;
      if (err.extra.otp_error) body.otp_error = true;
      if (err.extra.data !== undefined) body.data = err.extra.data;
      return reply.code(err.status).send(body);
    }
    const status = (err as FastifyError).statusCode ?? 500;
    const code = (err as FastifyError).code;
    if (status === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE' || code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ message: translate(lang, 'errors.too_large') });
    }
    if (status === 429) return reply.code(429).send({ message: translate(lang, 'errors.too_many') });
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (err as Error).name === 'SyntaxError') {
      return reply.code(400).send({ message: translate(lang, 'errors.bad_json'), errors: { body: [translate(lang, 'errors.bad_json')] } });
    }
    if (isStatementTimeout(err)) {
      // A statement over its lane's limit (STATEMENT_TIMEOUT_MS): stopped, rolled back, and said so.
      req.log.warn({ err, url: req.url }, 'statement timeout');
      return reply.code(503).send({ message: translate(lang, 'errors.took_too_long') });
    }
    if (isDatabaseUnreachable(err)) {
      // The pool could not reach the database or lost the connection (the embedded database still busy with a
      // statement past its limit, a restart of the server): nothing was committed; the caller may try again.
      req.log.warn({ err, url: req.url }, 'database unreachable');
      return reply.code(503).send({ message: translate(lang, 'errors.busy_retry') });
    }
    if (isTransient(err)) {
      // A deadlock or serialization failure still there after the retries (route.ts): rolled back, nothing changed.
      req.log.warn({ err, url: req.url }, 'transaction rolled back by the database (retries spent)');
      return reply.code(503).send({ message: translate(lang, 'errors.busy_retry') });
    }
    if (isDataException(err)) {
      // Defence in depth: a value the schema let through but PostgreSQL refuses (class 22, data exception: a number
      // out of range, an impossible date…). The transaction rolled back, so nothing changed; it is the input's fault.
      req.log.warn({ err }, 'input refused by the database');
      return reply.code(400).send({ message: translate(lang, 'errors.validation') });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: status === 404 ? translate(lang, 'errors.not_found') : translate(lang, 'errors.validation') });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: translate(lang, 'errors.server') });
  });
}


/**
 * The database could not be reached or dropped the connection: node-postgres's connect timeout or a connection
 * ended mid-query, a refused socket, or PostgreSQL's connection exceptions (class 08), too many connections (53300)
 * and shutdown (57P01-57P03).
 */
export const isDatabaseUnreachable = (err: unknown) =>
  causedBy(
    err,
    (e) =>
      (typeof e.code === 'string' && (/^08[0-9A-Z]{3}$/.test(e.code) || /^57P0[123]$/.test(e.code) || e.code === '53300' || ['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(e.code))) ||
      (typeof e.message === 'string' && /^(timeout exceeded when trying to connect|Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable)$/.test(e.message)),
  );

/** A PostgreSQL data exception (SQLSTATE class 22). */
const isDataException = (err: unknown) => causedBy(err, (e) => typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code));

/**
 * A statement stopped at its limit: PostgreSQL's `statement_timeout` (57014), or node-postgres's read timeout,
 * which is how the embedded database's limit is kept (`withTenant`).
 */
export const isStatementTimeout = (err: unknown) => causedBy(err, (e) => e.code === '57014' || e.message === 'Query read timeout');
