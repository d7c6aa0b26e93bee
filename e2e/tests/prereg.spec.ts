import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { type Mail, readMails } from '../../apps/api/test/mime';
import { ADMIN, login, pickDay, png } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

const mailsTo = (to: string) => readMails(process.env.E2E_DATA_DIR!).filter((m) => m.to?.includes(to));
/** The newest mail to `to` whose subject matches; polls while the job queue delivers it. */
async function mailTo(to: string, subject: RegExp): Promise<Mail> {
  await expect.poll(() => mailsTo(to).some((m) => subject.test(m.subject)), { timeout: 30_000 }).toBe(true);
  return mailsTo(to).filter((m) => subject.test(m.subject)).at(-1)!;
}
const HOST = 'dana.okafor@northfield.example';

async function admin(request: APIRequestContext) {
  const login = await (await request.post('/api/login', { data: ADMIN })).json();
  const headers = { authorization: `Bearer ${login.data.token}` };
  const entityId = login.data.entity.id as number;
  const links = await (await request.get(`/api/pre_registration_links/${entityId}`, { headers })).json();
  // The demo's link is the oldest (the list is newest first); other journeys may have made and turned off their own.
  const demo = (links.data as { code: string; active: number }[]).filter((l) => l.active).at(-1)!;
  return { headers, entityId, code: demo.code };
}

/** The demo's Visitor type asks for a profile photo (rule 194), as an administrator would set it. */
async function visitorsNeedAPhoto(request: APIRequestContext, a: Awaited<ReturnType<typeof admin>>) {
  const types = await (await request.get(`/api/user-types/${a.entityId}`, { headers: a.headers })).json();
  const flat = (list: { id: number; name: string; children?: unknown[] }[]): { id: number; name: string }[] => list.flatMap((x) => [x, ...flat((x.children ?? []) as never)]);
  const visitor = flat(types.data).find((x) => x.name === 'Visitor')!;
  const one = (await (await request.get(`/api/user-type/${visitor.id}`, { headers: a.headers })).json()).data;
  const res = await request.put(`/api/user-type/update/${visitor.id}`, { headers: a.headers, data: { ...one, parent_id: one.parent_id, profile_photo: 1 } });
  expect(res.status()).toBe(200);
}

/** Pre-registers as a Visitor on the phone: details, host, photo, entry conditions, tomorrow 10:30. */
async function preRegister(page: Page, code: string, who: { first: string; last: string; email: string }) {
  await page.goto(`/pre-registration/${code}`);
  await expect(page.getByRole('heading', { name: 'Pre-register your visit' })).toBeVisible();
  await page.getByRole('radio', { name: /^Visitor/ }).check();
  await page.getByRole('textbox', { name: /^First name/ }).fill(who.first);
  await page.getByRole('textbox', { name: /^Last name/ }).fill(who.last);
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(who.email);
  await page.getByRole('textbox', { name: /^Phone/ }).fill(String(Date.now()).slice(-9));
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await pickDay(page, page.getByRole('button', { name: /^Visit date/ }), tomorrow);
  await page.getByLabel(/^Time/).fill('10:30');
  // The host: a search of the flow's hosts (Staff), chosen from the list.
  await page.getByRole('combobox', { name: /^Who are you visiting/ }).fill('Okaf');
  await page.getByRole('option', { name: 'Dana Okafor' }).click();
  // The organisation's custom fields for pre-registration (rule 217): the required one answered.
  await page.getByRole('radiogroup', { name: /^Purpose of visit/ }).getByRole('radio', { name: 'Meeting' }).check();
  // The photo (rule 140): uploaded, checked in the browser, shown before it is sent.
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(300, 400) });
  await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible();
  // The entry conditions of the Visitors flow, answered as they pass (rules 210-212).
  const conditions = page.getByTestId('entry-conditions');
  await conditions.getByRole('radiogroup', { name: /fever/ }).getByRole('radio', { name: 'No' }).check();
  await conditions.getByRole('radiogroup', { name: /contact with anyone/ }).getByRole('radio', { name: 'No' }).check();
  await conditions.getByRole('radiogroup', { name: /safeguarding leaflet/ }).getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByTestId('prereg-success')).toContainText('Your host must approve the visit.');
  return tomorrow;
}

