import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { type PermissionKey, zErrorBody } from '@gatehouse/contract';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileFields } from './multipart';

/**
 * The OpenAPI document (`GET /api/openapi.json`): what @fastify/swagger and fastify-type-provider-zod make of each
 * route's zod schemas, completed here so that a client can be generated from it (docs/ARCHITECTURE.md, "The API
 * document"): multipart bodies with their file fields, file answers, who may call (`x-access`, `x-permission`,
 * `x-standalone`, `x-plan`, `x-rate-limit`) and the error answers, all in one shared `ErrorBody` schema.
 */

/** A form a route reads with `readMultipart`: its file fields, and its text fields as the document shows them. */
export interface MultipartForm {
  files: FileFields;
  /** The text fields, as documented (default: the route's `body`). */
  fields?: z.ZodType;
  /** The route takes no JSON body, only the form. */
  only?: boolean;
}

/** What the document needs to know of a route beyond its schemas (route.ts hands it over in the route's config). */
export interface RouteDoc {
  access: string;
  permission?: PermissionKey | PermissionKey[];
  adminOnly?: boolean;
  standalone?: boolean;
  plan?: string;
  body?: z.ZodType;
  multipart?: MultipartForm;
  /** The content types of a file answer (raw routes that send a file). */
  produces?: string[];
  status?: number;
  rateLimit?: { max: number; timeWindow: number };
  /** Link routes: the link kinds taken and where the link's token is. */
  link?: { kinds: readonly { name: string }[]; in: string; name: string; orMember?: unknown };
}

const ERROR_REF = { $ref: '#/components/schemas/ErrorBody' };
const binary = { type: 'string', format: 'binary' };

type Json = Record<string, unknown>;

/** jsonSchemaTransform, then the multipart body, the file answer and the `x-` facts of the route. */
export const transformRoute: SwaggerTransform = (document) => {
  const doc = (document.route.config as { doc?: RouteDoc } | undefined)?.doc;
  const form = doc?.multipart;
  const fields = form ? (form.fields ?? doc?.body ?? z.object({})) : undefined;
  const schema = fields ? { ...(document.schema as Json), body: fields } : document.schema;
  const out = jsonSchemaTransform({ ...document, schema } as never) as { schema: Json; url: string };
  if (!doc || out.schema.hide) return out;
  const s = out.schema;
  if (form && doc) {
    const formSchema = withFiles(s.body as Json, form.files);
    const content: Json = { 'multipart/form-data': { schema: formSchema } };
    if (!form.only) content['application/json'] = { schema: (toJson(doc.body ?? z.object({})) as Json) };
    s.body = { content };
  }
  if (doc.produces && !s.response) {
    s.response = {
      [doc.status ?? 200]: { description: 'The file', content: Object.fromEntries(doc.produces.map((type) => [type.split(';')[0], { schema: binary }])) },
    };
  }
  s['x-access'] = doc.access;
  if (doc.permission) s['x-permission'] = [doc.permission].flat();
  if (doc.adminOnly) s['x-admin-only'] = true;
  if (doc.standalone) s['x-standalone'] = true;
  if (doc.plan) s['x-plan'] = doc.plan;
  if (doc.rateLimit) s['x-rate-limit'] = { max: doc.rateLimit.max, window_ms: doc.rateLimit.timeWindow };
  if (doc.link) s['x-link'] = { kinds: doc.link.kinds.map((k) => k.name), in: doc.link.in === 'params' ? 'path' : doc.link.in === 'form' ? 'body' : doc.link.in, name: doc.link.name, ...(doc.link.orMember ? { or_member: true } : {}) };
  return out;
};

const toJson = (schema: z.ZodType) => {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as Json;
  delete json.$schema;
  return json;
};

function withFiles(fields: Json, files: FileFields): Json {
  const properties = { ...((fields.properties as Json | undefined) ?? {}) };
  const required = [...((fields.required as string[] | undefined) ?? [])];
  for (const [name, spec] of Object.entries(files)) {
    properties[name] = { ...binary, description: `A file of at most ${spec.maxBytes} bytes${spec.types ? ` (${spec.types.join(', ')})` : ''}` };
    if (spec.required) required.push(name);
  }
  return { ...fields, type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** The failure answers each operation can give, with when they happen. */
const FAILURES: { status: string; name: string; description: string; applies: (method: string, op: Json) => boolean }[] = [
  { status: '400', name: 'BadRequest', description: 'Invalid input: `errors` maps each field to its messages, in the caller’s language', applies: () => true },
  { status: '401', name: 'Unauthenticated', description: 'No valid session or token', applies: (_m, op) => secured(op) },
  { status: '403', name: 'Forbidden', description: 'The caller may not do this: a missing permission, site or user-type grant, two-step not set up (`otp_error`), package or plan', applies: (_m, op) => secured(op) },
  { status: '404', name: 'NotFound', description: 'Not found, or not the caller’s organisation’s', applies: () => true },
  { status: '409', name: 'Conflict', description: 'In conflict with the current state (a name taken, a state that changed, an idempotency key reused for other content)', applies: (m) => m !== 'get' },
  { status: '413', name: 'TooLarge', description: 'The body or one of its files is too large', applies: (_m, op) => !!op.requestBody },
  { status: '429', name: 'TooManyRequests', description: 'Too many requests: try again later', applies: (_m, op) => !!op['x-rate-limit'] },
  { status: '503', name: 'Unavailable', description: 'The database took too long or is unavailable: try again', applies: () => true },
];

const WRITES = ['post', 'put', 'patch'];
const NO_BODY = { required: false, description: 'This call reads no body', content: { 'application/json': { schema: { type: 'object', description: 'Nothing: send no body, or {}' } } } };

const secured = (op: Json) => Array.isArray(op.security) && op.security.length > 0;

/** The shared error schema, and each operation's failure answers (an answer a route documents itself is kept). */
export const transformDocument: SwaggerTransformObject = (document) => {
  const doc = (document as { openapiObject: unknown }).openapiObject as Json & { paths?: Record<string, Record<string, Json>>; components?: Json };
  const components = (doc.components ??= {}) as { schemas?: Json; responses?: Json };
  components.schemas = { ...components.schemas, ErrorBody: { ...zErrorBodyJson(), description: 'The body of every failure' } };
  components.responses = {
    ...components.responses,
    ...Object.fromEntries(FAILURES.map((f) => [f.name, { description: f.description, content: { 'application/json': { schema: ERROR_REF } } }])),
  };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      // A write that declares no body reads none (a handler only sees what its route declares).
      if (WRITES.includes(method) && !op.requestBody) op.requestBody = NO_BODY;
      const responses = (op.responses ??= {}) as Record<string, Json>;
      for (const f of FAILURES) {
        if (!responses[f.status] && f.applies(method, op)) responses[f.status] = { $ref: `#/components/responses/${f.name}` };
      }
    }
  }
  return doc as ReturnType<SwaggerTransformObject>;
};

const zErrorBodyJson = () => {
  const json = z.toJSONSchema(zErrorBody, { target: 'openapi-3.0', io: 'output' }) as Json;
  delete json.$schema;
  return json;
};

/** The facts of a route definition the document shows (route.ts puts them in the route's config). */
export function routeDoc(d: Omit<RouteDoc, 'access'>, access: string): RouteDoc {
  return { access, permission: d.permission, adminOnly: d.adminOnly, standalone: d.standalone, plan: d.plan, body: d.body, multipart: d.multipart, produces: d.produces, status: d.status, rateLimit: d.rateLimit, link: d.link };
}
