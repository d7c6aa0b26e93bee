import { isAllowed, type Language, type PermissionKey, planAllowsCustomFields, type ServerEvent, type ServerEventPayloads } from '@gatehouse/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor, MemberActor } from '../auth/actor';
import { type Device, deviceToken, resolveDevice } from '../auth/device-caller';
import { type LinkOf, type LinkSpec, resolveLinkCaller } from '../auth/link-caller';
import type { Db } from '../db/client';
import { inLane } from '../db/lanes';
import { withTenant } from '../db/tenant';
import { retryTransient } from '../db/transient';
import { laneOf } from './lanes';
import { type MultipartForm, routeDoc } from './openapi';
import { AppError, forbidden, notFound, unauthenticated } from '../errors';
import { translate } from '../i18n';
import { type CommittedWrite, flushEvents, type QueuedEvent } from '../realtime';
import type { Services } from '../services';
import { audit as writeAudit } from '../audit';

/**
 * Who may call a route (docs/ARCHITECTURE.md, "Callers are declared on the route"). `public`: anyone, no
 * organisation's data (rate limit it); `account`: any signed-in account, with or without an organisation;
 * `tenant` (default): a member of the session's organisation, in its tenant transaction; `device`: a kiosk by its
 * device token (`ctx.device`), in its organisation's tenant transaction; `link`: a visitor's link of the kinds the
 * route names (`ctx.link`), resolved and checked before the handler, in its organisation's tenant transaction.
 */
export type Access = 'public' | 'account' | 'tenant' | 'device' | 'link';

type Schema = z.ZodType | undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface Ctx<A extends Access, P extends Schema, Q extends Schema, B extends Schema> {
  req: FastifyRequest;
  reply: FastifyReply;
  services: Services;
  lang: Language;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  actor: A extends 'tenant' ? MemberActor : A extends 'account' ? Actor : Actor | null;
  /** The calling kiosk, its organisation, area, site and journey (device routes). */
  device: A extends 'device' ? Device : undefined;
  /** The resolved visitor's link (link routes). */
  link: A extends 'link' ? LinkOf : undefined;
  /** Link routes whose token is in a form the handler reads (`link.in: 'form'`): resolves it, as before other routes' handlers. */
  openLink: (token: unknown) => Promise<LinkOf>;
  /** Runs `fn` in the organisation's tenant transaction (row-level security bound): the member's, the kiosk's or the link's. */
  tenant: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;
  /** Queues a real-time event; it is sent after the handler (and so its transaction) has succeeded. */
  emit: <E extends ServerEvent>(room: 'entity' | 'user', id: number, event: E, payload: ServerEventPayloads[E]) => void;
  /** After the handler's events: the sockets of these members (people ids) leave every room (realtime.endMembership). */
  endMembership: (userIds: number[]) => void;
  /**
   * Records a change in the audit log, in the change's transaction; once the handler has succeeded, the change is
   * also told to the modules that follow such changes (`Realtime.onCommitted`: kiosks reload their configuration).
   */
  audit: (tx: Db, action: string, subject: string, subjectId?: string | number | null, changes?: Record<string, unknown>) => Promise<void>;
  t: (key: string, vars?: Record<string, string | number>) => string;
}

export interface RouteDef<A extends Access, P extends Schema, Q extends Schema, B extends Schema, R extends Schema> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The documented path, `{param}` style, `/api` included. */
  url: string;
  summary: string;
  access?: A;
  /** Link routes: the link kinds the route takes and where its token is (platform/auth/link-caller.ts). */
  link?: LinkSpec;
  /** Any one of these permission keys allows the call (rule 90). */
  permission?: PermissionKey | PermissionKey[];
  /** Only the organisation's administrators (role `admin`), whatever the role's permissions: 403 otherwise. */
  adminOnly?: boolean;
  /** Reachable on a Standalone package (rules 7, 92): the sites area. */
  standalone?: boolean;
  /** Needs the professional or enterprise plan (rule 12). */
  plan?: 'custom_fields';
  /** Callable while two-step authentication is required but not yet set up (the passport pages). */
  allowWithoutOtp?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  response?: R;
  status?: number;
  rateLimit?: { max: number; timeWindow: number; key?: (req: FastifyRequest) => string };
  bodyLimit?: number;
  /**
   * The handler reads a multipart body itself (platform/http/multipart.ts) with these file fields; the document shows
   * the form (and the JSON `body` beside it unless `only`).
   */
  multipart?: MultipartForm;
  /** Sends its own reply (files, redirects). */
  raw?: boolean;
  /** A raw route's file answer: its content types (the document shows them as binary). */
  produces?: string[];
  tags?: string[];
  handler: (ctx: Ctx<A, P, Q, B>) => Promise<R extends z.ZodType ? z.input<R> : unknown>;
}

