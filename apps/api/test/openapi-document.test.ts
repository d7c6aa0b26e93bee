import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from './harness';
import { type Doc, gaps } from './openapi-gaps';

/**
 * Issue 20 part 6: the OpenAPI document describes every operation completely (openapi-gaps.ts says what that means),
 * and a client generated from it with openapi-typescript type-checks a script that calls the API as the console does.
 */

let h: TestApp;
let doc: Doc;
beforeAll(async () => {
  h = await buildTestApp({ jobs: false });
  doc = (await api(h.app).get('/api/openapi.json')).body as Doc;
}, 120_000);
afterAll(() => h?.close());

const clone = (): Doc => structuredClone(doc);

describe('the OpenAPI document is complete', () => {
  it('no operation lacks a body, a parameter, an answer, a failure answer or its security', () => {
    expect(gaps(doc)).toEqual([]);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(200);
  });

  it('the check fails when an operation lacks any of them', () => {
    const broken = clone();
    const journey = broken.paths['/api/journey'].post;
    delete journey.requestBody;
    delete (journey.responses as Record<string, unknown>)['403'];
    const users = broken.paths['/api/users/{entityId}'].get;
    users.parameters = (users.parameters as { in: string }[]).filter((p) => p.in !== 'path');
    delete broken.paths['/api/login'].post.security;
    const login = broken.paths['/api/login'].post.responses as Record<string, unknown>;
    login['429'] = { description: 'no schema' };
    const files = broken.paths['/api/users/import'].post.requestBody as { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    delete files.content['multipart/form-data'].schema.properties.file;
    delete files.content['multipart/form-data'].schema.properties.photos;
    expect(gaps(broken)).toEqual([
      'POST /api/login: security',
      'POST /api/login: 429 answer without the ErrorBody schema',
      'POST /api/journey: request body',
      'POST /api/journey: 403 answer',
      'POST /api/users/import: multipart form without a file field',
      'GET /api/users/{entityId}: path parameter entityId',
    ].sort((a, b) => order(broken, a) - order(broken, b)));
  });

  it('multipart writes publish their form with its file fields beside the JSON body', () => {
    for (const [path, file] of [['/api/journey', 'logo'], ['/api/users', 'image'], ['/api/create-expected-visit/{lang}', 'image'], ['/api/user_document', 'file'], ['/api/entity/{id}', 'logo']]) {
      const content = (doc.paths[path].post.requestBody as { content: Record<string, { schema: { properties: Record<string, { format?: string }> } }> }).content;
      expect(content['multipart/form-data'].schema.properties[file]?.format, path).toBe('binary');
      expect(content['application/json'], path).toBeDefined();
    }
    const form = (doc.paths['/api/users/import'].post.requestBody as { content: Record<string, { schema: { required: string[] } }> }).content;
    expect(Object.keys(form)).toEqual(['multipart/form-data']);
    expect(form['multipart/form-data'].schema.required).toContain('file');
  });

  it('says who may call: the permission keys, the access and the rate limit', () => {
    expect(doc.paths['/api/journey'].post['x-permission']).toEqual(['journeys']);
    expect(doc.paths['/api/journey'].post['x-access']).toBe('tenant');
    expect(doc.paths['/api/login'].post['x-access']).toBe('public');
    expect(doc.paths['/api/login'].post['x-rate-limit']).toMatchObject({ max: expect.any(Number) });
    // SCIM (issue 19 part 6): every call under /scim/v2 with its own bearer scheme, the organisation's SCIM token
    const scim = Object.entries(doc.paths).filter(([path]) => path.startsWith('/scim/v2/'));
    expect(scim.flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`)).sort()).toEqual(
      ['DELETE /scim/v2/Users/{id}', 'GET /scim/v2/Groups', 'GET /scim/v2/Groups/{id}', 'GET /scim/v2/ResourceTypes', 'GET /scim/v2/Schemas', 'GET /scim/v2/ServiceProviderConfig',
        'GET /scim/v2/Users', 'GET /scim/v2/Users/{id}', 'PATCH /scim/v2/Groups/{id}', 'PATCH /scim/v2/Users/{id}', 'POST /scim/v2/Users', 'PUT /scim/v2/Users/{id}'],
    );
    expect(doc.components?.securitySchemes?.scim).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/scim/v2/Users'].post.security).toEqual([{ scim: [] }]);
    expect(doc.paths['/scim/v2/Users'].post['x-access']).toBe('scim');
    expect(doc.paths['/scim/v2/ServiceProviderConfig'].get.security).toEqual([]);
    expect(doc.paths['/api/users/import_template'].get.responses).toMatchObject({
      200: { content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { format: 'binary' } } } },
    });
  });
});

/** The order gaps() reports in: path by path as the document lists them. */
function order(d: Doc, line: string) {
  const [method, path] = line.split(':')[0].split(' ');
  return Object.keys(d.paths).indexOf(path) * 10 + Object.keys(d.paths[path]).indexOf(method.toLowerCase());
}

/** A script calling the API as the console does, with a client typed by the generated `paths`. */
const CLIENT = `
import createClient from 'openapi-fetch';
import type { components, paths } from './api';

const client = createClient<paths>({ baseUrl: 'http://localhost:3000' });

export async function signIn(email: string, password: string): Promise<string | undefined> {
  const { data, error } = await client.POST('/api/login', { body: { email, password } });
  if (error) {
    const fields: Record<string, string[]> | undefined = error.errors;
    return fields ? undefined : error.message;
  }
  return data.data.token;
}

export async function people(entityId: number) {
  const { data } = await client.GET('/api/users/{entityId}', { params: { path: { entityId }, query: { page: 2, limit: 50, search: 'ann' } } });
  return (data?.data ?? []).map((p) => \`\${p.first_name} \${p.last_name}\`);
}

export async function addPerson(userTypeId: number) {
  const { data } = await client.POST('/api/users', { body: { first_name: 'Ann', last_name: 'Lee', user_type_id: userTypeId, email: 'ann@example.test' } });
  return data?.data.id;
}

export async function newJourney() {
  const { data } = await client.POST('/api/journey', { body: { name: 'Front desk', site_ids: [1], temperature_check: true } });
  const id: number | undefined = data?.data.id;
  return id;
}

type JourneyForm = paths['/api/journey']['post']['requestBody']['content']['multipart/form-data'];
export const form: JourneyForm = { name: 'Front desk', logo: 'a file' };

type ImportForm = NonNullable<paths['/api/users/import']['post']['requestBody']>['content']['multipart/form-data'];
export const upload: ImportForm = { file: 'people.xlsx' };

export const failure: components['schemas']['ErrorBody'] = { message: 'Invalid', errors: { name: ['Too short'] } };
`;

/** Scripts the document must refuse: a body field it does not have, a missing required one, a wrong path. */
const WRONG = [
  `const r = client.POST('/api/login', { body: { email: 42, password: 'x' } });`,
  `type B = paths['/api/login']['post']['requestBody']['content']['application/json']; const r: B = { email: 'a@b.c', password: 'x', remember_forever: true };`,
  `const r = client.POST('/api/users', { body: { first_name: 'Ann', last_name: 'Lee' } });`,
  `const r = client.GET('/api/no-such-call');`,
  `type F = paths['/api/users/import']['post']['requestBody']['content']['multipart/form-data']; const r: F = { photos: 'x' };`,
];

/** tsc on the generated `api.ts` and the scripts, in a temporary folder, as one program; each script's diagnostics. */
function typeCheck(dir: string, scripts: string[]): string[][] {
  const files = scripts.map((script, i) => {
    const file = join(dir, `script${i}.ts`);
    writeFileSync(file, script);
    return file;
  });
  const fetchTypes = dirname(createRequire(import.meta.url).resolve('openapi-fetch/package.json'));
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    paths: { 'openapi-fetch': [fetchTypes] },
  });
  return files.map((file) => ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')));
}

describe('a client generated from the document', () => {
  it('type-checks a script calling documented bodies, parameters, answers and errors, and refuses wrong calls', async () => {
    const source = astToString(await openapiTS(structuredClone(doc) as never, { silent: true }));
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-client-'));
    try {
      writeFileSync(join(dir, 'api.ts'), source);
      const header = CLIENT.split('\n').slice(0, 6).join('\n');
      const [right, ...wrong] = typeCheck(dir, [CLIENT, ...WRONG.map((w) => `${header}\n${w}\nexport { r };\n`)]);
      expect(right).toEqual([]);
      WRONG.forEach((w, i) => expect(wrong[i].length, w).toBeGreaterThan(0));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
