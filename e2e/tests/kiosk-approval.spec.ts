import { type APIRequestContext, expect, test } from '@playwright/test';
import { readMails } from '../../apps/api/test/mime';
import { adminApi, expectAccessible, kioskArrive, pairKiosk, png } from './helpers';

/**
 * Issue 15 part 2: a visit still awaiting approval is refused at the kiosk, in the kiosk's language and before any
 * check; the host approves it from the link in their mail; the visitor's approval mail brings the visit's QR code,
 * and that code then signs the visit in at the kiosk.
 */
type Admin = Awaited<ReturnType<typeof adminApi>>;
const HOST = 'dana.okafor@northfield.example';

const mailsTo = (to: string) => readMails(process.env.E2E_DATA_DIR!).filter((m) => m.to?.includes(to));
async function mailTo(to: string, subject: RegExp) {
  await expect.poll(() => mailsTo(to).some((m) => subject.test(m.subject)), { timeout: 30_000 }).toBe(true);
  return mailsTo(to).filter((m) => subject.test(m.subject)).at(-1)!;
}

/** The site's date and time `minutes` from now ("YYYY-MM-DD", "HH:mm"). */
function siteClock(timeZone: string, minutes: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(Date.now() + minutes * 60_000))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** A visitor pre-registers through the demo's link for a visit in a few minutes, with Dana Okafor as host. */
async function preRegister(request: APIRequestContext, admin: Admin, who: { first: string; last: string; email: string }) {
  const links = (await (await request.get(`/api/pre_registration_links/${admin.entityId}`, { headers: admin.headers })).json()).data as { code: string; active: number }[];
  const code = links.filter((l) => l.active).at(-1)!.code;
  const types = (await (await request.get(`/api/get_pre_registration_user_type/en/${code}`)).json()).data as { id: number; name: string; pre_registration_method: string }[];
  const visitor = types.find((t) => t.name === 'Visitor')!;
  expect(visitor.pre_registration_method).toBe('approval_required');
  const settings = (await (await request.get(`/api/check_image_qr_compliance_status_in_pre_registration/en/${code}?user_type_id=${visitor.id}`)).json()).data as { timezone: string };
  const sections = (await (await request.get(`/api/get_custom_fields_to_expected_visit/en?link=${code}&user_type_id=${visitor.id}`)).json()).data as {
    custom_fields: { custom_field_id: number; type: string; required: number; options: string[] }[];
  }[];
  const required = sections.flatMap((s) => s.custom_fields).filter((f) => f.required);
  const hosts = (await (await request.post('/api/hosts/search', { data: { journey_flow_id: code, user_type_id: visitor.id, search: 'Okafor' } })).json()).data as { id: number }[];
  const when = siteClock(settings.timezone, 10);
  const res = await request.post('/api/create-expected-visit/en', {
    multipart: {
      journey_id: code,
      user_type_id: String(visitor.id),
      visit_date: when.date,
      visit_time: when.time,
      first_name: who.first,
      last_name: who.last,
      email: who.email,
      phone: String(Date.now()).slice(-9),
      host: String(hosts[0].id),
      custom_fields: JSON.stringify(required.map((f) => ({ custom_field_id: f.custom_field_id, type: f.type, value: f.options[0] ?? 'Meeting' }))),
      image: { name: 'me.png', mimeType: 'image/png', buffer: png(300, 400) },
    },
  });
  expect(res.status()).toBe(201);
  const data = (await res.json()).data as { visit_url: string | null; approval_required: number };
  // Nothing that signs in before the approval: no link, no QR code.
  expect(data).toMatchObject({ visit_url: null, approval_required: 1 });
}

/**
 * The demo's Visitors flow identifies visitors by their QR code (a name picked would ask a quick pass code, which a
 * visitor does not have): for this journey the school lets visitors find their name (input method `manual`), as
 * an administrator may; put back afterwards.
 */
async function visitorsByName(request: APIRequestContext, admin: Admin, journeyId: number) {
  const flows = (await (await request.get(`/api/journey_flows/${admin.entityId}?limit=100`, { headers: admin.headers })).json()).data as { id: number; journey_id: number; name: string }[];
  const id = flows.find((f) => f.journey_id === journeyId && f.name === 'Visitors')!.id;
  const flow = (await (await request.get(`/api/journey_flow/${id}`, { headers: admin.headers })).json()).data as Record<string, unknown>;
  const put = (input_method: unknown, auto_close_visits = 0) => request.put(`/api/journey_flow/${id}`, { headers: admin.headers, data: { ...flow, input_method, auto_close_visits } });
  expect((await put('manual')).status()).toBe(200);
  // Back as it was; a visitor another journey left signed in would be stranded (rule 154): their visit is closed.
  return async () => expect((await put(flow.input_method)).status() === 200 || (await put(flow.input_method, 1)).status() === 200).toBe(true);
}

