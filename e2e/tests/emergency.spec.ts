import { expect, test } from '@playwright/test';
import { adminApi, expectAccessible, login } from './helpers';

/**
 * Issue 17: the alarm rings. The console starts a roll-call for the demo school's site; a fire warden on a phone
 * sees everyone still on site, marks people safe, loses the network at the muster point and keeps marking, and the
 * marks reach the console once the phone is back online. The session ends and its report is a PDF. The warden's
 * page is checked in Arabic (right to left) and Spanish too.
 */
test('roll-call: started in the console, marked on a phone (offline too), ended with a PDF report', async ({ browser, page, request }) => {
  test.setTimeout(240_000);
  const admin = await adminApi(request);
  const sites = (await (await request.get(`/api/sites/normal/${admin.entityId}`, { headers: admin.headers })).json()).data as { id: number; name: string }[];
  // The site with the most people signed in now (the demo's today).
  const onSite = async (id: number) =>
    (((await (await request.post('/api/mass-action-signin', { headers: admin.headers, data: { site_id: id } })).json()).data[0]?.users ?? []) as { state: string; is_all?: number }[]).filter((u) => !u.is_all && u.state === 'signed_in').length;
  const counts = await Promise.all(sites.map((s) => onSite(s.id)));
  const site = sites[counts.indexOf(Math.max(...counts))];
  const stamp = String(Date.now()).slice(-5);
  const name = `Fire drill ${stamp}`;
  let sessionId = 0;
  try {
    // 1. The console starts the session.
    await login(page);
    await page.goto('/emergency-sessions');
    await page.getByTestId('start-session').click();
    const dialog = page.getByRole('dialog', { name: 'Start an emergency session' });
    await dialog.getByRole('combobox', { name: 'Sites' }).click();
    await page.getByRole('option', { name: site.name, exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Name (optional)' }).fill(name);
    await dialog.getByLabel('This is a drill').check();
    await dialog.getByRole('button', { name: 'Start session' }).click();
    await expect(page).toHaveURL(/\/emergency-sessions\/.+\/\d+$/);
    sessionId = Number(page.url().split('/').at(-1));
    await expect(page.getByRole('heading', { name })).toBeVisible();
    const unaccountedBefore = Number((await page.getByTestId('count-unaccounted').textContent())!.replace(/\D/g, ''));
    expect(unaccountedBefore).toBeGreaterThan(2);

    // 2. A warden's phone: the list of people on site, one tap marks a person safe.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const warden = await phone.newPage();
    await login(warden);
    await warden.goto('/emergency-list');
    await expect(warden.getByText(name)).toBeVisible();
    await expect(warden.getByTestId('connection')).toHaveText('Online');
    const safeButtons = warden.getByRole('button', { name: /^Safe: / });
    await expect(safeButtons.first()).toBeVisible();
    const first = (await safeButtons.first().getAttribute('aria-label'))!.replace('Safe: ', '');
    await safeButtons.first().click();
    await expect(warden.getByRole('button', { name: `Unaccounted: ${first}` })).toBeVisible();
    // The console follows without a reload.
    await expect(page.getByRole('row', { name: new RegExp(first) }).first()).toContainText('Safe');

    // 3. No network at the muster point: the phone says so, keeps the list, queues the mark.
    await phone.setOffline(true);
    await warden.evaluate(() => window.dispatchEvent(new Event('offline')));
    await expect(warden.getByTestId('offline-banner')).toBeVisible();
    const second = (await safeButtons.first().getAttribute('aria-label'))!.replace('Safe: ', '');
    expect(second).not.toBe(first);
    await safeButtons.first().click();
    await expect(warden.getByTestId('pending')).toHaveText('1 mark waiting to be sent');
    await expect(warden.getByRole('button', { name: `Unaccounted: ${second}` })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(second) }).first()).not.toContainText('Safe');

    // 4. Back online: the queued mark is sent, and the console shows it.
    await phone.setOffline(false);
    await warden.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(warden.getByTestId('pending')).toBeHidden({ timeout: 20_000 });
    await expect(page.getByRole('row', { name: new RegExp(second) }).first()).toContainText('Safe', { timeout: 20_000 });
    const unaccountedAfter = Number((await page.getByTestId('count-unaccounted').textContent())!.replace(/\D/g, ''));
    expect(unaccountedAfter).toBe(unaccountedBefore - 2);

    // The warden's page reads right to left in Arabic and has no serious accessibility problem in any language.
    await expectAccessible(warden, 'the emergency list', { languages: ['en', 'ar', 'es'] });
    await warden.evaluate(() => localStorage.setItem('language', 'ar'));
    await warden.reload();
    await expect(warden.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(warden.getByRole('heading', { name: 'قائمة الطوارئ' })).toBeVisible();
    await phone.close();

    // 5. The report as a PDF, then the session ends.
    const pdf = await request.get(`/api/emergency_report/${sessionId}/pdf?lang=es`, { headers: admin.headers });
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByTestId('end-session').click();
    await page.getByRole('dialog').getByRole('button', { name: 'End session' }).click();
    await expect(page.getByText('Ended', { exact: true }).first()).toBeVisible();
    sessionId = 0;
  } finally {
    // Never leave the demo school in an emergency for the journeys that follow.
    if (sessionId) await request.put(`/api/end_emergency/${sessionId}`, { headers: admin.headers });
  }
});
