import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPreferences, invitations, users } from '../src/db/schema/index';
import { demoSeeders } from '../src/modules/demo';
import { compareQueuedNames } from '../src/modules/users/index';
import { issueSession } from '../src/platform/auth/sessions';
import { withTenant } from '../src/platform/db/tenant';
import { api, buildTestApp, type TestApp } from './harness';
import { createMember, createOrg, type Org } from './factories';
import { makeArea, makeSite, pairKiosk } from './places';
import { createPlace } from '../src/modules/visits/testing';
import { idsByTable, isEntityKey, isIdKey, markers, type JsonSchema, type Operation, operations, sample, snapshot, tablesFor } from './sweep';

/**
 * CROSS-TENANT SWEEP. Walks every route of the OpenAPI document (so it grows with every area that adds routes)
 * and calls each one that names an organisation or an object (`{entityId}`, `{entity_id}`, `{id}`, `*_id` in the
 * path, query or body) as organisation A with organisation B's ids. B is filled by every area's demo seeder.
 * No call may answer 2xx with B's data, an organisation id must answer 404, and B's rows must be unchanged.
 */

let h: TestApp;
let a: Org;
let b: Org;
let bMember: { userId: number; accountId: number };
let ops: Operation[];
/** A's SCIM token: the /scim/v2 calls (their own bearer scheme) are swept with it. */
let scimToken: string;
/** A's kiosk, paired and placed: the caller of every `device` operation. */
let aDevice: string;
let bDevice: string;
beforeAll(async () => {
  h = await buildTestApp();
  a = await createOrg(h, { name: 'Alpha Sweep Offices' });
  b = await createOrg(h, { name: 'Bravo Sweep School' });
  const roles = Object.entries(b.roles).map(([key, id]) => ({ key, id }));
  for (const seed of demoSeeders) await seed(h.services, { entityId: b.entityId, ownerUserId: b.userId, roles });
  // Objects of the foundation's own tables, so their ids exist in B.
  const m = await createMember(h, b, 'employee');
  bMember = m;
  await withTenant(h.services.database.db, b.entityId, async (tx) => {
    await tx.insert(adminPreferences).values({ entityId: b.entityId, employeeId: b.userId, pageUrl: '/users', tableHead: [{ key: 'Bravo secret column' }], url: 'filter=Bravo secret filter' });
    await tx.insert(invitations).values({ entityId: b.entityId, email: 'bravo.invitee@example.test', roleId: b.roles.employee, invitedBy: b.userId });
    await tx.insert(users).values({ entityId: b.entityId, firstName: 'Bravo Person', lastName: 'Secret Surname', email: 'bravo.person@example.test', phone: '4445556667', idNumber: 'BRAVO-ID-1' });
  });
  aDevice = await pairA();
  bDevice = (await pairKiosk(h, b, (await makeArea(h, b, (await makeSite(h, b)).id)).id)).token;
  ops = operations((await api(h.app).get('/api/openapi.json')).body);
  scimToken = (await api(h.app, a.token).post(`/api/integration/scim-token/${a.entityId}`)).body.data.token;
}, 120_000);

async function pairA() {
  return (await pairKiosk(h, a, (await makeArea(h, a, (await makeSite(h, a)).id)).id)).token;
}

/** The security scheme an operation names (bearer: a console session; device: a kiosk's token; link: a visitor's link). */
const schemeOf = (op: Operation) => Object.keys((op.security?.[0] ?? {}) as object)[0];
afterAll(() => h?.close());

/** A call of the SCIM endpoint: called with the organisation's SCIM token, not a session. */
const isScim = (op: Operation) => !!op.security?.some((s) => 'scim' in (s as object));

type Call = { op: Operation; url: string; body?: unknown; entityNamed: boolean; label: string };

/** A link route's token field, set to a link of A (or an unknown one) in every call of the plan. */
type LinkToken = { in: string; name: string; value: string };

