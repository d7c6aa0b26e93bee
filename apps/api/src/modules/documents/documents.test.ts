import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userDocuments, userTypes } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg, createPowerless, type Org } from '../../../test/factories';
import { image, multipart } from '../users/testing';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

async function personIn(org: Org) {
  const [t] = await withTenant(h.services.database.db, org.entityId, (tx) => tx.insert(userTypes).values({ entityId: org.entityId, name: 'Staff' }).returning());
  return (await api(h.app, org.token).post('/api/users', { first_name: 'Lena', last_name: 'Park', user_type_id: t.id })).body.data.id as number;
}
const docs = (org: Org, userId: number) => withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(userDocuments).where(eq(userDocuments.userId, userId)));

describe('documents', () => {
  it('the five cases', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const u = await personIn(org);
    const body = { user_id: u, type: 'covid_vaccine', vaccine_name: 'Comirnaty', protocol: 'EU DCC', batch_number: 'FK1234', date_taken: '2026-01-10', expiry_date: '2099-01-10' };
    expect((await api(h.app).post('/api/user_document', body)).status).toBe(401);
    expect((await api(h.app, other.token).post('/api/user_document', body)).status).toBe(404);
    expect((await api(h.app, (await createPowerless(h, org)).token).post('/api/user_document', body)).status).toBe(403);
    const bad = await api(h.app, org.token).post('/api/user_document', { user_id: u, type: 'flu', date_taken: '10/01/2026' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['date_taken', 'type']);
    expect(await docs(org, u)).toHaveLength(0);
    const ok = await api(h.app, org.token).post('/api/user_document', body);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ message: 'Document Created', data: { vaccine_status: 'vaccinated', status: 'enabled' } });
    expect((await api(h.app, other.token).put(`/api/user_document/${ok.body.data.id}`, { status: 'DELETED' })).status).toBe(404);
    const types = await api(h.app, org.token).get(`/api/get_type_for_user_document/${org.entityId}`);
    expect(types.body.data.map((x: { key: string }) => x.key)).toEqual(['covid_vaccine', 'test']);
  });

  it('rule 181: PCR results and expiry give the status; rule 182: toggle and DELETED', async () => {
    const org = await createOrg(h);
    const u = await personIn(org);
    const post = (b: Record<string, unknown>) => api(h.app, org.token).post('/api/user_document', { user_id: u, ...b });
    expect((await post({ type: 'test', pcr_result: 'negative', pcr_date: '2026-03-01', accept_negative_pcr: 1 })).body.data).toMatchObject({ vaccine_status: 'negative_pcr', accept_negative_pcr: 1 });
    expect((await post({ type: 'test', pcr_result: 'positive' })).body.data.vaccine_status).toBe('positive_pcr');
    const old = (await post({ type: 'covid_vaccine', vaccine_name: 'X', expiry_date: '2020-01-01' })).body.data;
    expect(old.vaccine_status).toBe('expired');
    const off = await api(h.app, org.token).put(`/api/user_document/${old.id}`, {});
    expect(off.body).toMatchObject({ message: 'Document Vaccine Status Updated', data: { status: 'disabled', vaccine_status: 'disabled' } });
    expect((await api(h.app, org.token).put(`/api/user_document/${old.id}`, { status: 'toggle' })).body.data.status).toBe('enabled');
    expect((await api(h.app, org.token).put(`/api/user_document/${old.id}`, { status: 'DELETED' })).body.data.status).toBe('DELETED');
    expect((await api(h.app, org.token).put(`/api/user_document/${old.id}`, {})).status).toBe(404);
    const list = await api(h.app, org.token).get('/api/document_users');
    expect(list.body.count).toBe(2);
    expect(list.body.data[0].full_name).toBe('Lena Park');
    expect((await api(h.app, org.token).get(`/api/user/${u}`)).body.data.documents).toHaveLength(2);
  });

  it('the attached file is read: an image or PDF is kept, anything else refused', async () => {
    const org = await createOrg(h);
    const u = await personIn(org);
    const send = (data: Buffer, name: string) => {
      const m = multipart({ user_id: String(u), type: 'test', pcr_result: 'negative' }, { file: { name, data } });
      return h.app.inject({ method: 'POST', url: '/api/user_document', payload: m.payload, headers: { ...m.headers, authorization: `Bearer ${org.token}` } });
    };
    expect((await send(Buffer.from('MZ\x90\x00 evil.exe'), 'cert.pdf')).statusCode).toBe(400);
    expect(await docs(org, u)).toHaveLength(0);
    const pdf = await send(Buffer.from('%PDF-1.7\n%test\n'), 'cert.pdf');
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json().data.file).toMatch(/\.pdf$/);
    const png = await send(await image(50, 50, 'png'), 'cert.png');
    expect(png.statusCode).toBe(201);
    expect((await api(h.app, org.token).get(pdf.json().data.file)).status).toBe(200);
    expect((await send(Buffer.alloc(6 * 1024 * 1024, 1), 'big.pdf')).statusCode).toBe(413);
  });
});
