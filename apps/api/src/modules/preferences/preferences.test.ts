import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPreferences } from '../../db/schema/index';
import { asSystem } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createMember, createOrg, type Org } from '../../../test/factories';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const prefsOf = (org: Org, employeeId: number) =>
  asSystem(h.services.database.db, (tx) =>
    tx.select().from(adminPreferences).where(and(eq(adminPreferences.entityId, org.entityId), eq(adminPreferences.employeeId, employeeId))),
  );
const COLUMNS = [{ key: 'name', visible: true }, { key: 'email', visible: true }, { key: 'phone', visible: false }];

describe('adminPreference (rules 127-128)', () => {
  it('rule 128: GET creates the preference when none exists, once', async () => {
    const org = await createOrg(h);
    const res = await api(h.app, org.token).get(`/api/adminPreference/${org.entityId}?page_url=/users&employee_id=${org.userId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ employee_id: org.userId, entity_id: org.entityId, page_url: '/users', table_head: null, url: null });
    await api(h.app, org.token).get(`/api/adminPreference/${org.entityId}?page_url=/users`);
    expect(await prefsOf(org, org.userId)).toHaveLength(1);
  });

  it('POST saves columns and filters (table_head as a JSON string too); PUT updates them', async () => {
    const org = await createOrg(h);
    const saved = await api(h.app, org.token).post('/api/adminPreference', { entity_id: org.entityId, employee_id: org.userId, page_url: '/sites', table_head: JSON.stringify(COLUMNS), url: 'filterBy=%7B%7D' });
    expect(saved.status).toBe(200);
    // a table head sent as a JSON string is the same configuration
    expect(saved.body.data.table_head).toEqual(COLUMNS);
    expect((await api(h.app, org.token).get(`/api/adminPreference/${org.entityId}?page_url=/sites&columns=3`)).body.data.table_head).toEqual(COLUMNS);
    const again = await api(h.app, org.token).post('/api/adminPreference', { entity_id: org.entityId, page_url: '/sites', table_head: COLUMNS });
    expect(again.body.data.id).toBe(saved.body.data.id);
    const put = await api(h.app, org.token).put(`/api/adminPreference/${saved.body.data.id}`, { entity_id: org.entityId, page_url: '/sites', table_head: COLUMNS.slice(0, 2), url: 'page=2' });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ id: saved.body.data.id, table_head: COLUMNS.slice(0, 2), url: 'page=2' });
    const got = await api(h.app, org.token).get(`/api/adminPreference/${org.entityId}?page_url=/sites&columns=2`);
    expect(got.body.data.table_head).toEqual(COLUMNS.slice(0, 2));
  });

  it('rule 128: a saved preference whose column count differs from the page is reset', async () => {
    const org = await createOrg(h);
    await api(h.app, org.token).post('/api/adminPreference', { entity_id: org.entityId, page_url: '/users', table_head: COLUMNS, url: 'keep=1' });
    const same = await api(h.app, org.token).get(`/api/adminPreference/${org.entityId}?page_url=/users&columns=3`);
    expect(same.body.data.table_head).toEqual(COLUMNS);
    const changed = await api(h.app, org.token).get(`/api/adminPreference/${org.entityId}?page_url=/users&columns=5`);
    expect(changed.body.data.table_head).toBeNull();
    expect(changed.body.data.url).toBe('keep=1');
    const [row] = await prefsOf(org, org.userId);
    expect(row.tableHead).toBeNull();
  });

  it('each user has their own: another member neither sees nor changes them (404)', async () => {
    const org = await createOrg(h);
    const member = await createMember(h, org, 'employee');
    const mine = await api(h.app, org.token).post('/api/adminPreference', { entity_id: org.entityId, page_url: '/users', table_head: COLUMNS });
    const theirs = await api(h.app, member.token).get(`/api/adminPreference/${org.entityId}?page_url=/users`);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(theirs.body.data.table_head).toBeNull();
    expect((await api(h.app, member.token).put(`/api/adminPreference/${mine.body.data.id}`, { entity_id: org.entityId, page_url: '/users', table_head: [] })).status).toBe(404);
    expect((await api(h.app, member.token).get(`/api/adminPreference/${org.entityId}?page_url=/users&employee_id=${org.userId}`)).status).toBe(404);
    expect((await api(h.app, member.token).post('/api/adminPreference', { entity_id: org.entityId, employee_id: org.userId, page_url: '/users', table_head: [] })).status).toBe(404);
    expect((await prefsOf(org, org.userId))[0].tableHead).toEqual(COLUMNS);
  });

  it("another organisation's ids answer 404 and change nothing; 401 without a token", async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const theirs = await api(h.app, other.token).post('/api/adminPreference', { entity_id: other.entityId, page_url: '/users', table_head: COLUMNS });
    expect((await api(h.app, org.token).get(`/api/adminPreference/${other.entityId}?page_url=/users`)).status).toBe(404);
    expect((await api(h.app, org.token).post('/api/adminPreference', { entity_id: other.entityId, page_url: '/users', table_head: [] })).status).toBe(404);
    expect((await api(h.app, org.token).put(`/api/adminPreference/${theirs.body.data.id}`, { entity_id: org.entityId, page_url: '/users', table_head: [] })).status).toBe(404);
    expect((await api(h.app, org.token).put(`/api/adminPreference/${theirs.body.data.id}`, { entity_id: other.entityId, page_url: '/users', table_head: [] })).status).toBe(404);
    expect((await api(h.app, org.token).get(`/api/check_columns_In_dashboard/${other.entityId}`)).status).toBe(404);
    expect((await prefsOf(other, other.userId))[0].tableHead).toEqual(COLUMNS);
    expect((await api(h.app).get(`/api/adminPreference/${org.entityId}?page_url=/users`)).status).toBe(401);
    expect((await api(h.app).post('/api/adminPreference', { entity_id: org.entityId, page_url: '/users', table_head: [] })).status).toBe(401);
    expect((await api(h.app).put('/api/adminPreference/1', { entity_id: org.entityId, page_url: '/users', table_head: [] })).status).toBe(401);
    expect((await api(h.app).get(`/api/check_columns_In_dashboard/${org.entityId}`)).status).toBe(401);
  });

  it('bad input answers 400 with field messages and saves nothing', async () => {
    const org = await createOrg(h);
    const res = await api(h.app, org.token).post('/api/adminPreference', { entity_id: org.entityId, page_url: 'no-slash', table_head: 5 });
    expect(res.status).toBe(400);
    expect(res.body.errors.page_url).toEqual(['The page address is not valid.']);
    expect(res.body.errors.table_head).toHaveLength(1);
    expect((await api(h.app, org.token).get(`/api/adminPreference/${org.entityId}`)).status).toBe(400);
    expect((await api(h.app, org.token).put('/api/adminPreference/abc', { entity_id: org.entityId, page_url: '/x', table_head: [] })).status).toBe(400);
    expect(await prefsOf(org, org.userId)).toHaveLength(0);
  });

  it('rules 83-84: a role that must use two-step and has not gets 403 with otp_error', async () => {
    const org = await createOrg(h);
    const member = await createMember(h, org, 'employee');
    await api(h.app, org.token).post(`/api/entity/${org.entityId}`, { otp_roles: [org.roles.employee] });
    const res = await api(h.app, member.token).get(`/api/adminPreference/${org.entityId}?page_url=/users`);
    expect(res.status).toBe(403);
    expect(res.body.otp_error).toBe(true);
  });
});

describe('check_columns_In_dashboard', () => {
  it("answers the caller's saved dashboard columns, null when none; 403 on a Standalone package (rule 92)", async () => {
    const org = await createOrg(h);
    const empty = await api(h.app, org.token).get(`/api/check_columns_In_dashboard/${org.entityId}`);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ page_url: '/', table_head: null, columns: null });
    await api(h.app, org.token).post('/api/adminPreference', { entity_id: org.entityId, page_url: '/', table_head: COLUMNS });
    expect((await api(h.app, org.token).get(`/api/check_columns_In_dashboard/${org.entityId}`)).body.data.columns).toBe(3);
    const standalone = await createOrg(h, { package: 'Standalone' });
    expect((await api(h.app, standalone.token).get(`/api/check_columns_In_dashboard/${standalone.entityId}`)).status).toBe(403);
    // preferences themselves stay available on Standalone (the sites list uses them)
    expect((await api(h.app, standalone.token).get(`/api/adminPreference/${standalone.entityId}?page_url=/sites`)).status).toBe(200);
  });
});

describe('change-lang (rule 80)', () => {
  it('stores the language; later messages use it; 400 for an unknown language; 401 without a token', async () => {
    const org = await createOrg(h);
    const res = await api(h.app, org.token).post('/api/change-lang', { lang: 'ar' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('تم تغيير اللغة.');
    expect((await api(h.app, org.token).get('/api/user_details')).body.data.lang).toBe('ar');
    expect((await api(h.app, org.token).get('/api/get-entity/999999999')).body.message).toBe('غير موجود.');
    const bad = await api(h.app, org.token).post('/api/change-lang', { lang: 'fr' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.lang).toHaveLength(1);
    expect((await api(h.app, org.token).get('/api/user_details')).body.data.lang).toBe('ar');
    expect((await api(h.app).post('/api/change-lang', { lang: 'es' })).status).toBe(401);
  });
});
