import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

/** The newest `.eml` written for `to` in DATA_DIR/mail (quoted-printable soft breaks undone); '' while none. */
function lastMailTo(to: string): string {
  const dir = join(process.env.E2E_DATA_DIR!, 'mail');
  const files = readdirSync(dir).filter((f) => f.includes(to.replace(/[^a-z0-9@._-]/gi, '_'))).sort();
  return files.length ? readFileSync(join(dir, files.at(-1)!), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=') : '';
}

test('a visitor pre-registers on a phone, confirms from the mail, and a second use of the link has expired', async ({ page, request }) => {
  const login = await (await request.post('/api/login', { data: ADMIN })).json();
  const token = login.data.token as string;
  const entityId = login.data.entity.id as number;
  const links = await (await request.get(`/api/pre_registration_links/${entityId}`, { headers: { authorization: `Bearer ${token}` } })).json();
  const code = links.data[0].code as string;

  await page.goto(`/pre-registration/${code}`);
  await expect(page.getByRole('heading', { name: 'Pre-register your visit' })).toBeVisible();
  await page.getByRole('combobox', { name: 'I am a' }).click();
  await page.getByRole('option', { name: 'Visitor' }).click();
  const email = `e2e-${Date.now()}@example.test`;
  await page.getByRole('textbox', { name: /^First name/ }).fill('Elena');
  await page.getByRole('textbox', { name: /^Last name/ }).fill('Endtoend');
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByRole('textbox', { name: /^Phone/ }).fill(String(Date.now()).slice(-9));
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel(/^Visit date/).fill(tomorrow);
  await page.getByLabel(/^Time/).fill('10:30');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByTestId('prereg-success')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/pre-registration/${code}/success`));

  // Mail goes through the job queue: wait for the worker to write it.
  await expect.poll(() => lastMailTo(email), { timeout: 20_000 }).toContain('Content-Type: text/calendar');
  const mail = lastMailTo(email);
  expect(mail).toContain('Content-Type: image/png');
  expect(mail).toContain('Content-Type: text/calendar');
  const link = mail.match(/http:\/\/localhost:\d+(\/c\/[\w-]{40,})/)![1];
  await page.goto(link);
  await expect(page.getByRole('textbox', { name: /^First name/ })).toHaveValue('Elena');
  await page.getByRole('button', { name: 'Confirm my visit' }).click();
  await expect(page.getByTestId('prereg-success')).toContainText('Your visit is confirmed.');

  await page.goto(link);
  await expect(page).toHaveURL(/\/link-expired\?kind=confirmation&reason=confirmed/);
  await expect(page.getByTestId('link-expired-page')).toContainText('Your confirmation link has expired because you have already confirmed your visit. Please contact the system admin for further details.');
});

for (const [lang, heading, unavailable] of [
  ['ar', 'سجّل زيارتك مسبقاً', 'التسجيل غير متاح عبر هذا الرابط.'],
  ['es', 'Registre su visita', 'El registro no está disponible a través de este enlace.'],
] as const) {
  test(`the pre-registration page speaks ${lang}, and an unknown link is "not available"`, async ({ page, request }) => {
    const login = await (await request.post('/api/login', { data: ADMIN })).json();
    const links = await (await request.get(`/api/pre_registration_links/${login.data.entity.id}`, { headers: { authorization: `Bearer ${login.data.token}` } })).json();
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await page.goto(`/pre-registration/${links.data[0].code}`);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    if (lang === 'ar') await expect(page.locator('[dir="rtl"]').first()).toBeAttached();
    await page.goto(`/pre-registration/${'x'.repeat(32)}`);
    await expect(page.getByTestId('prereg-unavailable')).toHaveText(unavailable);
  });
}
