import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN } from './helpers';

/**
 * The kiosk app in Chromium against the real server: pairing with the code on the page, signing in by name and by
 * QR code entry (the scans arrive in the logbook), and a sign-in while the server is unreachable kept in IndexedDB
 * (even across a reload) and recorded once when the server is back.
 */

async function adminSession(request: APIRequestContext) {
  const res = await request.post('/api/login', { data: ADMIN });
  expect(res.status()).toBe(200);
  const { token, entity, user } = (await res.json()).data as { token: string; entity: { id: number }; user: { user_id: number } };
  return { token, entityId: entity.id, userId: user.user_id, headers: { authorization: `Bearer ${token}` } };
}

const deviceToken = (page: Page) => page.evaluate(() => localStorage.getItem('gatehouse.kiosk.device_token'));

async function findPerson(request: APIRequestContext, token: string, search: string) {
  const res = await request.get(`/api/kiosk-app/people?search=${encodeURIComponent(search)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()).data as { id: number; name: string }[])[0];
}

async function kioskScans(request: APIRequestContext, admin: Awaited<ReturnType<typeof adminSession>>, kioskId: number, userId: number) {
  const filterBy = encodeURIComponent(JSON.stringify({ kiosk_id: [kioskId] }));
  const res = await request.get(`/api/visit_list/${admin.entityId}?filterBy=${filterBy}&limit=100`, { headers: admin.headers });
  expect(res.status()).toBe(200);
  return ((await res.json()).data as { user_id: number; input_method: string }[]).filter((s) => s.user_id === userId);
}

test('kiosk: pair, sign in by name and by QR code, and offline sign-in sent once when the server is back', async ({ page, request }) => {
  const admin = await adminSession(request);
  const areas = await request.get(`/api/areas/${admin.entityId}?limit=50`, { headers: admin.headers });
  const area = ((await areas.json()).data as { id: number; name: string }[])[0];

  // 1. Pairing: the page shows a code; the admin adds the kiosk with it; the page picks up its device token.
  await page.goto('/kiosk');
  const code = (await page.getByTestId('pairing-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  const added = await request.post('/api/kiosk', { headers: admin.headers, data: { entity_id: admin.entityId, name: 'E2E kiosk', area_id: area.id, pairing_code: code } });
  expect(added.status()).toBe(201);
  const kioskId = (await added.json()).data.id as number;
  await expect(page.getByTestId('area-name')).toContainText(area.name, { timeout: 15_000 });
  const token = (await deviceToken(page))!;
  expect(token).toMatch(/^ghk_/);

  // 2. By name (twice if the demo had the person on site already: the first toggle signed them out).
  const byName = await findPerson(request, token, 'amira');
  const signByName = async () => {
    await page.getByRole('button', { name: 'Find my name' }).click();
    await page.getByLabel('Name').fill(byName.name);
    await page.getByRole('button', { name: new RegExp(`^${byName.name}`) }).first().click();
    await expect(page.getByTestId('done-title')).toContainText(byName.name);
    return (await page.getByTestId('done-title').textContent())!;
  };
  if ((await signByName()).startsWith('Goodbye')) {
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await signByName()).toBe(`Welcome, ${byName.name}!`);
  }
  // A sign-in of a person who is not a member: a badge with a QR code to print (rule 102).
  await expect(page.getByTestId('print-badge')).toBeVisible();
  await expect(page.getByTestId('badge-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await page.getByRole('button', { name: 'Done' }).click();
  const named = await kioskScans(request, admin, kioskId, byName.id);
  expect(named.length).toBeGreaterThanOrEqual(1);
  expect(named.every((s) => s.input_method === 'name')).toBe(true);

  // Arabic turns the kiosk right to left.
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'ابحث عن اسمي' })).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // 3. By QR code entry (the person's number).
  const byQr = await findPerson(request, token, 'ben');
  await page.getByRole('button', { name: 'Scan my QR code' }).click();
  await page.getByLabel('Code').fill(String(byQr.id));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('done-title')).toContainText(byQr.name);
  await page.getByRole('button', { name: 'Done' }).click();
  expect((await kioskScans(request, admin, kioskId, byQr.id)).map((s) => s.input_method)).toEqual(['qr']);

  // 4. Remote commands reach this kiosk over /kiosk and it reports the outcome (rule 244).
  const mac = (await page.evaluate(() => localStorage.getItem('gatehouse.kiosk.mac')))!;
  await page.evaluate(() => localStorage.setItem('gatehouse.kiosk.logging', '0'));
  const logging = await request.post('/api/kiosks/kiosk-logging', { headers: admin.headers, data: { entityId: admin.entityId, kiosk_id: kioskId, macAddress: mac } });
  expect(logging.status()).toBe(200);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('gatehouse.kiosk.logging'))).toBe('1');
  await expect
    .poll(async () => {
      const res = await request.get(`/api/kiosks/requests/${kioskId}/${admin.userId}`, { headers: admin.headers });
      const requests = ((await res.json()).data ?? []) as { command: string; status: string }[];
      return requests.find((r) => r.command === 'kiosk-logging')?.status;
    })
    .toBe('succeeded');

  // 5. Offline: the sign-in is kept in IndexedDB (a reload loses nothing) and sent once when the server is back.
  const offline = await findPerson(request, token, 'goran');
  await page.route('**/api/**', (r) => r.abort());
  await page.getByRole('button', { name: 'Scan my QR code' }).click();
  await page.getByLabel('Code').fill(String(offline.id));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Saved on this kiosk')).toBeVisible();
  await expect(page.getByTestId('offline-badge')).toHaveText('Offline: 1 waiting');
  await page.reload();
  await expect(page.getByTestId('offline-badge')).toHaveText('Offline: 1 waiting');
  expect(await kioskScans(request, admin, kioskId, offline.id)).toHaveLength(0);
  await page.unroute('**/api/**');
  await expect(page.getByTestId('offline-badge')).toBeHidden({ timeout: 15_000 });
  expect((await kioskScans(request, admin, kioskId, offline.id)).map((s) => s.input_method)).toEqual(['qr']);
  // Nothing is sent twice: a later round of replays records no second scan.
  await page.waitForTimeout(4000);
  expect(await kioskScans(request, admin, kioskId, offline.id)).toHaveLength(1);
});
