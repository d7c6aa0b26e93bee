import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminApi, expectAccessible, kioskArrive, kioskConfirmName, login } from './helpers';

/**
 * Issue 15 part 3: a kiosk set up the way a new customer does it. The device opens /kiosk-register, shows its
 * pairing code, an administrator adds it; the page hands over to /kiosk, which is paired (one device token).
 * An administrator signing in and out of the console on the same browser does not unpair it. Then a contractor
 * signs in by name (the Contractors flow identifies people by name): the kiosk asks them to confirm first.
 */
type Admin = Awaited<ReturnType<typeof adminApi>>;

async function demoPlaces(request: APIRequestContext, admin: Admin) {
  const areas = (await (await request.get(`/api/areas/${admin.entityId}?limit=100`, { headers: admin.headers })).json()).data as { id: number; name: string }[];
  const journeys = (await (await request.get(`/api/journeys/${admin.entityId}?limit=50`, { headers: admin.headers })).json()).data as { id: number; name: string }[];
  return { area: areas.find((a) => a.name === 'Main Reception') ?? areas[0], journey: journeys.find((j) => j.name === 'School reception')! };
}

test('pair through /kiosk-register and sign in at /kiosk on the same browser', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const admin = await adminApi(request);
  const { area, journey } = await demoPlaces(request, admin);

  // 1. The device asks for a pairing code.
  await page.goto('/kiosk-register');
  await expectAccessible(page, '/kiosk-register');
  await page.getByLabel('Kiosk name (optional)').fill('Office kiosk');
  await page.getByRole('button', { name: 'Get a pairing code' }).click();
  const code = (await page.getByTestId('pairing-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{8}$/);

  // 2. The administrator adds it with that code; the page says so and opens the kiosk app, paired.
  const added = await request.post('/api/kiosk', { headers: admin.headers, data: { entity_id: admin.entityId, name: 'Office kiosk', area_id: area.id, pairing_code: code, journey_id: journey.id } });
  expect(added.status()).toBe(201);
  await expect(page.getByTestId('kiosk-registered')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/kiosk$/, { timeout: 15_000 });
  await expect(page.getByTestId('area-name')).toContainText(area.name);
  const kiosk = (await added.json()).data as { id: number; mac_address: string | null };
  expect(kiosk.mac_address).toMatch(/^02(:[0-9A-F]{2}){5}$/);

  // 3. An administrator signs in to the console on the same browser and logs out: the kiosk stays paired.
  const consoleTab = await context.newPage();
  await login(consoleTab);
  await consoleTab.getByTestId('user-menu').click();
  await consoleTab.getByRole('menuitem', { name: /Log out/ }).click();
  await expect(consoleTab.getByRole('button', { name: 'Log in' })).toBeVisible();
  await consoleTab.close();
  await page.reload();
  await expect(page.getByTestId('area-name')).toContainText(area.name);
  await expectAccessible(page, '/kiosk');
  // /kiosk-register on a paired device offers the kiosk app rather than a second pairing.
  await page.goto('/kiosk-register');
  await expect(page.getByText('This device is already paired as a kiosk.')).toBeVisible();
  await page.getByRole('link', { name: 'Open the kiosk' }).click();
  await expect(page.getByTestId('area-name')).toBeVisible();

  // 4. A contractor signs in by name: nothing happens before they confirm it is them.
  const contractor = 'Hugo Lambert';
  await page.getByRole('button', { name: 'Find my name' }).click();
  await page.getByLabel('Name').fill('hugo');
  await page.getByRole('button', { name: new RegExp(`^${contractor}`) }).click();
  await expect(page.getByTestId('confirm-name')).toHaveText(contractor);
  await expectAccessible(page, 'the kiosk confirmation', { languages: ['en'] });
  expect(await kioskConfirmName(page, request, admin, contractor)).toBeNull();
  await kioskArrive(page);
  await expect(page.getByTestId('done-title')).toContainText(contractor);
  const scans = (await (await request.get(`/api/visit_list/${admin.entityId}?filterBy=${encodeURIComponent(JSON.stringify({ kiosk_id: [kiosk.id] }))}`, { headers: admin.headers })).json()).data as {
    full_name: string;
    input_method: string;
  }[];
  expect(scans.map((s) => [s.full_name, s.input_method])).toContainEqual([contractor, 'name']);
});
