import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/harness';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

describe('security headers on every answer', () => {
  it('an API answer, a refusal and an unknown path all carry the policy and helmet’s headers', async () => {
    const org = await createOrg(h);
    const answers = [
      await h.app.inject({ method: 'GET', url: '/api/health' }),
      await h.app.inject({ method: 'GET', url: `/api/sites/${org.entityId}`, headers: { authorization: `Bearer ${org.token}` } }),
      await h.app.inject({ method: 'GET', url: `/api/sites/${org.entityId}` }),
      await h.app.inject({ method: 'GET', url: '/api/no-such-call' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404]);
    for (const res of answers) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self' ws: wss:");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toBeDefined();
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });
});