export interface Router {
  route<A extends Access = 'tenant', P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined, R extends Schema = undefined>(
    def: RouteDef<A, P, Q, B, R>,
  ): void;
  /** Runs when the server closes (release what the module opened). */
  onClose(fn: () => Promise<void> | void): void;
}

const ENTITY_KEYS = ['entityId', 'entity_id', 'entity'] as const;

/** The caller's organisation is the only one a call may name; any other id answers 404 (no existence leak). */
function assertOwnEntity(actor: { entityId: number }, ...parts: unknown[]) {
  for (const part of parts) {
    if (!part || typeof part !== 'object') continue;
    for (const k of ENTITY_KEYS) {
      const v = (part as Record<string, unknown>)[k];
      if (v === undefined || v === null || v === '' || typeof v === 'object') continue;
      // Not an id at all: left to the schema (400).
      if (!/^\s*\d+\s*$/.test(String(v))) continue;
      if (Number(v) !== actor.entityId) throw notFound();
    }
  }
}

export function authorize(def: RouteDef<Access, Schema, Schema, Schema, Schema>, actor: Actor | null): void {
  const access = def.access ?? 'tenant';
  if (access === 'public' || access === 'device' || access === 'link') return;
  if (!actor) throw unauthenticated();
  if (access === 'account') return;
  if (!actor.entityId || !actor.entity || !actor.userId) throw forbidden('auth.no_membership');
  // Two-step required for this role but not set up (rules 83-84).
  if (!def.allowWithoutOtp && actor.roleId && actor.entity.otpRoles?.includes(actor.roleId) && !actor.otpEnabled) {
    throw forbidden('errors.otp_required', { otp_error: true });
  }
  if (def.adminOnly && actor.roleKey !== 'admin') throw forbidden();
  if (def.permission) {
    const keys = Array.isArray(def.permission) ? def.permission : [def.permission];
    if (!keys.some((k) => isAllowed(actor.permissions, k))) throw forbidden();
  }
  if (actor.entity.package !== 'Cloud' && !def.standalone && !actor.isSupport) throw forbidden('errors.package_standalone');
  if (def.plan === 'custom_fields' && !planAllowsCustomFields(actor.entity.plan)) throw forbidden('errors.plan_required');
}

/** The document's security scheme of each caller kind (app.ts declares them). */
export const securityOf = (access: Access, orMember = false) =>
  access === 'public' ? [] : access === 'device' ? [{ device: [] }] : access === 'link' ? [{ link: [] }, ...(orMember ? [{ bearer: [] }] : [])] : [{ bearer: [] }];

export const toFastifyPath = (url: string) => url.replace(/\{(\w+)\}/g, ':$1');

