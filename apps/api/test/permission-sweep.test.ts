import { PERMISSION_KEYS } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, roles, users } from '../src/db/schema/index';
import { demoSeeders } from '../src/modules/demo';
import { issueSession } from '../src/platform/auth/sessions';
import { withTenant } from '../src/platform/db/tenant';
import { createAccount, createOrg, type Org, uniq } from './factories';
import { api, buildTestApp, type TestApp } from './harness';
import { idsByTable, isEntityKey, isIdKey, type JsonSchema, type Operation, operations, sample, snapshot, tablesFor } from './sweep';

/**
 * PERMISSION SWEEP (issue 16 part 3, rules 90-104). Walks every operation of the OpenAPI document that names a
 * permission (`x-permission`: any one of these keys allows the call) and calls it as a member of the same
 * organisation whose role has every permission but those, with the organisation's own ids and a body its schema
 * accepts. Each call must answer 403, the answer the document lists, and the organisation's rows must not change.
 * The organisation is filled by every area's demo seeder, so the ids name real rows.
 */

let h: TestApp;
let org: Org;
let ops: Operation[];
let responses: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
beforeAll(async () => {
  h = await buildTestApp();
  org = await createOrg(h, { name: 'Permission Sweep School' });
  const roleList = Object.entries(org.roles).map(([key, id]) => ({ key, id }));
  for (const seed of demoSeeders) await seed(h.services, { entityId: org.entityId, ownerUserId: org.userId, roles: roleList });
  const doc = (await api(h.app).get('/api/openapi.json')).body;
  responses = doc.paths;
  ops = operations(doc);
}, 180_000);
afterAll(() => h?.close());

/** A signed-in member whose role has every permission but `lacking`. */
async function memberLacking(lacking: string[]): Promise<string> {
  const db = h.services.database.db;
  const account = await createAccount(h);
  await withTenant(db, org.entityId, async (tx) => {
    const [role] = await tx.insert(roles).values({ entityId: org.entityId, key: uniq('sweep'), name: `all but ${lacking.join(', ')}` }).returning();
    await tx.insert(rolePermissions).values(PERMISSION_KEYS.map((permission) => ({ entityId: org.entityId, roleId: role.id, permission, allowed: !lacking.includes(permission) })));
    await tx.insert(users).values({ entityId: org.entityId, accountId: account.id, roleId: role.id, firstName: 'Sweep', lastName: 'Member', email: account.email });
  });
  return (await issueSession(db, account.id, org.entityId)).token;
}

/** The call with the organisation's own ids: a valid request in every way but the caller's role. */
function request(op: Operation, ids: Record<string, number[]>) {
  const tables = Object.keys(ids);
  const idFor = (name: string) => (isEntityKey(name) ? org.entityId : isIdKey(name) ? (tablesFor(name, op.path, tables).flatMap((t) => ids[t])[0] ?? org.userId) : undefined);
  let url = op.path;
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    if (p.in === 'query' && !p.required) continue;
    const v = sample(p.schema, p.name, idFor);
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(v)));
    else if (p.in === 'query') query.set(p.name, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  if ([...query.keys()].length) url += `?${query}`;
  const schema: JsonSchema | undefined = op.requestBody?.content?.['application/json']?.schema;
  const body = ['POST', 'PUT', 'PATCH'].includes(op.method) ? (schema ? sample(schema, 'body', idFor) : {}) : undefined;
  return { url, body };
}

/**
 * Tenant calls any member may make, whatever their role: their own session and organisation, their table
 * preferences and announcements, photos the roll call and dashboard show, and the user-type choices every form
 * offers (each answers only the types the member's grants reach). A tenant route missing from the sweep must be here.
 */
const OPEN_TO_MEMBERS = [
  'GET /api/get-entity/{entity_id}',
  'GET /api/adminPreference/{entityId}',
  'POST /api/adminPreference',
  'PUT /api/adminPreference/{id}',
  'GET /api/check_columns_In_dashboard/{entityId}',
  'POST /api/role_change_details',
  'GET /api/user_types/{entityId}',
  'GET /api/user_types_by_entity/{entityId}',
  'GET /api/user_type_parent/{entityId}',
  'GET /api/user_type_parent/{entityId}/{parentId}',
  'GET /api/user_type_parent_with_children/{entityId}',
  'GET /api/user_types_by_pre_registation_method/{entityId}',
  'GET /api/user-types/pre-registered-and-permitted-sites/{entityId}',
  'GET /api/user-types/sites/flows',
  'GET /api/user-types/area/{id}',
  'GET /api/user-type-journey/{a}/{b}',
  'GET /api/check-change-userType-registration-allowed/{id}',
  'GET /api/files/people/{file}',
  'GET /api/my_announcements',
];

describe('permission sweep', () => {
  it('every tenant route names its permission, or is one any member may call', () => {
    const ungated = ops.filter((op) => (op as { 'x-access'?: string })['x-access'] === 'tenant' && !(op as { 'x-permission'?: string[] })['x-permission']);
    expect(ungated.map((op) => `${op.method} ${op.path}`).filter((r) => !OPEN_TO_MEMBERS.includes(r))).toEqual([]);
  });

  it('every route with a permission answers 403 to a member whose role lacks it, and changes nothing', async () => {
    const db = h.services.database;
    const gated = ops.filter((op) => Array.isArray((op as { 'x-permission'?: string[] })['x-permission']));
    const ids = await idsByTable(db, org.entityId);
    // The sweep makes its members as it goes (users, roles): those tables, and the similar-name queue and pairs the
    // users' trigger keeps from them, change by the sweep's own hand.
    const made = ['sessions', 'users', 'roles', 'role_permissions', 'duplicate_name_queue', 'duplicate_name_pairs'];
    const before = await snapshot(db, org.entityId, made);
    const tokens = new Map<string, string>();
    const failures: string[] = [];
    for (const op of gated) {
      const lacking = [...(op as { 'x-permission'?: string[] })['x-permission']!].sort();
      const key = lacking.join('|');
      if (!tokens.has(key)) tokens.set(key, await memberLacking(lacking));
      const { url, body } = request(op, ids);
      const res = await api(h.app, tokens.get(key)).raw(op.method, url, body);
      const label = `${res.status} ${op.method} ${url} lacking ${lacking.join(', ')}`;
      if (res.status !== 403) failures.push(label);
      else if (!responses[op.path][op.method.toLowerCase()].responses?.['403']) failures.push(`403 not documented: ${label}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
    // it really swept: the foundation's and the areas' gated calls are among them
    expect(gated.length).toBeGreaterThan(150);
    for (const route of ['POST /api/journey', 'GET /api/users/{entityId}', 'POST /api/users/import', 'PUT /api/end_emergency/{id}', 'POST /api/entity/{id}', 'POST /api/check-unique-field', 'GET /api/user-types/count/{id}', 'GET /api/usertypes/unique']) {
      expect(gated.map((op) => `${op.method} ${op.path}`), route).toContain(route);
    }
    const after = await snapshot(db, org.entityId, made);
    for (const table of Object.keys(before)) expect(after[table], `rows of ${table} changed`).toEqual(before[table]);
    console.log(`permission sweep: ${gated.length} routes, ${tokens.size} roles`);
  }, 300_000);
});