test('a visitor pre-registers on a phone with a photo and entry conditions, the host approves in the console, the mailed link confirms once', async ({ page, request }) => {
  const a = await admin(request);
  await visitorsNeedAPhoto(request, a);
  const email = `elena-${Date.now()}@example.test`;
  const tomorrow = await preRegister(page, a.code, { first: 'Elena', last: 'Endtoend', email });
  await expect(page).toHaveURL(new RegExp(`/pre-registration/${a.code}/success\\?approval=1&stage=awaiting_admin_approval$`));
  // The visitor hears that the host must approve; the host is asked, with a single-use link.
  expect((await mailTo(email, /^Your visit to/)).text).toContain('Your host must approve it');
  expect((await mailTo(HOST, /^Please approve the visit of Elena Endtoend/)).text).toMatch(/\/visit-approval\/[\w-]{40,}/);

  // The host (here the administrator) approves from the console's list of visits awaiting approval.
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page);
  await page.goto('/add-expected-visitors?tab=list');
  await page.getByRole('button', { name: 'Actions for Elena Endtoend' }).click();
  await page.getByRole('menuitem', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('Visit approved.')).toBeVisible();

  // The outcome mail: text, the QR code of the visit link, and the calendar invitation.
  const approved = await mailTo(email, /^Your visit on .* is approved$/);
  const link = approved.text.match(/http:\/\/localhost:\d+(\/c\/[\w-]{40,})/)!;
  const qr = approved.parts.find((p) => p.headers['content-type']?.startsWith('image/png'))!;
  expect(qr.body.equals(await QRCode.toBuffer(link[0], { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' }))).toBe(true);
  const ics = approved.parts.find((p) => p.headers['content-type']?.startsWith('text/calendar'))!.body.toString('utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toMatch(new RegExp(`DTSTART:${tomorrow.replace(/-/g, '')}T\\d{6}Z`));
  expect(approved.html).toContain('src="cid:visit-qr"');

  // On the phone again: the confirmation link shows the visit, confirming goes to the success page...
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link[1]);
  await expect(page.getByRole('textbox', { name: /^First name/ })).toHaveValue('Elena');
  await page.getByRole('button', { name: 'Confirm my visit' }).click();
  await expect(page.getByTestId('prereg-success')).toContainText('Your visit is confirmed.');
  // ...and a second use has expired with rule 147's message.
  await page.goto(link[1]);
  await expect(page).toHaveURL(/\/link-expired\?kind=confirmation&reason=confirmed/);
  await expect(page.getByTestId('link-expired-page')).toContainText('Your confirmation link has expired because you have already confirmed your visit. Please contact the system admin for further details.');
});

test("the host approves from the mail's link on a phone; the link then no longer works", async ({ page, request }) => {
  const a = await admin(request);
  await visitorsNeedAPhoto(request, a);
  const email = `omar-${Date.now()}@example.test`;
  await preRegister(page, a.code, { first: 'Omar', last: 'Mailapproval', email });
  const ask = await mailTo(HOST, /^Please approve the visit of Omar Mailapproval/);
  const path = ask.text.match(/http:\/\/localhost:\d+(\/visit-approval\/[\w-]{40,})/)![1];
  await page.goto(path);
  const approval = page.getByTestId('visit-approval');
  await expect(approval).toContainText('Omar Mailapproval');
  await expect(approval).toContainText('Dana Okafor');
  await approval.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('approval-result')).toHaveText('Visit approved.');
  await mailTo(email, /is approved$/);
  await page.reload();
  await expect(page.getByTestId('approval-invalid')).toHaveText('This approval link is not valid or has already been used.');
});

for (const [lang, heading, unavailable, confirmed] of [
  ['ar', 'سجّل زيارتك مسبقاً', 'التسجيل غير متاح عبر هذا الرابط.', 'انتهت صلاحية رابط التأكيد الخاص بك لأنك أكدت زيارتك بالفعل. يرجى التواصل مع مسؤول النظام لمزيد من التفاصيل.'],
  ['es', 'Registre su visita', 'El registro no está disponible a través de este enlace.', 'Su enlace de confirmación ha caducado porque ya ha confirmado su visita. Póngase en contacto con el administrador del sistema para más información.'],
] as const) {
  test(`the pre-registration page speaks ${lang}; an unknown link is "not available"; an expired link says why`, async ({ page, request }) => {
    const a = await admin(request);
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await page.goto(`/pre-registration/${a.code}`);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The form fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto(`/pre-registration/${'x'.repeat(32)}`);
    await expect(page.getByTestId('prereg-unavailable')).toHaveText(unavailable);
    // The same text as the API's (one catalogue, rules 146-148).
    await page.goto('/link-expired?kind=confirmation&reason=confirmed');
    await expect(page.getByTestId('link-expired-page')).toContainText(confirmed);
  });
}
