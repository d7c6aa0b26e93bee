import { expect, test } from '@playwright/test';
import { adminApi, lastMailTo, login } from './helpers';

test('an admin builds an entry condition and a journey with a flow; a visitor answers it from the link, fails the notes rule, then passes', async ({ page, request, browser }) => {
  test.slow(); // two browsers, mail through the job queue
  await login(page);
  const stamp = Date.now();
  const condition = `Sports day health check ${stamp}`;

  // The entry condition (rules 205-209): the form says what is missing, on each field, before saving.
  await page.goto('/compliance-new');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Check the desired answer of each question.')).toBeVisible();
  await expect(page.getByText('Select at least one protocol.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(condition);
  await page.getByRole('textbox', { name: 'Question 1' }).fill('Do you have a fever?');
  await page.getByTestId('question-1').getByRole('radio', { name: 'No' }).check();
  await page.getByRole('textbox', { name: 'Agreement text' }).fill('I will follow the instructions of school staff.');
  await page.getByRole('textbox', { name: 'Statement' }).fill('My answers are true.');
  await page.getByRole('checkbox', { name: 'EU digital COVID certificate' }).check();
  await page.getByRole('textbox', { name: 'PCR valid days' }).fill('1000');
  await expect(page.getByRole('textbox', { name: 'PCR valid days' })).toHaveValue('100');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/compliances$/);
  await expect(page.getByText(condition)).toBeVisible();

  // The journey (rule 201), then a flow for visitors that asks the entry condition (rules 197-199).
  await page.goto('/add-journey');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('S');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The journey name must be at least 2 characters.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Sports day ${stamp}`);
  await page.getByRole('switch', { name: 'Temperature check' }).check();
  await expect(page.getByRole('textbox', { name: 'Temperature threshold (°C)' })).toHaveValue('37.5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/update\/journey\/\d+$/);
  const journeyUrl = page.url();
  await expect(page.getByTestId('no-flows')).toBeVisible();
  await page.getByRole('link', { name: 'Add flow' }).click();
  await expect(page).toHaveURL(/\/add\/journey\/flow\/\d+$/);
  await page.getByRole('textbox', { name: 'Flow name' }).fill('Parents');
  await page.getByRole('combobox', { name: 'User type' }).click();
  await page.getByRole('option', { name: /^Visitor · / }).click();
  await page.getByRole('combobox', { name: 'Entry condition', exact: true }).click();
  await page.getByRole('option', { name: condition }).click();
  await page.getByRole('textbox', { name: 'Send before the visit (minutes)' }).fill('4');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Compliance cannot be sent sooner than 5 minutes before the visit.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Send before the visit (minutes)' }).fill('60');
  await page.getByRole('button', { name: 'Save' }).click();
  // Rule 297: back on the journey, which shows the steps a parent will meet.
  await expect(page).toHaveURL(journeyUrl);
  await expect(page.getByRole('link', { name: 'Parents', exact: true })).toBeVisible();
  const flowId = Number((await page.getByRole('link', { name: 'Parents', exact: true }).getAttribute('href'))!.split('/').at(-1));
  await expect(page.getByTestId(`step-${flowId}-compliance`)).toHaveText(`${condition} · Every time`);
  await expect(page.getByTestId(`step-${flowId}-checks`)).toHaveText('Temperature above 37.5 °C fails');

  // A parent is expected tomorrow on this flow (through the API, as the front desk would), and is sent the link.
  const { entityId, headers } = await adminApi(request);
  const options = (await (await request.get(`/api/expected_visit_options/${entityId}`, { headers })).json()).data;
  const site = options.sites.find((s: { areas: unknown[] }) => s.areas.length);
  const visitor = options.user_types.find((u: { name: string }) => u.name === 'Visitor');
  const email = `parent-${stamp}@example.test`;
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const made = await request.post('/api/expected-visit', {
    headers,
    data: { entity_id: entityId, site_id: site.id, area_id: site.areas[0].id, user_type_id: visitor.id, journey_flow_id: flowId, visit_date: tomorrow, visit_time: '10:30:00', visitors: [{ first_name: 'Priya', last_name: 'Parent', email }] },
  });
  expect(made.status()).toBe(201);
  const visitId = (await made.json()).data[0].id as number;
  expect((await request.post('/api/compliance-resent', { headers, data: { visit_id: visitId } })).status()).toBe(200);
  await expect.poll(() => lastMailTo(email, 'online-compliance'), { timeout: 20_000 }).not.toBe('');
  const link = lastMailTo(email, 'online-compliance').match(/http:\/\/localhost:\d+(\/online-compliance\/[\w-]{40,})/)![1];

  // The visitor, on a phone: a wrong answer with short notes fails and says why (rules 210-211).
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const v = await phone.newPage();
  await v.goto(link);
  await expect(v.getByText('Hello Priya, please answer these questions before your visit.')).toBeVisible();
  await v.getByRole('radiogroup', { name: 'Do you have a fever?' }).getByRole('radio', { name: 'Yes' }).check();
  await v.getByRole('textbox', { name: 'Notes' }).fill('A cold.');
  await v.getByRole('checkbox', { name: /I agree/ }).check();
  await v.getByRole('button', { name: 'Send' }).click();
  await expect(v.getByTestId('online-compliance-result')).toContainText('Notes must be at least 20 characters when the entry conditions fail.');
  await expect(v.getByText('7 / 20 characters')).toBeVisible();
  // With notes of 20 characters or more the same answers pass, and the link is used up.
  await v.getByRole('textbox', { name: 'Notes' }).fill('Hay fever only; checked by our GP this morning.');
  await v.getByRole('button', { name: 'Send' }).click();
  await expect(v.getByTestId('online-compliance-result')).toContainText('Entry conditions saved.');
  await v.reload();
  await expect(v.getByTestId('online-compliance-expired')).toContainText('Your compliance link has expired because you have already completed your entry conditions.');
  await phone.close();

  // The admin sees both answers, with the version answered and the notes.
  await page.goto('/compliances?tab=answers');
  await page.getByRole('textbox', { name: 'Search' }).fill('Priya Parent');
  await expect(page.getByRole('row', { name: /Priya Parent/ })).toHaveCount(2);
  await expect(page.getByRole('row', { name: /Priya Parent.*Did not pass/ })).toHaveCount(1);
  await page.getByRole('row', { name: /Priya Parent.*Passed/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Hay fever only; checked by our GP this morning.')).toBeVisible();
  await expect(dialog.getByText('Version 1').first()).toBeVisible();
});

test('the demo School reception journey shows its visitor, contractor and staff flows as steps', async ({ page }) => {
  await login(page);
  await page.goto('/journeys');
  await page.getByText('School reception').click();
  await expect(page.getByRole('heading', { name: 'What a visitor meets' })).toBeVisible();
  for (const name of ['Visitors', 'Contractors', 'Staff']) await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
});

for (const [lang, t] of [
  ['ar', { title: 'إضافة رحلة', name: 'الاسم', short: 'يجب أن يتكون اسم الرحلة من حرفين على الأقل.', temperature: 'فحص الحرارة', threshold: 'حد درجة الحرارة (°م)', save: 'حفظ', cancel: 'إلغاء', builder: 'ما يمر به الزائر' }],
  ['es', { title: 'Añadir recorrido', name: 'Nombre', short: 'El nombre del recorrido debe tener al menos 2 caracteres.', temperature: 'Control de temperatura', threshold: 'Umbral de temperatura (°C)', save: 'Guardar', cancel: 'Cancelar', builder: 'Lo que encuentra un visitante' }],
] as const) {
  test(`the journey form speaks ${lang}${lang === 'ar' ? ', right to left' : ''}`, async ({ page }) => {
    await login(page);
    // The saved language (rule 80) decides the console's language and direction on the next load.
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.goto('/add-journey');
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
    await page.getByRole('textbox', { name: t.name, exact: true }).fill('x');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.short)).toBeVisible();
    await expect(page.getByRole('textbox', { name: t.threshold })).toHaveCount(0);
    await page.getByRole('switch', { name: t.temperature }).check();
    await expect(page.getByRole('textbox', { name: t.threshold })).toBeVisible();
    // The actions sit at the inline end: on the left in Arabic, on the right in Spanish.
    const save = (await page.getByRole('button', { name: t.save }).boundingBox())!;
    const cancel = (await page.getByRole('link', { name: t.cancel }).boundingBox())!;
    expect(lang === 'ar' ? save.x < cancel.x : save.x > cancel.x).toBe(true);
    await page.getByRole('textbox', { name: t.name, exact: true }).fill(`${lang} journey ${Date.now()}`);
    await page.getByRole('button', { name: t.save }).click();
    await expect(page).toHaveURL(/\/update\/journey\/\d+$/);
    await expect(page.getByRole('heading', { name: t.builder })).toBeVisible();
  });
}
