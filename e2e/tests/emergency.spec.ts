import { expect, test } from '@playwright/test';
import { adminApi, expectAccessible, kioskArrive, kioskConfirmName, login, pairKiosk } from './helpers';

/**
 * Issue 17 in Chromium: an urgent, verbal announcement created in the console for one user type (Tiptap editor)
 * shows on the kiosk after a person of that type signs in, and in the console's banner; the announcements pages
 * pass axe in English, Arabic and Spanish.
 */
test('announcements: an urgent verbal one for contractors, written in the console, shows on the kiosk after a contractor signs in', async ({ page, context, request }) => {
  // Generous: on the shared two-core machine a login and axe in three languages took most of three minutes.
  test.setTimeout(420_000);
  const admin = await adminApi(request);
  const types = (await (await request.get(`/api/user_types/${admin.entityId}`, { headers: admin.headers })).json()).data as { id: number; name: string }[];
  expect(types.map((t) => t.name)).toContain('Contractor');

  await login(page);
  await page.goto('/announcements');
  await expect(page.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, '/announcements', { languages: ['en', 'ar', 'es'] });
  await page.getByTestId('add-announcement').click();
  await expect(page).toHaveURL(/\/add-announcement$/);
  await page.getByRole('textbox', { name: /^Title/ }).fill('Fire drill at 11:00');
  const editor = page.getByTestId('announcement-description');
  await editor.click();
  await page.keyboard.type('Leave by the ');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('north gate');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('.');
  await page.getByRole('combobox', { name: /^User types/ }).click();
  await page.getByRole('option', { name: 'Contractor' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('switch', { name: /^Urgent/ }).click();
  await page.getByRole('switch', { name: /^Read aloud/ }).click();
  await expectAccessible(page, '/add-announcement', { languages: ['en'] });
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/announcements\?tab=active$/);
  const row = page.getByRole('row', { name: /Fire drill at 11:00/ });
  await expect(row).toContainText('Urgent');
  await expect(row).toContainText('Contractor');
  const saved = ((await (await request.get(`/api/announcements/${admin.entityId}?status=active`, { headers: admin.headers })).json()).data as { id: number; text: string; description: string; urgent: number; verbal: number }[]).find(
    (a) => a.text === 'Fire drill at 11:00',
  )!;
  expect(saved).toMatchObject({ urgent: 1, verbal: 1 });
  expect(saved.description).toContain('<strong>north gate</strong>');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/announcement-details\\?id=${saved.id}$`));
  await expect(page.getByRole('textbox', { name: /^Title/ })).toHaveValue('Fire drill at 11:00');
  await expectAccessible(page, '/announcement-details', { languages: ['en', 'ar', 'es'] });

  // The kiosk: a contractor signs in by name and sees it (verbal ones are read aloud through speech synthesis).
  const areas = (await (await request.get(`/api/areas/${admin.entityId}?limit=50`, { headers: admin.headers })).json()).data as { id: number }[];
  const journey = ((await (await request.get(`/api/journeys/${admin.entityId}?limit=50`, { headers: admin.headers })).json()).data as { id: number; name: string }[]).find((j) => j.name === 'School reception')!;
  const kiosk = await context.newPage();
  await kiosk.addInitScript(() => {
    const spoken: string[] = [];
    (window as unknown as { spoken: string[] }).spoken = spoken;
    Object.defineProperty(window, 'speechSynthesis', { value: { speak: (u: { text: string }) => spoken.push(u.text), cancel: () => undefined } });
  });
  await pairKiosk(kiosk, request, admin, { areaId: areas[0].id, journeyId: journey.id, name: 'Announcements kiosk' });
  await kiosk.getByRole('button', { name: 'Find my name' }).click();
  await kiosk.getByLabel('Name').fill('hugo');
  await kiosk.getByRole('button', { name: /^Hugo Lambert/ }).click();
  await kioskConfirmName(kiosk, request, admin, 'Hugo Lambert');
  await kioskArrive(kiosk);
  const shown = kiosk.getByTestId(`announcement-${saved.id}`);
  await expect(shown).toContainText('Fire drill at 11:00');
  await expect(shown.locator('strong')).toHaveText('north gate');
  await expect.poll(() => kiosk.evaluate(() => (window as unknown as { spoken: string[] }).spoken.join(' | '))).toContain('Fire drill at 11:00');
});
