import { expect, type Locator, type Page, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { startWondeFake } from '../../apps/api/src/modules/integrations/testing';
import { adminApi, expectAccessible, login } from './helpers';

/** Picks an option of a Mantine Select (a combobox whose list opens below it). */
async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Every key of the integrations catalogue ("settings.title"): one showing on a page is a string left untranslated. */
const catalogue = JSON.parse(readFileSync(new URL('../../apps/web/src/locales/en/integrations.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const keysOf = (o: Record<string, unknown>, at = ''): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keysOf(v as Record<string, unknown>, `${at}${k}.`) : [`${at}${k}`]));
const KEYS = keysOf(catalogue).filter((k) => k.includes('.'));
async function expectNoMissingStrings(page: Page) {
  const text = await page.locator('body').innerText();
  expect(KEYS.filter((k) => text.includes(k)), 'catalogue keys shown as text').toEqual([]);
  expect(text).not.toContain('integrations:');
}

type Fake = Awaited<ReturnType<typeof startWondeFake>>;
type Mode = { id: number; name: string; schedule_days: number[]; from: string; to: string; late_sign_in_grace: number; early_sign_out_grace: number; on_time_attendance_code_id: number | null; integration_id: number | null };

// Issue 19 in Chromium: a Wonde integration against the local Wonde fake (the server reaches it by its address), in order.
test.describe.serial('integrations: a Wonde school synced in, fixed and merged', () => {
  let wonde: Fake;
  let integrationUrl = '';
  const name = `Northfield Wonde ${Date.now().toString(36)}`;

  test.beforeAll(async () => {
    wonde = await startWondeFake({ students: 3, employees: 1 });
    const old = new Date(Date.now() - 86_400_000).toISOString();
    // An error (no last name) and a duplicate of the demo pupil Kofi Mensah (same ID number, NF-2410).
    wonde.state.students.push({ id: 'A900001', forename: 'Zara', surname: '', email: 'zara@pupil.test', updated: old, groups: ['G7R'], mis_id: 'Z-1' } as never);
    wonde.state.students.push({ id: 'A900002', forename: 'Kofi', surname: 'Mensah', email: 'kofi@pupil.test', updated: old, groups: ['G7R'], mis_id: 'NF-2410' } as never);
  });
  test.afterAll(async () => {
    await wonde?.close();
  });

  test('set up: the name check, the credentials proven against Wonde, groups mapped to Pupil (rules 267, 275)', async ({ page }) => {
    await login(page);
    // The menu entry (issue 19) with the menu kept open (collapsed, it opens on hover).
    await page.getByRole('button', { name: 'Keep the menu open' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Integration' }).click();
    await expect(page).toHaveURL(/\/integration$/);
    await expect(page.getByRole('heading', { name: 'Integrations' })).toBeVisible();
    await choose(page, page.getByRole('combobox', { name: 'Directory to connect' }), 'Wonde');
    await page.getByRole('button', { name: 'Set up' }).click();
    await expect(page.getByRole('heading', { name: 'Set up Wonde' })).toBeVisible();

    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /^School id/ }).fill(wonde.school);
    await page.getByLabel(/^Token/).fill('a-wrong-token');
    await page.getByRole('textbox', { name: /^Server address/ }).fill(wonde.url);
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The directory refused these credentials' })).toBeVisible();
    await page.getByLabel(/^Token/).fill(wonde.token);
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await expect(page.getByRole('heading', { name: `Settings of ${name}` })).toBeVisible();
    // Rule 267: nothing typed comes back.
    await expect(page.getByLabel(/^Token/)).toHaveValue('');
    expect(await page.content()).not.toContain(wonde.token);

    await expect(page.getByRole('combobox', { name: 'Directory field for First name' })).toHaveValue('forename');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByText('Choose at least one site.')).toBeVisible();
    await choose(page, page.getByRole('combobox', { name: /^Sites/ }), 'Main Campus');
    await page.keyboard.press('Escape');
    await choose(page, page.getByRole('combobox', { name: 'User type of 7R' }), 'Pupil');
    await choose(page, page.getByRole('combobox', { name: 'User type of 8B' }), 'Pupil');
    // Both registers of a day written back (AM and PM): a pupil already in this morning can still arrive late.
    await page.getByRole('textbox', { name: 'Scans per person per day' }).fill('2');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page).toHaveURL(/\/sync-integration\?id=\d+$/);
    integrationUrl = page.url();
  });

  test('the first sync, polled, opens the duplicates; merge one, fix an error, move the pupils in (rules 36, 270-275)', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page);
    await page.goto(integrationUrl);
    const id = new URL(integrationUrl).searchParams.get('id');
    await page.getByRole('button', { name: 'Run the first sync' }).click();
    await expect(page).toHaveURL(/\/sync-status\?id=\d+$/);
    // Rule 36: with duplicates left, the duplicate check opens when the sync is done.
    await expect(page).toHaveURL(/\/integration-duplicate\?id=\d+$/, { timeout: 30_000 });
    const dupes = page.getByRole('table', { name: 'Duplicate people' });
    await expect(dupes.getByRole('row')).toHaveCount(2);
    await expect(dupes).toContainText('Kofi Mensah');
    await page.getByRole('button', { name: 'Merge Kofi Mensah' }).click();
    await expect(page.getByText('No duplicates left.')).toBeVisible();
    await expectAccessible(page, 'the duplicate list');

    await page.goto(`/integration-error?id=${id}`);
    await expect(page.getByRole('table', { name: 'People with errors' })).toContainText('The last name is missing.');
    await page.getByRole('button', { name: 'Fix Zara' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fix this person' });
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Quinn');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Fixed: the person is now valid.')).toBeVisible();
    // Rule 278: the member of staff is in no mapped group; a user type fixes them.
    await expect(page.getByRole('row', { name: /Hana Ruiz-Staff/ })).toContainText('The person is in no group that has a user type.');
    await page.getByRole('button', { name: 'Fix Hana Ruiz-Staff' }).click();
    await choose(page, dialog.getByRole('combobox', { name: 'User type' }), 'Staff');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('No errors left.')).toBeVisible();

    await page.goto(integrationUrl);
    await expect(page.getByText(/^Valid people waiting: 5\./)).toBeVisible();
    await choose(page, page.getByRole('combobox', { name: /^Unique field/ }), 'ID number');
    await page.getByRole('button', { name: 'Move the valid people in' }).click();
    await expect(page).toHaveURL(/\/sync-status\?id=\d+&kind=migration$/);
    await expect(page).toHaveURL(/\/view-integration\/\d+\//, { timeout: 30_000 });
    await expect(page.getByRole('table', { name: 'Sync logs' })).toContainText('Moving people in');
    await expectAccessible(page, 'the integration view');

    // The pupils are people now; Kofi Mensah was merged, not created twice.
    await page.goto('/users');
    for (const who of ['Zara Quinn', 'Ben Ruiz', 'Hana Ruiz-Staff']) {
      await page.getByRole('textbox', { name: 'Search' }).fill(who);
      await expect(page.getByRole('cell', { name: who, exact: true })).toBeVisible();
    }
    await page.getByRole('textbox', { name: 'Search' }).fill('Kofi Mensah');
    await expect(page.getByRole('cell', { name: 'Kofi Mensah', exact: true })).toHaveCount(1);
  });

  test('write-back: Wonde’s codes given to the pupils’ mode and reason; a pupil signs in late at a kiosk with a reason and the mark goes to Wonde with L (issue 19 part 4)', async ({ page, request }) => {
    test.setTimeout(120_000); // room for the site's first minute of the day to pass (below)
    await login(page);
    await page.goto('/integration');
    await page.getByRole('link', { name }).click();
    await page.getByRole('link', { name: 'Attendance codes' }).click();
    await expect(page.getByRole('heading', { name: `Attendance codes of ${name}` })).toBeVisible();
    await choose(page, page.getByRole('combobox', { name: 'Attendance code of Pupil school day' }), '/ — Present (AM)');
    await choose(page, page.getByRole('combobox', { name: 'Attendance code of Bus late' }), 'L — Late (before registers closed)');
    await page.getByRole('button', { name: 'Save the codes' }).click();
    await expect(page.getByRole('button', { name: 'Save the codes' })).toBeDisabled();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Attendance code of Bus late' })).toHaveValue('L — Late (before registers closed)');

    // Kofi Mensah (the demo pupil merged with Wonde's A900002) signs in late at a kiosk, with the reason Bus late:
    // the call the kiosk makes with its device token, at a gate of the school with no journey (a name is enough).
    // The pupils' day runs from 00:00 every day with no grace for this test, so any time of day is late.
    const admin = await adminApi(request);
    const get = async (path: string) => (await (await request.get(path, { headers: admin.headers })).json()).data;
    const pupilDay = ((await get(`/api/attendance_mode/${admin.entityId}?limit=50`)) as Mode[]).find((m) => m.name === 'Pupil school day')!;
    const original = { entity_id: admin.entityId, name: pupilDay.name, schedule_days: pupilDay.schedule_days, from: pupilDay.from.slice(0, 5), to: pupilDay.to.slice(0, 5), late_sign_in_grace: pupilDay.late_sign_in_grace, early_sign_out_grace: pupilDay.early_sign_out_grace, on_time_attendance_code_id: pupilDay.on_time_attendance_code_id, integration_id: pupilDay.integration_id };
    expect((await request.put(`/api/attendance_mode/${pupilDay.id}`, { headers: admin.headers, data: { ...original, schedule_days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '23:59', late_sign_in_grace: 0, early_sign_out_grace: 0 } })).status()).toBe(200);
    try {
      const site = ((await get(`/api/sites/${admin.entityId}`)) as { id: number; name: string; timezone: string }[]).find((x) => x.name === 'Main Campus')!;
      const gate = await request.post('/api/area', { headers: admin.headers, data: { entity_id: admin.entityId, site_id: site.id, name: `Wonde gate ${Date.now().toString(36)}` } });
      expect(gate.status()).toBe(201);
      const pairing = (await (await request.post('/api/kiosk-register', { data: { mac_address: '00:1A:2B:3C:19:19', app_version: '3.2.0' } })).json()).data as { registration_id: string; secret: string; pairing_code: string };
      expect((await request.post('/api/kiosk', { headers: admin.headers, data: { entity_id: admin.entityId, name: 'Wonde gate kiosk', area_id: (await gate.json()).data.id, pairing_code: pairing.pairing_code } })).status()).toBe(201);
      const registered = (await (await request.post('/api/kiosk-register/poll', { data: { registration_id: pairing.registration_id, secret: pairing.secret } })).json()).data as { status: string; device_token: string };
      expect(registered.status).toBe('registered');
      const device = { authorization: `Bearer ${registered.device_token}` };
      const kofi = ((await get(`/api/users/${admin.entityId}?filterBy=${encodeURIComponent(JSON.stringify({ search: 'Kofi Mensah' }))}`)) as { id: number }[])[0];
      const reasons = (await (await request.get(`/api/kiosk-app/reasons/${kofi.id}`, { headers: device })).json()).data as { id: number; name: string; type: string }[];
      // In already (the demo's morning): out first, with the early sign-out reason the kiosk would ask for.
      const who = (await (await request.post('/api/kiosk-app/identify', { headers: device, data: { user_id: kofi.id } })).json()).data as { action: string };
      if (who.action === 'out') expect((await request.post('/api/kiosk-app/scan', { headers: device, data: { user_id: kofi.id, action: 'out', reason_id: reasons.find((r) => r.type === 'early_sign_out')!.id } })).status()).toBe(200);
      // A sign-in in the site's first minute of the day cannot be late (the day starts at 00:00): let it pass.
      const minuteOfDay = () => Number(new Intl.DateTimeFormat('en-GB', { timeZone: site.timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date()).replace(':', ''));
      await expect.poll(minuteOfDay, { timeout: 70_000 }).toBeGreaterThan(0);
      const signed = await request.post('/api/kiosk-app/scan', { headers: device, data: { user_id: kofi.id, action: 'in', reason_id: reasons.find((r) => r.name === 'Bus late')!.id } });
      expect(signed.status()).toBe(200);
      const scan = (await signed.json()).data.scan as { id: number; at: string; late: number; reason: { name: string }; attendance_code: { code: string } };
      expect(scan).toMatchObject({ late: 1, reason: { name: 'Bus late' }, attendance_code: { code: 'L' } });
      const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: site.timezone, hour: '2-digit', hourCycle: 'h23' }).format(new Date(scan.at)));
      const session = hour < 12 ? 'AM' : 'PM';
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: site.timezone }).format(new Date(scan.at));

      // The write-back page lists it, with Wonde's L from the reason and no hand edit; written back, Wonde has it.
      await page.goBack();
      await page.getByRole('link', { name: 'Write-back' }).click();
      const table = page.getByRole('table', { name: 'Write-back' });
      await expect(table.getByRole('row', { name: /Kofi Mensah/ }).first()).toBeVisible();
      const id = new URL(page.url()).searchParams.get('id');
      const listed = (await get(`/api/integration/get_intgration_scancs_list?integration_id=${id}&limit=100`)) as { id: number; scan_id: number }[];
      const row = page.getByTestId(`scan-${listed.find((r) => r.scan_id === scan.id)!.id}`);
      await expect(row).toContainText(session);
      await expect(row).toContainText('L');
      await expect(row).toContainText('To send');
      await row.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Write back (1)' }).click();
      await expect(row).toHaveCount(0, { timeout: 20_000 });
      await choose(page, page.getByRole('combobox', { name: 'Status' }), 'Sent');
      await expect(row).toContainText('Sent', { timeout: 20_000 });
      // What Wonde received: the student by their Wonde id, the day and session on the school's clock, Wonde's own
      // code id for L (the reason's code), once.
      expect(wonde.state.marks.flatMap((m) => m.attendance)).toEqual([expect.objectContaining({ student_id: 'A900002', date: day, session, attendance_code_id: 'C2' })]);
      expect(wonde.state.marks[0].writeback_id).toBeTruthy();
    } finally {
      await request.put(`/api/attendance_mode/${pupilDay.id}`, { headers: admin.headers, data: original });
    }
  });

  test('the integration pages in Arabic (right to left) and Spanish, with no string missing', async ({ page }) => {
    await login(page);
    await page.goto('/integration');
    await expect(page.getByRole('cell', { name })).toBeVisible();
    await expectAccessible(page, 'the integration list');
    for (const [lang, dir, heading, status] of [
      ['ar', 'rtl', 'التكاملات', 'نشط'],
      ['es', 'ltr', 'Integraciones', 'Activa'],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      await page.goto('/integration');
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(status);
      await expectNoMissingStrings(page);
      await page.getByRole('link', { name }).click();
      await expect(page).toHaveURL(/\/view-integration\//);
      await expect(page.getByRole('table').first()).toBeVisible();
      await expectNoMissingStrings(page);
    }
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
});
