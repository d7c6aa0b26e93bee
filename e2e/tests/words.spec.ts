import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { adminApi, expectAccessible, login, pickDay } from './helpers';

/**
 * Issue 15 part 7: names administrators write are given in Arabic and Spanish in the console, and the visitor's
 * phone form shows them in the visitor's language (Arabic right to left, the written text with dir="auto"), the
 * written text where none was given; its dates read DD/MM/YYYY with weeks from Monday in Arabic too (rule 121).
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
  // By its name: the previous text's dialog may still be closing (two were found at once on a busy run).
  const box = page.getByRole('dialog', { name: `Translations of ${of}` });
  await box.getByRole('textbox', { name: 'Arabic' }).fill(words.Arabic);
  await expect(box.getByRole('textbox', { name: 'Arabic' })).toHaveCSS('direction', 'rtl');
  await box.getByRole('textbox', { name: 'Spanish' }).fill(words.Spanish);
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
  await expect(page.getByRole('button', { name: `Translations of ${of}`, exact: true })).toContainText('AR · ES');
}

async function inLanguage(page: Page, lang: string) {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** The day after today, YYYY-MM-DD (the visit's day must not be in the past). */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

test('a user type and a custom field named in Arabic and Spanish in the console read so on the visitor’s phone form', async ({ page, request }) => {
  // About 30 s warm; the first journey after the server starts took 52 s on the shared machine.
  test.setTimeout(120_000);
  const d = await demo(request);
  await login(page);

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

  // The visitor's phone, in Arabic: right to left, the names as translated (written text marked dir="auto").
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/pre-registration/${d.code}`);
  await inLanguage(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('radio', { name: /^زائر/ }).check();
  const purposeAr = page.getByRole('radiogroup', { name: /^غرض الزيارة/ });
  await expect(purposeAr.getByRole('radio', { name: 'اجتماع' })).toBeVisible();
  // Options without a translation read as written; the written option is what is sent.
  await expect(purposeAr.getByRole('radio', { name: 'Delivery' })).toBeVisible();
  await expect(purposeAr.getByRole('radio', { name: 'اجتماع' })).toHaveAttribute('value', 'Meeting');
  await expect(page.locator('[dir="auto"]', { hasText: 'غرض الزيارة' })).toHaveCount(1);
  await expect(page.locator('[dir="auto"]', { hasText: 'زائر' }).first()).toBeVisible();
  // The visit's day in Arabic: DD/MM/YYYY (pickDay checks the field's text), the calendar's weeks from Monday.
  const day = page.getByRole('button', { name: /^تاريخ الزيارة/ });
  await day.click();
  const firstOfWeek = await page.locator('table tbody tr').first().locator('button[data-date]').first().getAttribute('data-date');
  expect(new Date(`${firstOfWeek}T12:00:00Z`).getUTCDay()).toBe(1);
  await page.keyboard.press('Escape');
  await pickDay(page, day, tomorrow());
  // axe in Arabic, the language this journey is about (a reload in each language costs seconds on a shared machine).
  await expectAccessible(page, 'the phone form with translated names', { languages: ['ar'] });

  // In Spanish: left to right, the Spanish names.
  await inLanguage(page, 'es');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByRole('radio', { name: /^Visitante/ }).check();
  await expect(page.getByRole('radiogroup', { name: /^Motivo de la visita/ }).getByRole('radio', { name: 'Reunión' })).toBeVisible();
});
