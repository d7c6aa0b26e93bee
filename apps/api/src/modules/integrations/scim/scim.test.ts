import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations, users, userTypes } from '../../../db/schema/index';
import { withTenant } from '../../../platform/db/tenant';
import { translate } from '../../../platform/i18n';
import { createMember, createOrg, type Org } from '../../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../../test/harness';

/**
 * Issue 19 part 6: the SCIM 2.0 endpoint (RFC 7643/7644) a provisioning client (Okta, Entra) pushes people to.
 * Users are our people (archived, never deleted: rule 277's "history stays"), Groups our user types.
 */

const SCIM = { 'content-type': 'application/scim+json' };
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

let h: TestApp;
let org: Org;
let other: Org;
let token: string;
let otherToken: string;
beforeAll(async () => {
  h = await buildTestApp();
  [org, other] = [await createOrg(h), await createOrg(h)];
  token = (await api(h.app, org.token).post(`/api/integration/scim-token/${org.entityId}`)).body.data.token;
  otherToken = (await api(h.app, other.token).post(`/api/integration/scim-token/${other.entityId}`)).body.data.token;
}, 60_000);
afterAll(() => h?.close());

const scim = (t = token) => {
  const a = api(h.app, t);
  return {
    get: a.get,
    del: (url: string) => a.del(url),
    send: (method: string, url: string, body: unknown) => a.raw(method, url, JSON.stringify(body), SCIM),
  };
};
const user = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName,
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  emails: [{ value: userName, type: 'work', primary: true }],
  active: true,
  ...extra,
});
const patch = (...Operations: unknown[]) => ({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations });
const person = (id: string) => withTenant(h.services.database.db, org.entityId, async (tx) => (await tx.select().from(users).where(eq(users.id, Number(id))))[0]!);