function plan(op: Operation, ids: Record<string, number[]>, link?: LinkToken): Call[] {
  const tables = Object.keys(ids);
  const all = [...new Set(Object.values(ids).flat())].slice(0, 20);
  const candidates = (name: string, where: string): number[] => {
    if (isEntityKey(name)) return [b.entityId];
    const hit = tablesFor(name, op.path, tables).flatMap((t) => ids[t]);
    const people = /user|employee|owner|member|host/i.test(name) ? [b.userId, bMember.userId, b.accountId, bMember.accountId] : [];
    const list = hit.length ? [...hit, ...people] : [...people, ...all];
    return [...new Set([...list, b.entityId])].slice(0, where === 'path' ? 24 : 8);
  };
  const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const bodySchema: JsonSchema | undefined = op.requestBody?.content?.['application/json']?.schema;
  const bodyIdKeys = Object.keys(bodySchema?.properties ?? {}).filter((k) => isEntityKey(k) || isIdKey(k));
  const idParams = [
    ...params.filter((p) => (isEntityKey(p.name) || isIdKey(p.name)) && p.name !== link?.name).map((p) => ({ name: p.name, where: p.in as string })),
    ...bodyIdKeys.filter((name) => name !== link?.name).map((name) => ({ name, where: 'body' })),
  ];
  if (!idParams.length) return [];
  const calls: Call[] = [];
  for (const target of idParams) {
    for (const id of candidates(target.name, target.where)) {
      // The id under test is B's; an organisation named beside it is A's own (else the 404 for it would mask the
      // object check); other required ids are B's too.
      const idFor = (name: string) => (name === target.name ? id : isEntityKey(name) ? a.entityId : isIdKey(name) ? candidates(name, 'other')[0] : undefined);
      let url = op.path;
      const query = new URLSearchParams();
      for (const p of params) {
        if (p.in === 'query' && !p.required && p.name !== target.name) continue;
        const v = link && p.name === link.name && p.in === link.in ? link.value : sample(p.schema, p.name, idFor, 0, target.name);
        if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(v)));
        else query.set(p.name, typeof v === 'object' ? JSON.stringify(v) : String(v));
      }
      if ([...query.keys()].length) url += `?${query}`;
      let body = ['POST', 'PUT', 'PATCH'].includes(op.method) ? (bodySchema ? sample(bodySchema, 'body', idFor, 0, target.name) : {}) : undefined;
      if (link?.in === 'body' && body && typeof body === 'object') body = { ...(body as object), [link.name]: link.value };
      const entityNamed = isEntityKey(target.name);
      calls.push({ op, url, body, entityNamed, label: `${op.method} ${url}${body ? ` ${JSON.stringify(body).slice(0, 200)}` : ''}` });
    }
  }
  return calls;
}

/**
 * The similar-name pairs of both organisations' people, found now rather than by the background while the sweep
 * runs (their own organisation's work, which would otherwise show as B's rows changing under A's calls).
 */
async function settleNamePairs() {
  for (const org of [a, b]) await withTenant(h.services.database.db, org.entityId, (tx) => compareQueuedNames(tx, org.entityId, 100_000));
}

