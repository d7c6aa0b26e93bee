import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { ADMIN, adminApi, expectAccessible } from './helpers';

/**
 * Issue 15 part 7: names administrators write are given in Arabic and Spanish in the console, and the visitor's
 * phone form shows them in the visitor's language (Arabic right to left), the written text where none was given.
 */

async function demo(request: APIRequestContext) {
  const a = await adminApi(request);
  const types = await (await request.get(`/api/user-types/${a.entityId}`, { headers: a.headers })).json();
  const flat = (list: { id: number; name: string; children?: unknown[] }[]): { id: number; name: string }[] => list.flatMap((x) => [x, ...flat((x.children ?? []) as never)]);
  const visitor = flat(types.data).find((x) => x.name === 'Visitor')!;
  const sections = (await (await request.get('/api/section/with_custom_field', { headers: a.headers })).json()).data as { id: number; custom_fields: { id: number; name: string }[] }[];
  const section = sections.find((s) => s.custom_fields.some((f) => f.name === 'Purpose of visit'))!;
  const field = section.custom_fields.find((f) => f.name === 'Purpose of visit')!;
  const links = await (await request.get(`/api/pre_registration_links/${a.entityId}`, { headers: a.headers })).json();
  const code = (links.data as { code: string; active: number }[]).filter((l) => l.active).at(-1)!.code;
  return { visitor, section, field, code };
}

/** Opens the translations of a written text (the button beside it) and types them. */
async function translate(page: Page, of: string, words: { Arabic: string; Spanish: string }) {
  await page.getByRole('button', { name: `Translations of ${of}`, exact: true }).click();
  const box = page.getByRole('dialog');
  await box.getByRole('textbox', { name: 'Arabic' }).fill(words.Arabic);
  await expect(box.getByRole('textbox', { name: 'Arabic' })).toHaveCSS('direction', 'rtl');
  await box.getByRole('textbox', { name: 'Spanish' }).fill(words.Spanish);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Translations of ${of}`, exact: true })).toContainText('AR · ES');
}

async function inLanguage(page: Page, lang: string) {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test('a user type and a custom field named in Arabic and Spanish in the console read so on the visitor’s phone form', async ({ page, request }) => {
  // Two consoles pages, three languages of the phone form and axe in two: longer than one page's budget.
  test.setTimeout(240_000);
  const d = await demo(request);
  // The login form, allowed the time a shared machine takes to answer.
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 60_000 });

  await page.goto(`/add-user-type?id=${d.visitor.id}`);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Visitor');
  await translate(page, 'Name', { Arabic: 'زائر', Spanish: 'Visitante' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/user-types$/);

  await page.goto(`/add-custom-field?section=${d.section.id}&field=${d.field.id}`);
  await expect(page.getByRole('textbox', { name: /^Field name/ })).toHaveValue('Purpose of visit');
  await translate(page, 'Field name', { Arabic: 'غرض الزيارة', Spanish: 'Motivo de la visita' });
  await translate(page, 'Option 1', { Arabic: 'اجتماع', Spanish: 'Reunión' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/custom-fields$/);

  // The visitor's phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/pre-registration/${d.code}`);
  await inLanguage(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const visitorAr = page.getByRole('radio', { name: /^زائر/ });
  await visitorAr.check();
  const purposeAr = page.getByRole('radiogroup', { name: /^غرض الزيارة/ });
  await expect(purposeAr).toBeVisible();
  await expect(purposeAr.getByRole('radio', { name: 'اجتماع' })).toBeVisible();
  // Options without a translation read as written; the written option is what is sent.
  await expect(purposeAr.getByRole('radio', { name: 'Delivery' })).toBeVisible();
  await expect(purposeAr.getByRole('radio', { name: 'اجتماع' })).toHaveAttribute('value', 'Meeting');
  await expect(page.locator('span[dir="auto"]', { hasText: 'غرض الزيارة' })).toHaveCount(1);
  await expectAccessible(page, 'the phone form with translated names', { languages: ['ar', 'es'] });

  await inLanguage(page, 'es');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByRole('radio', { name: /^Visitante/ }).check();
  const purposeEs = page.getByRole('radiogroup', { name: /^Motivo de la visita/ });
  await expect(purposeEs.getByRole('radio', { name: 'Reunión' })).toBeVisible();

  await inLanguage(page, 'en');
  await page.getByRole('radio', { name: /^Visitor/ }).check();
  await expect(page.getByRole('radiogroup', { name: /^Purpose of visit/ }).getByRole('radio', { name: 'Meeting' })).toBeVisible();
});