test('a visit awaiting approval is refused at the kiosk, approved from the host’s mail, then signed in with its QR code', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  const admin = await adminApi(request);
  const areas = (await (await request.get(`/api/areas/${admin.entityId}?limit=100`, { headers: admin.headers })).json()).data as { id: number; name: string }[];
  const journeys = (await (await request.get(`/api/journeys/${admin.entityId}?limit=50`, { headers: admin.headers })).json()).data as { id: number; name: string }[];
  const area = areas.find((a) => a.name === 'Main Reception') ?? areas[0];
  const journey = journeys.find((j) => j.name === 'School reception')!;
  const restore = await visitorsByName(request, admin, journey.id);
  try {
  const { kioskId, token } = await pairKiosk(page, request, admin, { areaId: area.id, journeyId: journey.id, name: 'Approval kiosk' });

  const stamp = String(Date.now()).slice(-6).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
  const who = { first: 'Petra', last: `Pending${stamp}`, email: `petra.${stamp}@visitor.example` };
  const name = `${who.first} ${who.last}`;
  await preRegister(request, admin, who);
  expect((await mailTo(who.email, /^Your visit to/)).text).toContain('Your host must approve it');

  // 1. At the kiosk, by name: refused at once (before any check), her visit awaits the host.
  await page.getByRole('button', { name: 'Find my name' }).click();
  await page.getByLabel('Name').fill(who.last);
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole('alert')).toHaveText('This visit is awaiting approval: signing in opens once the host approves it. Please ask at reception.');
  await expectAccessible(page, 'the kiosk refusing a visit awaiting approval', { languages: ['en'] });
  // The same refusal in the kiosk's Arabic.
  const petra = (await (await request.get(`/api/users/${admin.entityId}?filterBy=${encodeURIComponent(JSON.stringify({ search: name }))}`, { headers: admin.headers })).json()).data[0] as { id: number };
  const ar = await request.post('/api/kiosk-app/identify', { headers: { authorization: `Bearer ${token}`, 'accept-language': 'ar' }, data: { user_id: petra.id } });
  expect(ar.status()).toBe(403);
  expect((await ar.json()).message).toBe('هذه الزيارة بانتظار الموافقة: يمكن تسجيل الدخول بعد موافقة المضيف عليها. يرجى السؤال في الاستقبال.');
  await page.getByRole('button', { name: 'Back' }).click();
  expect((await (await request.get(`/api/visit_list/${admin.entityId}?filterBy=${encodeURIComponent(JSON.stringify({ kiosk_id: [kioskId], search: name }))}`, { headers: admin.headers })).json()).data).toEqual([]);

  // 2. The host approves from the link in their mail.
  const ask = await mailTo(HOST, new RegExp(`^Please approve the visit of ${name}`));
  const path = ask.text.match(/http:\/\/localhost:\d+(\/visit-approval\/[\w-]{40,})/)![1];
  const host = await context.newPage();
  await host.goto(path);
  await expect(host.getByTestId('visit-approval')).toContainText(name);
  await expectAccessible(host, 'the approval page');
  await host.getByTestId('visit-approval').getByRole('button', { name: 'Approve' }).click();
  await expect(host.getByTestId('approval-result')).toHaveText('Visit approved.');
  await host.close();

  // 3. Her approval mail brings the visit's QR code (its link); the kiosk reads it and signs the visit in.
  const approved = await mailTo(who.email, /is approved$/);
  expect(approved.parts.some((p) => p.headers['content-type']?.startsWith('image/png'))).toBe(true);
  const link = approved.text.match(/https?:\/\/\S+\/c\/[\w-]{40,}/)![0];
  await page.getByRole('button', { name: 'Scan my QR code' }).click();
  await page.getByLabel('Code').fill(link);
  await page.getByRole('button', { name: 'Continue' }).click();
  await kioskArrive(page);
  await expect(page.getByTestId('done-title')).toHaveText(`Welcome, ${name}!`);
  const scans = (await (await request.get(`/api/visit_list/${admin.entityId}?filterBy=${encodeURIComponent(JSON.stringify({ kiosk_id: [kioskId], search: name }))}`, { headers: admin.headers })).json()).data as { input_method: string; direction: string }[];
  expect(scans.map((s) => [s.direction, s.input_method])).toEqual([['in', 'qr']]);
  // The same code signs her out when she leaves.
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Scan my QR code' }).click();
  await page.getByLabel('Code').fill(link);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('done-title')).toHaveText(`Goodbye, ${name}!`);
  } finally {
    await restore();
  }
});
