import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg } from '../../../test/factories';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

/** The documented calls of the foundation's areas (auth, passport, entity, preferences of api.json). */
const DOCUMENTED = [
  'GET /api/user_details',
  'GET /api/user-role',
  'POST /api/change-lang',
  'GET /api/logout',
  'GET /api/users_entities/{user_id}',
  'GET /api/get-entity/{entity_id}',
  'GET /api/check_subdomain',
  'POST /api/entity',
  'POST /api/entity/{id}',
  'POST /api/client_token',
  'DELETE /api/client_token',
  'POST /api/check-unique-field',
  'GET /api/entity_by_subdomain',
  'POST /api/passport_auth',
  'POST /api/register',
  'POST /api/login',
  'POST /api/get-client-secret',
  'POST /api/access-token',
  'GET /api/generate_passport_token',
  'POST /api/check-activation-status',
  'POST /api/reactivate-passport-account',
  'POST /api/generate-token-by-id',
  'POST /api/accept-invitation-from-cloud',
  'POST /api/reject-invitation-from-cloud',
  'GET /api/adminPreference/{entityId}',
  'POST /api/adminPreference',
  'PUT /api/adminPreference/{id}',
  'GET /api/check_columns_In_dashboard/{entityId}',
];

const documented = async () => {
  const doc = (await api(h.app).get('/api/openapi.json')).body;
  const ops = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) for (const method of Object.keys(item)) ops.add(`${method.toUpperCase()} ${path}`);
  return { doc, ops };
};

describe('API documentation', () => {
  it('GET /api/openapi.json is OpenAPI 3 and lists every registered route', async () => {
    const { doc, ops } = await documented();
    expect(doc.openapi).toMatch(/^3\./);
    const missing = h.app.routeList
      .filter((r) => !r.hidden && r.method !== 'HEAD' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((r) => !ops.has(r));
    expect(missing).toEqual([]);
    expect(h.app.routeList.length).toBeGreaterThan(30);
  });

  it('documents every call of the auth, passport, entity and preferences areas, with a summary and a tag', async () => {
    const { doc, ops } = await documented();
    expect(DOCUMENTED.filter((r) => !ops.has(r))).toEqual([]);
    for (const r of DOCUMENTED) {
      const [method, path] = r.split(' ');
      const op = doc.paths[path][method.toLowerCase()];
      expect(op.summary, r).toBeTruthy();
      expect(op.tags?.length, r).toBeGreaterThan(0);
    }
    // calls that need a session say so; public ones do not
    expect(doc.paths['/api/get-entity/{entity_id}'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/login'].post.security).toEqual([]);
    const tags = new Set(Object.values(doc.paths as Record<string, Record<string, { tags?: string[] }>>).flatMap((item) => Object.values(item).flatMap((x) => x.tags ?? [])));
    for (const tag of ['auth', 'passport', 'entity', 'preferences']) expect(tags, tag).toContain(tag);
  });

  it('/api/docs answers 200 with the browsable documentation', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode, String(res.headers.location)).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/swagger/i);
    const init = await h.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
  });

  it('/api/health answers ok with the database kind', async () => {
    const res = await api(h.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: h.services.database.kind, jobs: true });
  });

  it('issue 15 part 4: /api/console-config tells a signed-in member whether PUBLIC_URL is set (links say localhost while not)', async () => {
    expect((await api(h.app).get('/api/console-config')).status).toBe(401);
    const org = await createOrg(h);
    // The harness sets PUBLIC_URL.
    expect((await api(h.app, org.token).get('/api/console-config')).body.data).toEqual({ public_url: 'http://localhost:3000', public_url_set: 1 });
    const unset = await buildTestApp({ env: { PUBLIC_URL: '', PORT: '3105' } });
    try {
      const member = await createOrg(unset);
      expect((await api(unset.app, member.token).get('/api/console-config')).body.data).toEqual({ public_url: 'http://localhost:3105', public_url_set: 0 });
    } finally {
      await unset.close();
    }
    // A second app is built here: more than the default 30 s on a busy machine.
  }, 180_000);
});