describe('cross-tenant sweep', () => {
  it('no route answers another organisation’s data or changes it when called with its ids', async () => {
    const db = h.services.database;
    await settleNamePairs();
    const before = await snapshot(db, b.entityId);
    const secrets = markers(before, await snapshot(db, a.entityId));
    secrets.push(b.email, b.subdomain, 'Bravo Sweep School');
    const ids = await idsByTable(db, b.entityId);
    let token = a.token;
    const failures: string[] = [];
    const swept = new Set<string>();
    let calls = 0;
    for (const op of ops) {
      if (!op.security?.length) continue; // public calls are open to anyone by design
      const scheme = schemeOf(op);
      if (scheme === 'link') continue; // links: the link sweep below
      for (const call of plan(op, ids)) {
        const scim = isScim(call.op);
        let res = await api(h.app, scim ? scimToken : scheme === 'device' ? aDevice : token).raw(call.op.method, call.url, call.body);
        if (res.status === 401 && scim) {
          // a swept call may have rotated A's SCIM token: make a new one and retry once
          token = (await issueSession(db.db, a.accountId, a.entityId)).token;
          scimToken = (await api(h.app, token).post(`/api/integration/scim-token/${a.entityId}`)).body.data.token;
          res = await api(h.app, scimToken).raw(call.op.method, call.url, call.body);
        } else if (res.status === 401 && scheme === 'device') {
          // A's own kiosk may have been deregistered by an earlier call naming its id: pair another and retry once
          aDevice = await pairA();
          res = await api(h.app, aDevice).raw(call.op.method, call.url, call.body);
        } else if (res.status === 401) {
          // a call may have ended A's session (logout, two-step…): sign in again and retry once
          token = (await issueSession(db.db, a.accountId, a.entityId)).token;
          res = await api(h.app, token).raw(call.op.method, call.url, call.body);
        }
        calls++;
        swept.add(`${op.method} ${op.path}`);
        const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
        if (res.status >= 500 || res.status === 401) failures.push(`${res.status} ${call.label}`);
        else if (call.entityNamed && res.status !== 404) failures.push(`${res.status} (expected 404 for another organisation's id) ${call.label}`);
        else if (res.status < 300) {
          const leaked = secrets.filter((s) => text.includes(s));
          if (leaked.length) failures.push(`${res.status} leaked ${JSON.stringify(leaked.slice(0, 3))} ${call.label}`);
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    // it really swept: the foundation's own id routes are among the calls
    for (const route of ['GET /api/kiosk-app/reasons/{id}', 'GET /api/kiosk-app/badge/{id}', 'POST /api/kiosk-app/conditions/{id}', 'GET /api/get-entity/{entity_id}', 'POST /api/entity/{id}', 'PUT /api/adminPreference/{id}', 'GET /api/adminPreference/{entityId}', 'DELETE /api/client_token', 'POST /api/adminPreference', 'GET /api/users_entities/{user_id}']) {
      expect(swept, route).toContain(route);
    }
    // and the SCIM calls, with A's SCIM token and B's people and user types
    for (const route of ['GET /scim/v2/Users/{id}', 'PUT /scim/v2/Users/{id}', 'PATCH /scim/v2/Users/{id}', 'DELETE /scim/v2/Users/{id}', 'PATCH /scim/v2/Groups/{id}']) expect(swept, route).toContain(route);
    expect(calls).toBeGreaterThan(20);
    const after = await snapshot(db, b.entityId);
    for (const table of Object.keys(before)) expect(after[table], `rows of ${table} changed`).toEqual(before[table]);
    console.log(`cross-tenant sweep: ${swept.size} routes, ${calls} calls, ${secrets.length} markers of B`);
  }, 300_000);

  it("A's visitor links name none of B's ids: never B's data, another organisation 404, B unchanged (issue 20)", async () => {
    const db = h.services.database;
    await settleNamePairs();
    const before = await snapshot(db, b.entityId);
    const secrets = markers(before, await snapshot(db, a.entityId));
    secrets.push(b.email, b.subdomain, 'Bravo Sweep School');
    const ids = await idsByTable(db, b.entityId);
    const aLink = (await createPlace(h, a)).link.code;
    const failures: string[] = [];
    const swept = new Set<string>();
    for (const op of ops as (Operation & { 'x-link'?: { kinds: string[]; in: string; name: string } })[]) {
      const spec = op['x-link'];
      if (schemeOf(op) !== 'link' || !spec) continue;
      // A pre-registration link of A where the route takes one; otherwise a link nobody holds (404 before the handler).
      const value = spec.kinds.includes('pre-registration') ? aLink : 'Zz'.repeat(20);
      for (const call of plan(op, ids, { in: spec.in, name: spec.name, value })) {
        const res = await api(h.app).raw(call.op.method, call.url, call.body);
        swept.add(`${op.method} ${op.path}`);
        const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
        if (res.status >= 500 || res.status === 401) failures.push(`${res.status} ${call.label}`);
        else if (call.entityNamed && res.status !== 404) failures.push(`${res.status} (expected 404 for another organisation's id) ${call.label}`);
        else if (res.status < 300) {
          const leaked = secrets.filter((x) => text.includes(x));
          if (leaked.length) failures.push(`${res.status} leaked ${JSON.stringify(leaked.slice(0, 3))} ${call.label}`);
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(swept).toContain('POST /api/check_user_found/{lang}');
    const after = await snapshot(db, b.entityId);
    for (const table of Object.keys(before)) expect(after[table], `rows of ${table} changed`).toEqual(before[table]);
  }, 300_000);

  it('a kiosk token is no console session and a console session no kiosk: 401 before any handler (issue 20)', async () => {
    const failures: string[] = [];
    for (const op of ops) {
      const scheme = schemeOf(op);
      if (scheme !== 'device' && scheme !== 'bearer') continue;
      const url = op.path.replace(/\{lang\}/g, 'en').replace(/\{\w+\}/g, '1');
      const wrong = scheme === 'device' ? [a.token, 'ghk_revokedrevokedrevokedrevokedrevoked'] : [aDevice, bDevice];
      for (const t of [...wrong, undefined]) {
        const res = await api(h.app, t).raw(op.method, url, ['POST', 'PUT', 'PATCH'].includes(op.method) ? {} : undefined);
        // 401, or the address's rate limit that counts before any caller is known (429): never the handler
        if (res.status !== 401 && res.status !== 429) failures.push(`${res.status} ${op.method} ${url} with ${t ? t.slice(0, 4) : 'no'} token`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 300_000);
});
