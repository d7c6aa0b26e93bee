import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg, type Org } from '../../../test/factories';
import { mailbox } from '../../../test/mailbox';
import { dccTest, isoDaysAgo, makeDcc, makeShc, shcPatient, shcShot, signerKeys, trustKeyBodies } from '../../../test/certificates';
import { fixtures } from '../journeys/testing';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const KID = Buffer.from('0f1e2d3c4b5a6978', 'hex');
const ISSUER = 'https://health.example.test';

/**
 * An organisation with a trust list, an entry condition (protocols, accept negative PCR, PCR valid days) on a
 * visitor flow, and a visit whose compliance link was mailed to the visitor.
 */
async function setup(email: string, condition: { protocols?: string[]; accept_negative_pcr?: boolean; pcr_valid_days?: number } = {}) {
  const org = await createOrg(h);
  const f = fixtures(h, org);
  const c = api(h.app, org.token);
  const signer = signerKeys();
  for (const body of trustKeyBodies(signer.publicKey, KID, ISSUER)) expect((await c.post('/api/compliance_trust_key', body)).status).toBe(201);
  const compliance = (
    await c.post('/api/compliance', {
      name: 'Health questionnaire',
      questions: [{ question: 'Do you have a fever?', desired_answer: 'negative' }],
      agreement_text: 'I agree to follow the site rules.',
      statement: 'The answers above are true.',
      protocols: condition.protocols ?? ['eu_dcc', 'smart_health_card'],
      accept_negative_pcr: condition.accept_negative_pcr ?? true,
      pcr_valid_days: condition.pcr_valid_days ?? 3,
    })
  ).body.data;
  const visitor = await f.userType();
  const journey = (await c.post('/api/journey', { name: 'Reception', site_ids: [(await f.site()).id] })).body.data;
  const flow = (await c.post(`/api/journey_flow/${journey.id}`, { name: 'Visitors', user_type_id: visitor.id, compliance_id: compliance.id, send_before_visit: 60 })).body.data;
  const person = await f.person('Ada', 'Lovelace', visitor.id, email);
  const visit = await f.visit({ userId: person.id, journeyFlowId: flow.id, expectedAt: new Date(Date.now() + 3_600_000) });
  expect((await c.post('/api/compliance-resent', { visit_id: visit.id })).status).toBe(200);
  const mail = (await mailbox(h)).filter((m) => m.to.includes(email));
  const code = mail[mail.length - 1].text.match(/online-compliance\/([\w-]+)/)![1];
  const send = (certificate: string | null, answer: 'positive' | 'negative' = 'negative', extra: Record<string, unknown> = {}, lang?: string) =>
    api(h.app, undefined, lang).post('/api/create_online_compliance_user', {
      visitCode: code,
      compliances: [{ complianceId: compliance.id, answer: [{ question_id: compliance.questions[0].id, answer }] }],
      certificate,
      ...extra,
    });
  return { org, c, signer, compliance, person, visit, code, send };
}

async function stored(org: Org) {
  const q = (table: string) => h.services.database.sql.query<{ n: number }>(`select count(*)::int as n from ${table} where entity_id = $1`, [org.entityId]).then((r) => r.rows[0].n);
  return { certificates: await q('compliance_certificates'), documents: await q('user_documents'), answers: await q('compliance_users') };
}

