/**
 * What an operation of the OpenAPI document lacks for a client to be generated from it (openapi-document.test.ts):
 * the request body of every write (multipart forms with their file fields), every path parameter, a success answer
 * with its schema, the failure answers the call can give with the shared `ErrorBody`, and who may call it.
 */

type Json = Record<string, unknown>;
export interface Doc {
  paths: Record<string, Record<string, Json>>;
  components?: { schemas?: Json; responses?: Record<string, Json>; securitySchemes?: Json };
}

const WRITES = ['post', 'put', 'patch'];
const ERROR_SCHEMA = '#/components/schemas/ErrorBody';

/** The answer a `$ref` to `#/components/responses/X` names, or the answer itself. */
function resolve(doc: Doc, answer: Json | undefined): Json | undefined {
  const ref = answer?.$ref;
  if (typeof ref !== 'string') return answer;
  return doc.components?.responses?.[ref.replace('#/components/responses/', '')];
}

/** Failure answers every operation must document, by when they can happen (platform/http/openapi.ts). */
export function expectedFailures(method: string, op: Json): string[] {
  const secured = Array.isArray(op.security) && op.security.length > 0;
  return [
    '400',
    ...(secured ? ['401', '403'] : []),
    '404',
    ...(method !== 'get' ? ['409'] : []),
    ...(op.requestBody ? ['413'] : []),
    ...(op['x-rate-limit'] ? ['429'] : []),
    '503',
  ];
}

export function gaps(doc: Doc): string[] {
  const out: string[] = [];
  const schemes = Object.keys(doc.components?.securitySchemes ?? {});
  const errorBody = doc.components?.schemas?.ErrorBody as { properties?: Json; required?: string[] } | undefined;
  if (!errorBody?.properties?.message || !errorBody.properties.errors || !errorBody.required?.includes('message')) out.push('components.schemas.ErrorBody: message and errors');
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const at = `${method.toUpperCase()} ${path}`;
      if (!op.summary) out.push(`${at}: summary`);
      if (!(op.tags as string[] | undefined)?.length) out.push(`${at}: tags`);
      // who may call
      if (!Array.isArray(op.security)) out.push(`${at}: security`);
      else for (const s of op.security as Json[]) for (const name of Object.keys(s)) if (!schemes.includes(name)) out.push(`${at}: unknown security scheme ${name}`);
      if (!op['x-access']) out.push(`${at}: x-access`);
      if (op['x-access'] === 'public' && (op.security as unknown[] | undefined)?.length) out.push(`${at}: public but secured`);
      if (op['x-access'] !== 'public' && !(op.security as unknown[] | undefined)?.length) out.push(`${at}: not public but no security`);
      // what it takes
      const params = (op.parameters ?? []) as { in: string; name: string; schema?: unknown }[];
      for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) {
        if (!params.some((p) => p.in === 'path' && p.name === name && p.schema)) out.push(`${at}: path parameter ${name}`);
      }
      for (const p of params) if (!p.schema) out.push(`${at}: parameter ${p.name} without schema`);
      const body = op.requestBody as { content?: Record<string, { schema?: Json }> } | undefined;
      if (WRITES.includes(method) && !Object.values(body?.content ?? {}).some((c) => c.schema)) out.push(`${at}: request body`);
      const form = body?.content?.['multipart/form-data']?.schema;
      if (form && !Object.values((form.properties ?? {}) as Record<string, Json>).some((p) => p.format === 'binary')) out.push(`${at}: multipart form without a file field`);
      // what it answers
      const responses = (op.responses ?? {}) as Record<string, Json>;
      const success = Object.entries(responses).filter(([code]) => /^2/.test(code));
      if (!success.length) out.push(`${at}: success answer`);
      for (const [code, answer] of success) {
        if (!Object.values((answer.content ?? {}) as Record<string, { schema?: unknown }>).some((c) => c.schema)) out.push(`${at}: ${code} without a schema`);
      }
      for (const code of expectedFailures(method, op)) {
        const answer = resolve(doc, responses[code]);
        const schema = (answer?.content as Record<string, { schema?: Json }> | undefined)?.['application/json']?.schema;
        if (!answer) out.push(`${at}: ${code} answer`);
        else if (schema?.$ref !== ERROR_SCHEMA) out.push(`${at}: ${code} answer without the ErrorBody schema`);
      }
    }
  }
  return out;
}
