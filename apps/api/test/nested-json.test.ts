import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../src/platform/http/json-body';
import { api, buildTestApp, type TestApp } from './harness';
import { createOrg, type Org } from './factories';
import { multipart } from './multipart';

/**
 * Issue 16 part 6: a JSON body nested deeper than 32 levels answers 400 in the caller's language before anything
 * reads it (5,000 levels answered 500 before, even on /api/login), quickly, on public and tenant routes alike.
 */

let h: TestApp;
let a: Org;
beforeAll(async () => {
  h = await buildTestApp({ jobs: false });
  a = await createOrg(h);
});
afterAll(() => h?.close());

const objects = (n: number, inner = '1') => `${'{"a":'.repeat(n)}${inner}${'}'.repeat(n)}`;
const arrays = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
const json = { 'content-type': 'application/json' };

const MESSAGES = {
  en: 'The request body is nested too deeply (at most 32 levels).',
  ar: 'نص الطلب متداخل بعمق زائد (الحد الأقصى 32 مستوى).',
  es: 'El cuerpo de la solicitud está anidado demasiado (como máximo 32 niveles).',
};

describe('nested JSON bodies', () => {
  const routes = [
    { label: 'POST /api/login (public)', url: '/api/login', token: undefined as (() => string) | undefined },
    { label: 'POST /api/site (tenant)', url: '/api/site', token: () => a.token },
  ];
  for (const route of routes) {
    for (const [shape, body] of [
      ['objects, 33 levels', objects(33)],
      ['arrays, 33 levels', arrays(33)],
      ['objects, 5,000 levels', objects(5000)],
      ['arrays, 5,000 levels', arrays(5000)],
      ['arrays inside an object, 5,000 levels', `{"email":"a@b.c","password":"x","x":${arrays(5000)}}`],
    ] as const) {
      it(`${route.label}: ${shape} answers 400 with the limit`, async () => {
        const started = performance.now();
        const r = await api(h.app, route.token?.()).raw('POST', route.url, body, json);
        expect(performance.now() - started).toBeLessThan(1000);
        expect(r.status).toBe(400);
        expect(r.body).toEqual({ message: MESSAGES.en, errors: { body: [MESSAGES.en] } });
      });
    }
  }

  it('answers in the caller language', async () => {
    for (const lang of ['ar', 'es'] as const) {
      const r = await api(h.app, undefined, lang).raw('POST', '/api/login', objects(40), json);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(MESSAGES[lang]);
    }
  });

  it('32 levels still reach validation (the limit is 32, not less)', async () => {
    const r = await api(h.app).raw('POST', '/api/login', objects(32), json);
    expect(r.status).toBe(400);
    expect(r.body.message).not.toBe(MESSAGES.en);
    expect(r.body.errors.email).toBeDefined();
  });

  it('brackets inside strings do not count', async () => {
    const r = await api(h.app).raw('POST', '/api/login', JSON.stringify({ email: 'nobody@example.test', password: '[{'.repeat(50) }), json);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('The e-mail or password is incorrect.');
  });

  it('a multipart form whose data field nests too deep answers the same 400', async () => {
    const form = multipart({ data: objects(5000, '{}') });
    const r = await api(h.app, a.token).raw('POST', '/api/users', form.payload, form.headers);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MESSAGES.en);
  });
});

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, skips strings and escaped quotes', () => {
    expect(nestsDeeperThan('[[1]]', 2)).toBe(false);
    expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[1]}}', 2)).toBe(true);
    expect(nestsDeeperThan('[[1],[2],[3]]', 2)).toBe(false);
    expect(nestsDeeperThan('["\\"[[[[", "]]"]', 1)).toBe(false);
    expect(nestsDeeperThan('["\\\\", [[1]]]', 2)).toBe(true);
  });

  it('scans five megabytes of brackets in well under a second', () => {
    const text = arrays(2_500_000);
    const started = performance.now();
    expect(nestsDeeperThan(text)).toBe(true);
    expect(nestsDeeperThan(`[${'1,'.repeat(2_500_000)}1]`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
