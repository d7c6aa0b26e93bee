import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { inLane } from '../../../platform/db/lanes';
import { isStatementTimeout } from '../../../platform/http/plugins';
import { laneOf } from '../../../platform/http/lanes';
import { routeDoc } from '../../../platform/http/openapi';
import { withTenant } from '../../../platform/db/tenant';
import type { Db } from '../../../platform/db/client';
import { AppError } from '../../../platform/errors';
import { ValidationFailed } from '../../../platform/http/validation';
import type { Services } from '../../../platform/services';
import { SCIM_TYPE, ScimError, scimBody } from './errors';
import { claimedEntity, proveToken } from './token';
import type { ScimScope } from './users';

/** How SCIM calls are served: the token's organisation, its tenant transaction, SCIM errors, SCIM content type. */

export interface ScimCtx<P, Q, B> {
  req: FastifyRequest;
  reply: FastifyReply;
  tx: Db;
  scope: ScimScope;
  params: P;
  query: Q;
  body: B;
}

interface ScimRouteDef<P extends z.ZodType | undefined, Q extends z.ZodType | undefined, B extends z.ZodType | undefined> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  /** `public`: the discovery documents (no organisation data); `scim` (default): the organisation's SCIM token. */
  access?: 'scim' | 'public';
  params?: P;
  query?: Q;
  body?: B;
  response: z.ZodType;
  status?: number;
  handler: (ctx: ScimCtx<P extends z.ZodType ? z.output<P> : undefined, Q extends z.ZodType ? z.output<Q> : undefined, B extends z.ZodType ? z.output<B> : undefined>) => Promise<unknown>;
}

/** A SCIM body read as a SCIM client sends it; larger answers 413. */
export const SCIM_BODY_LIMIT = 256 * 1024;

const unauthorized = () => new ScimError(401, 'A valid SCIM bearer token is required');

export function scimRouter(app: FastifyInstance, services: Services, base: string) {
  return function route<P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined>(def: ScimRouteDef<P, Q, B>) {
    const access = def.access ?? 'scim';
    app.route({
      method: def.method,
      url: def.url.replace(/\{(\w+)\}/g, ':$1'),
      bodyLimit: SCIM_BODY_LIMIT,
      schema: Object.fromEntries(
        Object.entries({
          summary: def.summary,
          tags: ['scim'],
          params: def.params,
          querystring: def.query,
          body: def.body,
          response: { [def.status ?? 200]: def.response },
          security: access === 'public' ? [] : [{ scim: [] }],
        }).filter(([, v]) => v !== undefined),
      ),
      config: { access: access as never, doc: routeDoc({ body: def.body, status: def.status }, access) },
      handler: async (req, reply) => {
        const run = (tx: Db, scope: ScimScope) =>
          def.handler({ req, reply, tx, scope, params: req.params as never, query: req.query as never, body: req.body as never });
        const result = await inLane(laneOf(req), async () => {
          if (access === 'public') return run(services.database.db, { entityId: 0, integrationId: 0, base });
          const header = req.headers.authorization ?? '';
          const token = /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '').trim() : '';
          const entityId = claimedEntity(token);
          if (!entityId) throw unauthorized();
          return withTenant(services.database.db, entityId, async (tx) => {
            const integrationId = await proveToken(tx, services.config.secretKey, entityId, token);
            if (!integrationId) throw unauthorized();
            return run(tx, { entityId, integrationId, base });
          });
        });
        reply.code(def.status ?? 200);
        return def.status === 204 ? reply.send() : result;
      },
    });
  };
}

const causeCode = (err: unknown): string | undefined => {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, d = 0; e && d < 3; e = e.cause as typeof e, d++) if (typeof e.code === 'string') return e.code;
  return undefined;
};

/** Every failure of a SCIM call as SCIM's error body (RFC 7644 §3.12), never a 500 for the client's input. */
export function registerScimErrors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | ScimError | AppError | ValidationFailed, req, reply) => {
    const send = (status: number, detail: string, scimType?: ScimError['scimType']) => {
      if (status === 401) reply.header('www-authenticate', 'Bearer realm="scim"');
      return reply.code(status).type(SCIM_TYPE).send(scimBody(status, detail, scimType));
    };
    if (err instanceof ScimError) return send(err.status, err.detail, err.scimType);
    if (err instanceof ValidationFailed) {
      const where = [...new Set(err.issues.map((i) => i.path.join('.') || err.part))].join(', ');
      return send(400, `Invalid value: ${where.slice(0, 200)}`, err.part === 'querystring' && where.includes('filter') ? 'invalidFilter' : 'invalidValue');
    }
    if (err instanceof AppError) return send(err.status, err.status === 400 ? 'The request body is not valid JSON or nests too deep' : 'Request refused', err.status === 400 ? 'invalidSyntax' : undefined);
    const status = (err as FastifyError).statusCode ?? 500;
    const code = (err as FastifyError).code;
    const db = causeCode(err);
    if (status === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(413, 'The request body is too large');
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (err as Error).name === 'SyntaxError') return send(400, 'The request body is not valid JSON', 'invalidSyntax');
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return send(415, 'Send application/scim+json or application/json');
    if (db === '23505') return send(409, 'Another user already has this userName, e-mail, phone number or externalId', 'uniqueness');
    if (db && /^22[0-9A-Z]{3}$/.test(db)) return send(400, 'A value is not valid', 'invalidValue');
    if (isStatementTimeout(err)) return send(503, 'The database took too long: try again');
    if (status >= 400 && status < 500) return send(status, status === 404 ? 'Not found' : 'Bad request');
    req.log.error({ err }, 'unhandled SCIM error');
    return send(500, 'Internal error');
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).type(SCIM_TYPE).send(scimBody(404, 'No such SCIM endpoint')));
}
