import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg, createPowerless, type Org } from '../../../test/factories';
import { fixtures } from '../journeys/testing';
import { isoDaysAgo, makeDcc, makeShc, shcPatient, shcShot, signerKeys, trustKeyBodies } from '../../../test/certificates';
import { base45Decode, base45Encode } from './certificates/base45';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

async function setup() {
  const org = await createOrg(h);
  const f = fixtures(h, org);
  const person = await f.person();
  const signer = signerKeys();
  const kid = Buffer.from('a1b2c3d4e5f60718', 'hex');
  const c = api(h.app, org.token);
  for (const body of trustKeyBodies(signer.publicKey, kid)) expect((await c.post('/api/compliance_trust_key', body)).status).toBe(201);
  return { org, f, person, signer, kid, c };
}

async function certCount(org: Org) {
  return (await h.services.database.sql.query<{ n: number }>('select count(*)::int as n from compliance_certificates where entity_id = $1', [org.entityId])).rows[0].n;
}

describe('certificates', () => {
  it('base45 round-trips (RFC 9285 examples)', () => {
    expect(base45Encode(Buffer.from('AB'))).toBe('BB8');
    expect(base45Encode(Buffer.from('Hello!!'))).toBe('%69 VD92EX0');
    expect(base45Decode('QED8WEX0').toString()).toBe('ietf!');
    expect(() => base45Decode('GGW')).toThrow();
  });

  it('verifies an EU DCC negative test against the trust list and stores it as a document with PCR validity', async () => {
    const s = await setup();
    const qr = makeDcc(s.signer.privateKey, s.kid, { t: [{ tg: '840539006', tt: 'LP6464-4', sc: isoDaysAgo(1), tr: '260415000' }] });
    const res = await s.c.post('/api/compliance_certificate', { user_id: s.person.id, payload: qr });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Certificate checked and saved.');
    expect(res.body.data).toMatchObject({ protocol: 'eu_dcc', type: 'test', verified: 1, status: 'negative PCR', holder_name: 'Ada Lovelace', date_of_birth: '1990-12-10', issuer: 'GB' });
    expect(res.body.data.expiry_date).toBe(isoDaysAgo(-2).slice(0, 10));
    const list = await s.c.get(`/api/compliance_certificates?user_id=${s.person.id}`);
    expect(list.body.count).toBe(1);
    // A trusted certificate is also the person's vaccine or PCR document (rules 181-186).
    const docs = (await s.c.get(`/api/user/${s.person.id}`)).body.data.documents;
    expect(docs).toMatchObject([{ type: 'test', protocol: 'eu_dcc', pcr_result: 'negative', pcr_date: isoDaysAgo(1).slice(0, 10), vaccine_status: 'negative_pcr', status: 'enabled' }]);
  });

  it('PCR valid days of the entry condition decide whether a negative test is still valid (rule 209)', async () => {
    const s = await setup();
    const qr = makeDcc(s.signer.privateKey, s.kid, { t: [{ sc: isoDaysAgo(5), tr: '260415000' }] });
    const short = (await s.c.post('/api/compliance', { name: 'Three days', questions: [{ question: 'Fever?', desired_answer: 'negative' }], agreement_text: 'a', statement: 'b', protocols: ['eu_dcc'], pcr_valid_days: 3 })).body.data;
    const long = (await s.c.post('/api/compliance', { name: 'Week', questions: [{ question: 'Fever?', desired_answer: 'negative' }], agreement_text: 'a', statement: 'b', protocols: ['eu_dcc'], pcr_valid_days: 7 })).body.data;
    expect((await s.c.post('/api/compliance_certificate', { user_id: s.person.id, payload: qr, compliance_id: short.id })).body.data.status).toBe('expired');
    expect((await s.c.post('/api/compliance_certificate', { user_id: s.person.id, payload: qr, compliance_id: long.id })).body.data.status).toBe('negative PCR');
    const positive = makeDcc(s.signer.privateKey, s.kid, { t: [{ sc: isoDaysAgo(1), tr: '260373001' }] });
    expect((await s.c.post('/api/compliance_certificate', { user_id: s.person.id, payload: positive })).body.data.status).toBe('positive PCR');
    const vaccine = makeDcc(s.signer.privateKey, s.kid, { v: [{ dn: 2, sd: 2, dt: '2026-01-05' }] });
    expect((await s.c.post('/api/compliance_certificate', { user_id: s.person.id, payload: vaccine })).body.data).toMatchObject({ type: 'covid_vaccine', status: 'vaccinated', date_taken: '2026-01-05' });
    const outOfDate = makeDcc(s.signer.privateKey, s.kid, { v: [{ dn: 2, sd: 2, dt: '2025-01-05' }] }, -1);
    expect((await s.c.post('/api/compliance_certificate', { user_id: s.person.id, payload: outOfDate })).body.data.status).toBe('expired');
  });

  it('marks a certificate signed by an unknown key, or tampered with, as unchecked', async () => {
    const s = await setup();
    const stranger = signerKeys();
    const forged = makeDcc(stranger.privateKey, s.kid, { v: [{ dt: '2026-01-05' }] });
    const res = await s.c.post('/api/compliance_certificate', { user_id: s.person.id, payload: forged });
    expect(res.body).toMatchObject({ message: 'The certificate signature is not from a trusted issuer.', data: { verified: 0, status: 'unchecked' } });
    const shc = makeShc(stranger.privateKey, 'shc-1', 'https://health.example.test', [shcPatient, shcShot(10)]);
    expect((await s.c.post('/api/compliance_certificate', { user_id: s.person.id, payload: shc })).body.data).toMatchObject({ protocol: 'smart_health_card', verified: 0, status: 'unchecked' });
    // Untrusted checks are kept as checks, never as the person's documents.
    expect((await s.c.get(`/api/user/${s.person.id}`)).body.data.documents).toEqual([]);
    const other = await createOrg(h);
    const theirs = await fixtures(h, other).person('Other', 'Person');
    // Another organisation has no trust list: the same good certificate is not trusted there.
    const good = makeDcc(s.signer.privateKey, s.kid, { v: [{ dt: '2026-01-05' }] });
    expect((await api(h.app, other.token).post('/api/compliance_certificate', { user_id: theirs.id, payload: good })).body.data.verified).toBe(0);
  });

  it('verifies a SMART Health Card against the configured JWKS', async () => {
    const s = await setup();
    const shc = makeShc(s.signer.privateKey, 'shc-1', 'https://health.example.test', [shcPatient, shcShot(40), shcShot(10)]);
    const res = await s.c.post('/api/compliance_certificate', { user_id: s.person.id, payload: shc });
    expect(res.body.data).toMatchObject({ protocol: 'smart_health_card', type: 'covid_vaccine', verified: 1, status: 'vaccinated', holder_name: 'Grace Hopper', date_of_birth: '1980-12-09', issuer: 'https://health.example.test', date_taken: isoDaysAgo(10).slice(0, 10) });
    const lab = makeShc(s.signer.privateKey, 'shc-1', 'https://health.example.test', [shcPatient, { resource: { resourceType: 'Observation', effectiveDateTime: isoDaysAgo(1), valueCodeableConcept: { coding: [{ code: '260385009' }] } } }]);
    expect((await s.c.post('/api/compliance_certificate', { user_id: s.person.id, payload: lab })).body.data).toMatchObject({ type: 'test', status: 'negative PCR' });
  });

  it('an admin manages the trust list: lists the keys, removes one with its message, and a removed signer is no longer trusted', async () => {
    const s = await setup();
    const list = await s.c.get(`/api/compliance_trust_keys/${s.org.entityId}`);
    expect(list.body.data.map((k: { name: string; kind: string; key_id: string }) => [k.name, k.kind, k.key_id])).toEqual([
      ['State health', 'jwks', 'https://health.example.test'],
      ['UK DCC signer', 'pem', s.kid.toString('base64')],
    ]);
    expect(JSON.stringify(list.body)).not.toContain('BEGIN PUBLIC KEY');
    const dcc = list.body.data.find((k: { kind: string }) => k.kind === 'pem');
    const del = await s.c.del(`/api/compliance_trust_key/${dcc.id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Trusted key removed.');
    expect((await s.c.get(`/api/compliance_trust_keys/${s.org.entityId}`)).body.count).toBe(1);
    const qr = makeDcc(s.signer.privateKey, s.kid, { v: [{ dn: 2, sd: 2, dt: '2026-01-05' }] });
    expect((await s.c.post('/api/compliance_certificate', { user_id: s.person.id, payload: qr })).body.data).toMatchObject({ verified: 0, status: 'unchecked' });
    expect((await s.c.del(`/api/compliance_trust_key/${dcc.id}`)).status).toBe(404);
  });

  it('the five cases: 401, 403, 404, 400 (unreadable payload or key) and nothing stored', async () => {
    const s = await setup();
    const anon = api(h.app);
    expect((await anon.post('/api/compliance_certificate', { user_id: 1, payload: 'HC1:0123456789' })).status).toBe(401);
    expect((await anon.get('/api/compliance_certificates?user_id=1')).status).toBe(401);
    expect((await anon.post('/api/compliance_trust_key', { name: 'x1', kind: 'pem', content: 'x'.repeat(30) })).status).toBe(401);
    expect((await anon.get('/api/compliance_trust_keys/1')).status).toBe(401);
    expect((await anon.del('/api/compliance_trust_key/1')).status).toBe(401);
    const p = api(h.app, (await createPowerless(h, s.org)).token);
    expect((await p.post('/api/compliance_certificate', { user_id: s.person.id, payload: 'HC1:0123456789' })).status).toBe(403);
    expect((await p.get(`/api/compliance_certificates?user_id=${s.person.id}`)).status).toBe(403);
    expect((await p.post('/api/compliance_trust_key', { name: 'x1', kind: 'pem', content: 'x'.repeat(30) })).status).toBe(403);
    expect((await p.get(`/api/compliance_trust_keys/${s.org.entityId}`)).status).toBe(403);
    const other = await setup();
    expect((await s.c.post('/api/compliance_certificate', { user_id: other.person.id, payload: makeDcc(s.signer.privateKey, s.kid, { v: [{ dt: '2026-01-05' }] }) })).status).toBe(404);
    expect((await s.c.get(`/api/compliance_certificates?user_id=${other.person.id}`)).status).toBe(404);
    expect((await s.c.get(`/api/compliance_trust_keys/${other.org.entityId}`)).status).toBe(404);
    const theirKeys = (await other.c.get(`/api/compliance_trust_keys/${other.org.entityId}`)).body.data;
    expect((await s.c.del(`/api/compliance_trust_key/${theirKeys[0].id}`)).status).toBe(404);
    const garbage = await s.c.post('/api/compliance_certificate', { user_id: s.person.id, payload: 'HC1:NOT*A*CERTIFICATE' });
    expect(garbage.status).toBe(400);
    expect(garbage.body.errors.payload).toEqual(['The certificate could not be read.']);
    expect((await s.c.post('/api/compliance_certificate', { user_id: s.person.id, payload: 'shc:/5676290952432060346029243740' })).status).toBe(400);
    const badKey = await s.c.post('/api/compliance_trust_key', { name: 'Broken', kind: 'pem', content: '-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----' });
    expect(badKey.body.errors.content).toEqual(['The key is not a valid PEM public key or JWKS.']);
    expect(await certCount(s.org)).toBe(0);
    expect((await s.c.get(`/api/compliance_trust_keys/${s.org.entityId}`)).body.count).toBe(2);
    expect((await s.c.del(`/api/compliance_trust_key/${theirKeys[0].id}`)).status).toBe(404);
    expect((await other.c.get(`/api/compliance_trust_keys/${other.org.entityId}`)).body.count).toBe(2);
  });
});
