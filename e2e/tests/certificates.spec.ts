import { expect, test } from '@playwright/test';
import { dccTest, makeDcc, signerKeys, trustKeyBodies } from '../../apps/api/test/certificates';
import { adminApi, lastMailTo } from './helpers';

const KID = Buffer.from('e2e0c3e7f1ca7e00', 'hex');

test('a visitor presents a negative PCR certificate on the compliance link; it is checked against the trust list and kept as their record', async ({ request, browser }) => {
  test.slow(); // mail through the job queue
  const admin = await adminApi(request);
  const { headers, entityId } = admin;
  const stamp = Date.now();
  // The organisation trusts a (test) signer; the entry condition accepts a negative PCR of at most 3 days (rules 205-209).
  const signer = signerKeys();
  for (const body of trustKeyBodies(signer.publicKey, KID)) expect((await request.post('/api/compliance_trust_key', { headers, data: body })).status()).toBe(201);
  const condition = (
    await (
      await request.post('/api/compliance', {
        headers,
        data: { name: `Certificate check ${stamp}`, questions: [{ question: 'Do you have a fever?', desired_answer: 'negative' }], agreement_text: 'I follow the site rules.', statement: 'My answers are true.', protocols: ['eu_dcc'], accept_negative_pcr: true, pcr_valid_days: 3 },
      })
    ).json()
  ).data;
  const options = (await (await request.get(`/api/expected_visit_options/${entityId}`, { headers })).json()).data;
  const site = options.sites.find((s: { areas: unknown[] }) => s.areas.length);
  const visitor = options.user_types.find((u: { name: string }) => u.name === 'Visitor');
  const journey = (await (await request.post('/api/journey', { headers, data: { name: `Certificates ${stamp}`, site_ids: [site.id] } })).json()).data;
  const flow = (await (await request.post(`/api/journey_flow/${journey.id}`, { headers, data: { name: 'Visitors', user_type_id: visitor.id, compliance_id: condition.id, send_before_visit: 60 } })).json()).data;
  const email = `certificate-${stamp}@example.test`;
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const made = await request.post('/api/expected-visit', {
    headers,
    data: { entity_id: entityId, site_id: site.id, area_id: site.areas[0].id, user_type_id: visitor.id, journey_flow_id: flow.id, visit_date: tomorrow, visit_time: '09:00:00', visitors: [{ first_name: 'Ada', last_name: 'Lovelace', email }] },
  });
  expect(made.status()).toBe(201);
  const visit = (await made.json()).data[0] as { id: number; user_id: number };
  expect((await request.post('/api/compliance-resent', { headers, data: { visit_id: visit.id } })).status()).toBe(200);
  await expect.poll(() => lastMailTo(email, 'online-compliance'), { timeout: 20_000 }).not.toBe('');
  const link = lastMailTo(email, 'online-compliance').match(/http:\/\/localhost:\d+(\/online-compliance\/[\w-]{40,})/)![1];

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const v = await phone.newPage();
  await v.goto(link);
  await expect(v.getByText('Certificate (optional)')).toBeVisible();
  await expect(v.getByText(/A negative test taken in the last 3 days is accepted\./)).toBeVisible();
  await v.getByRole('radiogroup', { name: 'Do you have a fever?' }).getByRole('radio', { name: 'No' }).check();
  await v.getByRole('checkbox', { name: /I agree/ }).check();
  // Unreadable text is refused on its field, and nothing is used up.
  await v.getByRole('textbox', { name: /Certificate QR text/ }).fill('HC1:NOT*A*CERTIFICATE');
  await v.getByRole('button', { name: 'Send' }).click();
  await expect(v.getByText('The certificate could not be read.')).toBeVisible();
  await v.getByRole('textbox', { name: /Certificate QR text/ }).fill(makeDcc(signer.privateKey, KID, dccTest(1)));
  await v.getByRole('button', { name: 'Send' }).click();
  await expect(v.getByTestId('online-compliance-result')).toContainText('Entry conditions saved.');
  const result = v.getByTestId('online-certificate-result');
  await expect(result).toContainText('Your certificate was checked and accepted.');
  await expect(result).toContainText('Trusted issuer');
  await expect(result).toContainText('Negative PCR');
  await phone.close();

  // The certificate is now the person's PCR record (rules 181-186).
  const person = (await (await request.get(`/api/user/${visit.user_id}`, { headers })).json()).data;
  expect(person.documents).toEqual([expect.objectContaining({ type: 'test', protocol: 'eu_dcc', pcr_result: 'negative', vaccine_status: 'negative_pcr', accept_negative_pcr: 1 })]);
});