export function defineRoutes(register: (r: Router, services: Services) => void): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const services = app.services;
    const router: Router = {
      onClose(fn) {
        app.addHook('onClose', async () => {
          await fn();
        });
      },
      route(def) {
        const d = def as unknown as RouteDef<Access, Schema, Schema, Schema, Schema>;
        const access = d.access ?? 'tenant';
        app.route({
          method: d.method,
          url: toFastifyPath(d.url),
          bodyLimit: d.bodyLimit,
          schema: Object.fromEntries(
            Object.entries({
              summary: d.summary,
              tags: d.tags,
              params: d.params,
              querystring: d.query,
              body: d.multipart ? undefined : d.body,
              response: d.response ? { [d.status ?? 200]: d.response } : undefined,
              security: securityOf(access, !!d.link?.orMember),
            }).filter(([, v]) => v !== undefined),
          ),
          config: {
            access,
            doc: routeDoc(d, access),
            // A key read from the body (e.g. the e-mail of a login) is only known once the body is parsed, so
            // those limits count in preHandler; onRequest would see no body and lump every caller together.
            rateLimit: d.rateLimit
              ? {
                  max: d.rateLimit.max,
                  timeWindow: d.rateLimit.timeWindow,
                  keyGenerator: d.rateLimit.key ?? ((req: FastifyRequest) => req.ip),
                  hook: d.rateLimit.key ? 'preHandler' : 'onRequest',
                }
              : false,
          },
          // Before validation: who may call comes first (401/403/404 before 400), and the organisation check
          // sees the request as sent, including an `entity_id` the route's schema would strip.
          preValidation: async (req) => {
            authorize(d, req.actor);
            if (access === 'device') {
              // A kiosk's token only: a console session (or none, or a revoked kiosk) is not a device.
              const device = await resolveDevice(services.database.db, deviceToken(req));
              if (!device) throw unauthenticated('kiosk_app.device_token');
              req.caller = { device, entityId: device.entity.id };
              assertOwnEntity(req.caller, req.params, req.query, req.body);
            }
            // A multipart form is not parsed yet here (its handler checks its fields); a JSON body is, whatever the route.
            if (access === 'tenant') assertOwnEntity(req.actor as MemberActor, req.params, req.query, req.body);
          },
          // A link is resolved once its token has passed the route's schema (a malformed one answers 400 with its
          // field message), and before the handler: unknown 404, used or expired as its kind's rules say.
          preHandler:
            access === 'link'
              ? async (req) => {
                  if (!d.link) throw new AppError(500, 'errors.server');
                  if (d.link.orMember?.(req)) return;
                  // A form's link: a JSON body is read already (resolved here); a multipart one by the handler (openLink).
                  if (d.link.in === 'form' && req.isMultipart()) return;
                  const form = d.link.in === 'form' ? (req.body as Record<string, unknown> | undefined)?.[d.link.name] : undefined;
                  const link = await resolveLinkCaller(services, d.link, req, form);
                  req.caller = { link, entityId: link.entityId };
                  assertOwnEntity(req.caller, req.params, req.query, req.body);
                }
              : undefined,
          handler: async (req, reply) => {
            const events: QueuedEvent[] = [];
            const writes: CommittedWrite[] = [];
            const actor = req.actor;
            let caller = req.caller;
            let entityId = caller ? caller.entityId : actor?.entityId;
            const ctx: Ctx<Access, Schema, Schema, Schema> = {
              req,
              reply,
              services,
              lang: req.lang,
              params: req.params as never,
              query: req.query as never,
              body: req.body as never,
              actor: actor as never,
              device: caller?.device as never,
              link: caller?.link as never,
              openLink: async (token) => {
                if (access !== 'link' || d.link?.in !== 'form') throw new AppError(500, 'errors.server');
                if (caller?.link) {
                  // Resolved before the handler (a JSON body): the form's token must be that link's.
                  if (String(token ?? '').trim() !== caller.link.token) throw new AppError(404, 'errors.not_found');
                  return caller.link;
                }
                const link = await resolveLinkCaller(services, d.link, req, token);
                caller = req.caller = { link, entityId: link.entityId };
                entityId = link.entityId;
                return link;
              },
              tenant: (fn) => {
                const tenantId = entityId;
                if (!tenantId) throw new AppError(500, 'errors.server');
                // A deadlock or serialization failure runs the transaction again; what the failed attempt queued
                // (events, audit notices) is dropped first.
                const mark = { events: events.length, writes: writes.length };
                return retryTransient(
                  () => {
                    mark.events = events.length;
                    mark.writes = writes.length;
                    return withTenant(services.database.db, tenantId, fn);
                  },
                  () => {
                    events.length = mark.events;
                    writes.length = mark.writes;
                  },
                );
              },
              emit: (room, id, event, payload) => events.push({ room, id, event, payload }),
              endMembership: (userIds) => events.push({ endMembership: userIds }),
              audit: async (tx, action, subject, subjectId, changes) => {
                if (!entityId) throw new AppError(500, 'errors.server');
                await writeAudit(tx, entityId, caller ? null : actor, action, subject, subjectId, changes);
                writes.push({ entityId, action, subject, subjectId: subjectId ?? null, changes: changes ?? null });
              },
              t: (key, vars) => translate(req.lang, key, vars),
            };
            // The request's lane again: reading a body continued on the socket's context (platform/http/lanes.ts).
            const result = await inLane(laneOf(req), () => d.handler(ctx as never));
            flushEvents(services.realtime, events);
            if (writes.length) services.realtime.committed(writes);
            if (d.raw) return reply;
            if (d.status) reply.code(d.status);
            return result;
          },
        });
      },
    };
    register(router, services);
  };
}