describe('certificates on the online compliance link (rules 144-148, 181-186, 205-211)', () => {
  it('a trusted EU DCC vaccination passes, becomes the person\'s document and uses the link up', async () => {
    const s = await setup('cert.dcc@example.test');
    const view = await api(h.app).get(`/api/get_online_compliance_user?visitCode=${s.code}`);
    expect(view.body.data.compliances[0]).toMatchObject({ protocols: ['eu_dcc', 'smart_health_card'], accept_negative_pcr: 1, pcr_valid_days: 3 });
    const res = await s.send(makeDcc(s.signer.privateKey, KID, { v: [{ dn: 2, sd: 2, dt: '2026-01-05' }] }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'success', reason: null, certificate: { protocol: 'eu_dcc', type: 'covid_vaccine', status: 'vaccinated', verified: 1, accepted: 1, message: 'Your certificate was checked and accepted.', date_taken: '2026-01-05' } });
    const person = (await s.c.get(`/api/user/${s.person.id}`)).body.data;
    expect(person.documents).toHaveLength(1);
    expect(person.documents[0]).toMatchObject({ type: 'covid_vaccine', protocol: 'eu_dcc', date_taken: '2026-01-05', vaccine_status: 'vaccinated', accept_negative_pcr: 1, status: 'enabled' });
    const answers = (await s.c.get(`/api/get_compliance_user?user_id=${s.person.id}&visit_id=${s.visit.id}`)).body.data;
    expect(answers.map((a: { status: string; source: string }) => [a.status, a.source])).toEqual([['success', 'online']]);
    const [cert] = (await h.services.database.sql.query<{ metadata: Record<string, unknown> }>('select metadata from compliance_certificates where entity_id = $1', [s.org.entityId])).rows;
    expect(cert.metadata).toMatchObject({ source: 'online', visit_id: s.visit.id, compliance_id: s.compliance.id, answer_id: answers[0].id, refusal: null, pcr_valid_days: 3 });
    // Rule 144: the used link takes no second certificate.
    const again = await s.send(makeDcc(s.signer.privateKey, KID, { v: [{ dt: '2026-01-05' }] }));
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('ALREADY_COMPLETED');
    expect(await stored(s.org)).toEqual({ certificates: 1, documents: 1, answers: 1 });
  });

  it('a negative PCR counts only when the entry condition accepts negative PCR, and only within its PCR valid days', async () => {
    const accepts = await setup('cert.pcr.yes@example.test', { accept_negative_pcr: true, pcr_valid_days: 3 });
    const lab = (daysAgo: number) => ({ resource: { resourceType: 'Observation', effectiveDateTime: isoDaysAgo(daysAgo), valueCodeableConcept: { coding: [{ code: '260385009' }] } } });
    const old = await accepts.send(makeShc(accepts.signer.privateKey, 'shc-1', ISSUER, [shcPatient, lab(5)]));
    expect(old.body.data).toMatchObject({ status: 'failed', reason: 'The certificate has expired, or the test is older than the PCR valid days.', certificate: { protocol: 'smart_health_card', status: 'expired', verified: 1, accepted: 0 } });
    const fresh = await accepts.send(makeShc(accepts.signer.privateKey, 'shc-1', ISSUER, [shcPatient, lab(1)]));
    expect(fresh.body.data).toMatchObject({ status: 'success', certificate: { type: 'test', status: 'negative PCR', accepted: 1 } });
    const person = (await accepts.c.get(`/api/user/${accepts.person.id}`)).body.data;
    expect(person.documents.map((d: { type: string; vaccine_status: string; pcr_result: string }) => [d.type, d.vaccine_status, d.pcr_result])).toEqual([
      ['test', 'negative_pcr', 'negative'],
      ['test', 'expired', 'negative'],
    ]);

    const refuses = await setup('cert.pcr.no@example.test', { accept_negative_pcr: false, pcr_valid_days: 7 });
    const dcc = await refuses.send(makeDcc(refuses.signer.privateKey, KID, dccTest(1)), 'negative', { notes: 'I had a test yesterday, it was negative.' });
    expect(dcc.body.data).toMatchObject({ status: 'failed', reason: 'The entry conditions do not accept a negative test: a vaccination certificate is needed.', certificate: { status: 'negative PCR', accepted: 0 } });
    const positive = await refuses.send(makeDcc(refuses.signer.privateKey, KID, dccTest(1, false)));
    expect(positive.body.data).toMatchObject({ status: 'failed', reason: 'The certificate shows a positive test.', certificate: { status: 'positive PCR', accepted: 0 } });
    // The link is still usable after a refused certificate: the visitor can present a vaccination.
    const shot = await refuses.send(makeShc(refuses.signer.privateKey, 'shc-1', ISSUER, [shcPatient, shcShot(30)]));
    expect(shot.body.data).toMatchObject({ status: 'success', certificate: { type: 'covid_vaccine', status: 'vaccinated', accepted: 1 } });
  });

  it('refuses an untrusted signer whatever the notes say, an expired certificate, and a protocol the entry condition does not name', async () => {
    const s = await setup('cert.refused@example.test', { protocols: ['nhs'] });
    const stranger = signerKeys();
    const forged = await s.send(makeDcc(stranger.privateKey, KID, { v: [{ dt: '2026-01-05' }] }), 'negative', { notes: 'My certificate is genuine, I promise you.' });
    expect(forged.body.data).toMatchObject({ status: 'failed', isWrong: 0, reason: 'The certificate signature is not from a trusted issuer.', certificate: { verified: 0, status: 'unchecked', accepted: 0 } });
    const expired = await s.send(makeDcc(s.signer.privateKey, KID, { v: [{ dt: '2025-01-05' }] }, -1));
    expect(expired.body.data).toMatchObject({ status: 'failed', reason: 'The certificate has expired, or the test is older than the PCR valid days.' });
    // NHS passes are EU DCCs issued by GB; another country's DCC or a SMART Health Card is not an NHS pass.
    const french = await s.send(makeDcc(s.signer.privateKey, KID, { v: [{ dt: '2026-01-05' }] }, 30, 'FR'));
    expect(french.body.data).toMatchObject({ status: 'failed', reason: 'This kind of certificate is not one the entry conditions accept.', certificate: { verified: 1, accepted: 0 } });
    const shc = await s.send(makeShc(s.signer.privateKey, 'shc-1', ISSUER, [shcPatient, shcShot(30)]));
    expect(shc.body.data.certificate).toMatchObject({ protocol: 'smart_health_card', accepted: 0 });
    // Only trusted checks become documents: the forged one is kept as a check, not as the person's document.
    expect(await stored(s.org)).toEqual({ certificates: 4, documents: 3, answers: 4 });
    const nhs = await s.send(makeDcc(s.signer.privateKey, KID, { v: [{ dt: '2026-01-05' }] }));
    expect(nhs.body.data).toMatchObject({ status: 'success', certificate: { accepted: 1 } });
  });

  it('garbage or oversized text is a field message in the visitor\'s language and stores nothing; no certificate keeps rule 210', async () => {
    const s = await setup('cert.garbage@example.test');
    const garbage = await s.send('HC1:NOT*A*CERTIFICATE');
    expect(garbage.status).toBe(400);
    expect(garbage.body.errors.certificate).toEqual(['The certificate could not be read.']);
    expect((await s.send('hello there, this is not a QR code')).body.errors.certificate).toEqual(['The certificate could not be read.']);
    const ar = await s.send('shc:/5676290952432060346029243740', 'negative', {}, 'ar');
    expect(ar.body.errors.certificate).toEqual(['تعذرت قراءة الشهادة.']);
    const long = await s.send(`HC1:${'A'.repeat(10_000)}`, 'negative', {}, 'es');
    expect(long.status).toBe(400);
    expect(long.body.errors.certificate).toEqual(['El texto del certificado es demasiado largo: como máximo 10.000 caracteres.']);
    expect(await stored(s.org)).toEqual({ certificates: 0, documents: 0, answers: 0 });
    // Without a certificate the answers are evaluated as before (rule 210).
    const plain = await s.send(null, 'positive', { notes: 'a cold' });
    expect(plain.body.data).toMatchObject({ status: 'failed', isWrong: 1, reason: 'Notes must be at least 20 characters when the entry conditions fail.', certificate: null });
    expect((await s.send('', 'negative')).body.data).toMatchObject({ status: 'success', certificate: null });
  });

  it("checks against the link's own organisation only, and not on an expired or foreign link", async () => {
    const a = await setup('cert.org.a@example.test');
    const b = await setup('cert.org.b@example.test');
    // B's trusted signer means nothing on A's link.
    const res = await a.send(makeDcc(b.signer.privateKey, KID, { v: [{ dt: '2026-01-05' }] }));
    expect(res.body.data.certificate).toMatchObject({ verified: 0, accepted: 0 });
    // A's link with B's entry condition is refused before anything is read or stored.
    const foreign = await api(h.app).post('/api/create_online_compliance_user', {
      visitCode: a.code,
      compliances: [{ complianceId: b.compliance.id, answer: [{ question_id: b.compliance.questions[0].id, answer: 'negative' }] }],
      certificate: makeDcc(b.signer.privateKey, KID, { v: [{ dt: '2026-01-05' }] }),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.compliances).toEqual(['This entry condition is not part of this visit.']);
    expect(await stored(b.org)).toEqual({ certificates: 0, documents: 0, answers: 0 });
    expect(await stored(a.org)).toEqual({ certificates: 1, documents: 0, answers: 1 });
    // Rules 145-148: a missed or unknown link takes no certificate.
    await h.services.database.db.execute(sql`update compliance_links set expires_at = now() - interval '1 minute' where visit_id = ${b.visit.id}`);
    const missed = await b.send(makeDcc(b.signer.privateKey, KID, { v: [{ dt: '2026-01-05' }] }));
    expect(missed.status).toBe(400);
    expect(missed.body).toMatchObject({ code: 'VISIT_EXPIRED', message: 'Your compliance link has expired because you missed your appointment. Please contact the system admin for further details.' });
    const unknown = await api(h.app).post('/api/create_online_compliance_user', { visitCode: 'u'.repeat(43), compliances: [{ complianceId: b.compliance.id, answer: [] }], certificate: 'HC1:0123456789' });
    expect(unknown.status).toBe(404);
    expect(await stored(b.org)).toEqual({ certificates: 0, documents: 0, answers: 0 });
  });

  it('is rate limited like the other public calls', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) statuses.push((await api(h.app).post('/api/create_online_compliance_user', { visitCode: 'r'.repeat(43), compliances: [], certificate: 'x' })).status);
    expect(statuses[0]).toBe(400);
    expect(statuses[statuses.length - 1]).toBe(429);
  });
});