describe('SCIM token (console)', () => {
  it('is created by an admin, shown once, rotated (the old one stops) and revoked; a member without the permission gets 403', async () => {
    const first = await api(h.app, other.token, 'es').post(`/api/integration/scim-token/${other.entityId}`);
    expect(first.status).toBe(200);
    expect(first.body.message).toMatch(/SCIM/);
    for (const lang of ['en', 'ar', 'es'] as const) expect(translate(lang, 'integrations.scim_token_created')).not.toBe('integrations.scim_token_created');
    expect(translate('es', 'integrations.scim_token_created')).toMatch(/Cópielo/);
    expect(first.body.data.url).toMatch(/\/scim\/v2$/);
    expect((await scim(otherToken).get('/scim/v2/Users')).status).toBe(401);
    otherToken = first.body.data.token;
    expect((await scim(otherToken).get('/scim/v2/Users')).status).toBe(200);
    const employee = await createMember(h, other, 'employee');
    expect((await api(h.app, employee.token).post(`/api/integration/scim-token/${other.entityId}`)).status).toBe(403);
    expect((await api(h.app, other.token).post(`/api/integration/scim-token/${org.entityId}`)).status).toBe(404);
    const revoked = await api(h.app, other.token, 'ar').del(`/api/integration/scim-token/${other.entityId}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toMatch(/SCIM/);
    expect((await scim(otherToken).get('/scim/v2/Users')).status).toBe(401);
    otherToken = (await api(h.app, other.token).post(`/api/integration/scim-token/${other.entityId}`)).body.data.token;
    // the SCIM row is not a directory: the integrations list does not show it
    const listed = await api(h.app, other.token).get('/api/integration/directories');
    expect(listed.status).toBe(200);
    expect(listed.body.count).toBe(0);
    const [row] = await withTenant(h.services.database.db, other.entityId, (tx) => tx.select().from(integrations).where(eq(integrations.entityId, other.entityId)));
    expect(row!.type).toBe('scim');
    expect(row!.credentials).not.toContain(otherToken.slice(-20));
    expect((await api(h.app, other.token).get(`/api/integration/info?id=${row!.id}`)).status).toBe(404);
  });
});

describe('SCIM Users', () => {
  it('creates, filters by userName and externalId, pages, replaces (PUT) and reads a person', async () => {
    const created = await scim().send('POST', '/scim/v2/Users', user('ada@example.test', { externalId: 'okta-00u1', phoneNumbers: [{ value: '+44 20 7946 0000', type: 'work' }] }));
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toMatch(/application\/scim\+json/);
    expect(created.body).toMatchObject({ userName: 'ada@example.test', externalId: 'okta-00u1', active: true, name: { givenName: 'Ada', familyName: 'Lovelace' } });
    expect(created.headers.location).toBe(created.body.meta.location);
    const id = created.body.id as string;
    expect(await person(id)).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', phone: '+44 20 7946 0000', status: 'active' });

    const byName = await scim().get(`/scim/v2/Users?filter=${encodeURIComponent('userName eq "ADA@example.test"')}`);
    expect(byName.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 1, startIndex: 1 });
    expect(byName.body.Resources[0].id).toBe(id);
    const byExternal = await scim().get(`/scim/v2/Users?filter=${encodeURIComponent('externalId eq "okta-00u1"')}`);
    expect(byExternal.body.Resources.map((r: { id: string }) => r.id)).toEqual([id]);
    const none = await scim().get(`/scim/v2/Users?filter=${encodeURIComponent('userName eq "nobody@example.test"')}`);
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });

    const grace = await api(h.app, token).raw('POST', '/scim/v2/Users', JSON.stringify(user('grace@example.test')), { 'content-type': 'application/scim+json; charset=utf-8' });
    expect(grace.status).toBe(201);
    const page = await scim().get('/scim/v2/Users?startIndex=2&count=1');
    expect(page.body.itemsPerPage).toBe(1);
    expect(page.body.startIndex).toBe(2);
    expect(page.body.totalResults).toBeGreaterThanOrEqual(3); // the owner, Ada, Grace

    const put = await scim().send('PUT', `/scim/v2/Users/${id}`, user('ada.king@example.test', { name: { givenName: 'Ada', familyName: 'King' }, externalId: 'okta-00u1' }));
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ userName: 'ada.king@example.test', name: { familyName: 'King' }, phoneNumbers: [] });
    expect(await person(id)).toMatchObject({ email: 'ada.king@example.test', lastName: 'King', phone: null });
    expect((await scim().get(`/scim/v2/Users/${id}`)).body.externalId).toBe('okta-00u1');
    // a person the console made with an ID number keeps it when a client replaces them by their e-mail userName
    const [made] = await withTenant(h.services.database.db, org.entityId, (tx) =>
      tx.insert(users).values({ entityId: org.entityId, firstName: 'Kept', lastName: 'Id', email: 'kept@example.test', idNumber: 'EMP-7' }).returning(),
    );
    expect((await scim().send('PUT', `/scim/v2/Users/${made!.id}`, user('kept@example.test'))).status).toBe(200);
    expect(await person(String(made!.id))).toMatchObject({ idNumber: 'EMP-7', firstName: 'Ada' });
  });

  it('PATCH active false archives (Entra\'s "False" too), PATCH replaces by path and filter, DELETE archives and keeps the person', async () => {
    const { id } = (await scim().send('POST', '/scim/v2/Users', user('alan@example.test'))).body;
    const renamed = await scim().send('PATCH', `/scim/v2/Users/${id}`, patch({ op: 'replace', path: 'name.familyName', value: 'Turing' }, { op: 'Add', path: 'phoneNumbers[type eq "mobile"].value', value: 'tel:+34 600 000 000' }));
    expect(renamed.status).toBe(200);
    expect(renamed.body.name.familyName).toBe('Turing');
    expect(await person(id)).toMatchObject({ lastName: 'Turing', phone: '+34 600 000 000' });

    const off = await scim().send('PATCH', `/scim/v2/Users/${id}`, patch({ op: 'Replace', path: 'active', value: 'False' }));
    expect(off.body.active).toBe(false);
    expect(await person(id)).toMatchObject({ status: 'archived' });
    expect((await person(id)).archivedAt).not.toBeNull();
    const on = await scim().send('PATCH', `/scim/v2/Users/${id}`, patch({ op: 'replace', value: { active: true } }));
    expect(on.body.active).toBe(true);
    expect(await person(id)).toMatchObject({ status: 'active', archivedAt: null });

    const gone = await scim().del(`/scim/v2/Users/${id}`);
    expect(gone.status).toBe(204);
    expect(await person(id)).toMatchObject({ status: 'archived', email: 'alan@example.test' });
    expect((await scim().get(`/scim/v2/Users/${id}`)).body.active).toBe(false);
  });

  it('a console user cannot be deactivated or have their login changed through SCIM', async () => {
    const owner = await scim().send('PATCH', `/scim/v2/Users/${org.userId}`, patch({ op: 'replace', path: 'active', value: false }));
    expect(owner.status).toBe(403);
    expect(owner.body).toMatchObject({ schemas: [ERROR], status: '403', scimType: 'mutability' });
    expect((await scim().del(`/scim/v2/Users/${org.userId}`)).status).toBe(403);
    expect(await person(String(org.userId))).toMatchObject({ status: 'active' });
  });

  it('refuses bad input with SCIM errors: 400 with scimType, 409 uniqueness, 413, and never a 500', async () => {
    const missing = await scim().send('POST', '/scim/v2/Users', { schemas: [], name: { givenName: 'X' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidValue' });
    expect(missing.headers['content-type']).toMatch(/application\/scim\+json/);
    const badMail = await scim().send('POST', '/scim/v2/Users', user('x@example.test', { emails: [{ value: 'not-an-email', primary: true }] }));
    expect(badMail.body.scimType).toBe('invalidValue');
    const filter = await scim().get(`/scim/v2/Users?filter=${encodeURIComponent('name.familyName co "x"')}`);
    expect(filter.status).toBe(400);
    expect(filter.body.scimType).toBe('invalidFilter');
    const broken = await api(h.app, token).raw('POST', '/scim/v2/Users', '{"userName":', SCIM);
    expect(broken.status).toBe(400);
    expect(broken.body.scimType).toBe('invalidSyntax');
    const dup = await scim().send('POST', '/scim/v2/Users', user('dup@example.test'));
    expect(dup.status).toBe(201);
    const again = await scim().send('POST', '/scim/v2/Users', user('DUP@example.test'));
    expect(again.status).toBe(409);
    expect(again.body.scimType).toBe('uniqueness');
    const badOp = await scim().send('PATCH', `/scim/v2/Users/${dup.body.id}`, patch({ op: 'move', path: 'active', value: false }));
    expect(badOp.body.scimType).toBe('invalidSyntax');
    const badPath = await scim().send('PATCH', `/scim/v2/Users/${dup.body.id}`, patch({ op: 'replace', path: 'emails[type eq', value: 'x' }));
    expect(badPath.body.scimType).toBe('invalidPath');
    const big = await scim().send('POST', '/scim/v2/Users', user('big@example.test', { displayName: 'y'.repeat(300_000) }));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ schemas: [ERROR], status: '413' });
    for (const id of ['abc', '99999999999999999999', '-1', '0']) expect((await scim().get(`/scim/v2/Users/${id}`)).status).toBe(404);
  });

  it('401 without a valid token (SCIM error body), and another organisation’s people are 404', async () => {
    for (const t of ['', 'nonsense', org.token, `scim_${org.entityId}_${'A'.repeat(48)}`, otherToken.replace(`scim_${other.entityId}_`, `scim_${org.entityId}_`)]) {
      const res = await api(h.app, t || undefined).get('/scim/v2/Users');
      expect(res.status, String(t)).toBe(401);
      expect(res.body).toMatchObject({ schemas: [ERROR], status: '401' });
      expect(res.headers['www-authenticate']).toMatch(/Bearer/);
    }
    const mine = (await scim().send('POST', '/scim/v2/Users', user('mine@example.test'))).body.id as string;
    expect((await scim(otherToken).get(`/scim/v2/Users/${mine}`)).status).toBe(404);
    expect((await scim(otherToken).send('PUT', `/scim/v2/Users/${mine}`, user('stolen@example.test'))).status).toBe(404);
    expect((await scim(otherToken).send('PATCH', `/scim/v2/Users/${mine}`, patch({ op: 'replace', path: 'active', value: false }))).status).toBe(404);
    expect((await scim(otherToken).del(`/scim/v2/Users/${mine}`)).status).toBe(404);
    expect(await person(mine)).toMatchObject({ email: 'mine@example.test', status: 'active' });
    const theirs = await scim(otherToken).get(`/scim/v2/Users?filter=${encodeURIComponent('userName eq "mine@example.test"')}`);
    expect(theirs.body.totalResults).toBe(0);
  });
});

describe('SCIM Groups (user types)', () => {
  it('lists user types as groups and PATCH members moves people into and out of the user type', async () => {
    const [staff, pupils] = await withTenant(h.services.database.db, org.entityId, (tx) =>
      tx.insert(userTypes).values([{ entityId: org.entityId, name: 'Staff' }, { entityId: org.entityId, name: 'Pupils' }]).returning(),
    );
    const a = (await scim().send('POST', '/scim/v2/Users', user('m1@example.test'))).body.id as string;
    const b = (await scim().send('POST', '/scim/v2/Users', user('m2@example.test'))).body.id as string;
    const listed = await scim().get(`/scim/v2/Groups?filter=${encodeURIComponent('displayName eq "staff"')}`);
    expect(listed.body.Resources).toEqual([expect.objectContaining({ id: String(staff!.id), displayName: 'Staff', members: [] })]);

    const added = await scim().send('PATCH', `/scim/v2/Groups/${staff!.id}`, patch({ op: 'add', path: 'members', value: [{ value: a }, { value: b }] }));
    expect(added.status).toBe(200);
    expect(added.body.members.map((m: { value: string }) => m.value).sort()).toEqual([a, b].sort());
    expect((await person(a)).userTypeId).toBe(staff!.id);
    expect((await scim().get(`/scim/v2/Groups/${staff!.id}?excludedAttributes=members`)).body.members).toBeUndefined();
    expect((await scim().get(`/scim/v2/Users/${a}`)).body.groups).toEqual([{ value: String(staff!.id), display: 'Staff' }]);

    await scim().send('PATCH', `/scim/v2/Groups/${pupils!.id}`, patch({ op: 'add', path: 'members', value: [{ value: b }] }));
    expect((await person(b)).userTypeId).toBe(pupils!.id);
    const removed = await scim().send('PATCH', `/scim/v2/Groups/${staff!.id}`, patch({ op: 'remove', path: `members[value eq "${a}"]` }));
    expect(removed.body.members).toEqual([]);
    expect((await person(a)).userTypeId).toBeNull();

    const stranger = (await scim(otherToken).send('POST', '/scim/v2/Users', user('stranger@example.test'))).body.id as string;
    const foreign = await scim().send('PATCH', `/scim/v2/Groups/${staff!.id}`, patch({ op: 'add', path: 'members', value: [{ value: stranger }] }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.scimType).toBe('invalidValue');
    expect((await scim(otherToken).get(`/scim/v2/Groups/${staff!.id}`)).status).toBe(404);
    expect((await scim(otherToken).send('PATCH', `/scim/v2/Groups/${staff!.id}`, patch({ op: 'add', path: 'members', value: [{ value: stranger }] }))).status).toBe(404);
  });

  it('answers the discovery documents', async () => {
    const config = await api(h.app).get('/scim/v2/ServiceProviderConfig');
    expect(config.body.patch.supported).toBe(true);
    expect(config.body.filter).toMatchObject({ supported: true, maxResults: 200 });
    expect((await api(h.app).get('/scim/v2/ResourceTypes')).body.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    expect((await api(h.app).get('/scim/v2/Schemas')).body.totalResults).toBe(2);
    expect((await scim().get('/scim/v2/Nothing')).body).toMatchObject({ schemas: [ERROR], status: '404' });
  });
});
