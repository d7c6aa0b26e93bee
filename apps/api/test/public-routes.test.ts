import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from './harness';
import { operations, type Operation } from './sweep';

/**
 * Callers are declared on the route (issue 20 part 1, docs/ARCHITECTURE.md point 5): no call that reads or writes an
 * organisation's data is `public`. A kiosk calls as a `device`, a visitor's link as a `link`; the few truly public
 * calls are named here, each with why. A new public route fails this test until it is added with its reason.
 */
const PUBLIC: Record<string, string> = {
  'GET /api/health': 'health check, no data',
  'POST /api/register': 'passport sign-up; answers the same whether or not the e-mail is taken',
  'POST /api/login': 'log in',
  'POST /api/forgot-password': 'reset mail; answers the same whether or not the account exists',
  'POST /api/reset-password': 'reset with its token',
  'POST /api/passport_auth': 'exchanges a passport token for a session',
  'POST /api/get-client-secret': 'API credentials from the password (and two-step code)',
  'POST /api/access-token': 'API token from client credentials',
  'GET /api/entity_by_subdomain': "an organisation's login page: its name and logo only",
  'GET /api/files/logos/{file}': "an organisation's logo (shown on its login page and in mails)",
  'POST /api/kiosk-register': 'a new device asks for a pairing code: it has no token yet',
  'POST /api/kiosk-register/poll': 'the device waits for an admin to pair it, then receives its device token once',
  'GET /scim/v2/ServiceProviderConfig': "SCIM discovery (RFC 7644 section 4): what the endpoint supports, no organisation's data",
  'GET /scim/v2/ResourceTypes': 'SCIM discovery: the resource types, no data',
  'GET /scim/v2/Schemas': 'SCIM discovery: the schemas, no data',
};

let h: TestApp;
let ops: (Operation & { 'x-access'?: string })[];
beforeAll(async () => {
  h = await buildTestApp();
  ops = operations((await api(h.app).get('/api/openapi.json')).body);
}, 120_000);
afterAll(() => h?.close());

const key = (op: Operation) => `${op.method} ${op.path}`;
const isScim = (op: Operation) => (op.security ?? []).some((s) => 'scim' in (s as object));

describe('public routes (issue 20: no data route is public)', () => {
  it('only the allow-listed calls are public, and each of them is still a route', () => {
    // The SCIM resources check their own bearer scheme (the organisation's SCIM token) in their tenant transaction.
    const open = ops.filter((op) => op['x-access'] === 'public' && !isScim(op)).map(key).sort();
    expect(open).toEqual(Object.keys(PUBLIC).sort());
  });

  it('every other call names its security scheme: bearer (member or account), device (kiosk) or link (visitor)', () => {
    const wrong: string[] = [];
    for (const op of ops) {
      if (op['x-access'] === 'public' && !isScim(op)) continue;
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s as object));
      const orMember = (op as { 'x-link'?: { or_member?: boolean } })['x-link']?.or_member;
      const expected = isScim(op) ? 'scim' : op['x-access'] === 'device' ? 'device' : op['x-access'] === 'link' ? (orMember ? 'link,bearer' : 'link') : 'bearer';
      if (schemes.join() !== expected) wrong.push(`${key(op)}: ${op['x-access']} with ${JSON.stringify(op.security)}`);
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
    expect(ops.filter((op) => op['x-access'] === 'device').map(key)).toContain('POST /api/kiosk-app/scan');
    expect(ops.filter((op) => op['x-access'] === 'link').map(key)).toEqual(
      expect.arrayContaining(['POST /api/create-expected-visit/{lang}', 'POST /api/confirm/visit/{lang}', 'POST /api/check_user_found/{lang}', 'POST /api/visit-approval/{lang}/{token}', 'POST /api/emergency_link/{token}', 'POST /api/create_online_compliance_user', 'POST /api/verify-rfid-code']),
    );
  });
});
