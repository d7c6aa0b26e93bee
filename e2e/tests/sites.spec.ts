import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { KioskClient } from '../../apps/api/src/modules/kiosks/testing';
import { login } from './helpers';

/** The console session's token (to prepare data through the API as the same admin). */
const tokenOf = (page: Page) =>
  page.evaluate(() => {
    for (const k of Object.keys(localStorage)) {
      const v = localStorage.getItem(k) ?? '';
      if (v.includes('"token"')) return (JSON.parse(v) as { token: string }).token;
    }
    return '';
  });

const siteCard = (page: Page, name: string) => page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name }) });

/** A kiosk paired the documented way (pairing code, added by the admin), connected with the device client. */
async function connectedKiosk(request: APIRequestContext, baseURL: string, auth: Record<string, string>, name: string, mac: string, onCommand: () => Promise<string>) {
  const pairing = (await (await request.post('/api/kiosk-register', { data: { mac_address: mac, app_version: '3.2.0' } })).json()).data;
  const tree = await (await request.get('/api/sites_and_areas/1', { headers: auth })).json();
  const added = await request.post('/api/kiosk', { headers: auth, data: { entity_id: 1, name, area_id: tree.data[0].areas[0].id, pairing_code: pairing.pairing_code } });
  expect(added.status()).toBe(201);
  const poll = await (await request.post('/api/kiosk-register/poll', { data: { registration_id: pairing.registration_id, secret: pairing.secret } })).json();
  const kiosk = new KioskClient({ serverUrl: baseURL, token: poll.data.device_token, onCommand });
  await kiosk.connect();
  return { kiosk, id: (await added.json()).data.id as number };
}

test('sites: a site placed on the map, with an area and a sub-area (rules 229-238)', async ({ page }) => {
  await login(page);
  await page.goto('/sites');
  await expect(page.getByRole('heading', { name: 'Main Campus' })).toBeVisible();
  await page.getByRole('button', { name: 'Add site' }).click();
  const siteName = `Oakwood ${Date.now()}`;
  await page.getByLabel('Site name').fill(siteName);
  await page.getByLabel('Location name').fill('Oakwood Lane, York');
  // The location is picked on the map (Leaflet; its tiles come from the configured tile server).
  const map = page.getByTestId('site-map');
  await expect(map.locator('.leaflet-container, .leaflet-pane').first()).toBeAttached();
  const lat = page.getByRole('textbox', { name: 'Latitude' });
  const before = await lat.inputValue();
  await map.click({ position: { x: 60, y: 40 } });
  await expect(lat).not.toHaveValue(before);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Site Added')).toBeVisible();

  const card = siteCard(page, siteName);
  await card.getByRole('button', { name: 'Add area' }).click();
  await page.getByLabel('Area name').fill('Science Block');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Area Added')).toBeVisible();
  await card.getByRole('button', { name: 'Actions for Science Block' }).click();
  await page.getByRole('menuitem', { name: 'Add sub-area' }).click();
  await page.getByLabel('Area name').fill('Robotics Lab');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Robotics Lab')).toBeVisible();
});

test('sites: an area moved across sites with its sub-area, by dialog (rule 233)', async ({ page, request }) => {
  await login(page);
  const auth = { authorization: `Bearer ${await tokenOf(page)}` };
  const tree = await (await request.get('/api/sites_and_areas/1', { headers: auth })).json();
  const sixthForm = tree.data.find((x: { name: string }) => x.name === 'Sixth Form Centre');
  const top = await (await request.post('/api/area', { headers: auth, data: { entity_id: 1, site_id: sixthForm.id, name: 'Art Block' } })).json();
  await request.post('/api/area', { headers: auth, data: { entity_id: 1, site_id: sixthForm.id, name: 'Pottery Studio', parent_id: top.data.id } });
  await page.goto('/sites');
  const from = siteCard(page, 'Sixth Form Centre');
  await from.getByRole('button', { name: 'Actions for Art Block' }).click();
  await page.getByRole('menuitem', { name: 'Move' }).click();
  await page.getByRole('combobox', { name: 'Site', exact: true }).click();
  await page.getByRole('option', { name: 'Main Campus' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Area Moved')).toBeVisible();
  const main = siteCard(page, 'Main Campus');
  await expect(main.getByText('Art Block')).toBeVisible();
  await expect(main.getByText('Pottery Studio')).toBeVisible();
  await expect(from.getByText('Art Block')).toHaveCount(0);
});

test('sites: deleting an area is refused, with the reason, while someone signed in through the API is there (rule 233)', async ({ page, request }) => {
  await login(page);
  const auth = { authorization: `Bearer ${await tokenOf(page)}` };
  const tree = await (await request.get('/api/sites_and_areas/1', { headers: auth })).json();
  const area = await request.post('/api/area', { headers: auth, data: { entity_id: 1, site_id: tree.data[0].id, name: 'Music Room' } });
  expect(area.status()).toBe(201);
  const userTypes = await (await request.get('/api/user_types/1', { headers: auth })).json();
  const person = await request.post('/api/users', {
    headers: auth,
    data: { first_name: 'Grace', last_name: 'Hopper', email: `grace.${Date.now()}@example.test`, phone: String(Date.now()).slice(-10), user_type_id: userTypes.data[0].id },
  });
  expect(person.status(), await person.text()).toBe(201);
  const signIn = await request.post('/api/user_action', { headers: auth, data: { area_id: (await area.json()).data.id, user_id: (await person.json()).data.id, action: 'in' } });
  expect(signIn.status()).toBe(200);
  await page.goto('/sites');
  await page.getByRole('button', { name: 'Actions for Music Room' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('delete-refused')).toContainText('1 people are signed in');
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Music Room')).toBeVisible();
});

test('kiosks: a command to a connected test kiosk shows its status change live; the kiosk going away shows offline (rules 241-246)', async ({ page, request, baseURL }) => {
  await login(page);
  const auth = { authorization: `Bearer ${await tokenOf(page)}` };
  // The door opens when the test says so: the request stays running until then.
  let openDoor!: () => void;
  const doorOpened = new Promise<void>((resolve) => (openDoor = resolve));
  const { kiosk } = await connectedKiosk(request, baseURL!, auth, 'E2E Gate Kiosk', '00:1A:2B:3C:4D:77', async () => {
    await doorOpened;
    return 'opened';
  });
  try {
    await page.goto('/sites');
    const row = page.getByTestId(/^kiosk-\d+$/).filter({ hasText: 'E2E Gate Kiosk' });
    await expect(row.getByTestId('kiosk-state')).toHaveText('Online');
    await page.getByRole('button', { name: 'Actions for E2E Gate Kiosk' }).click();
    await page.getByRole('menuitem', { name: 'Remote commands' }).click();
    await page.getByRole('button', { name: 'Send a command' }).click();
    await page.getByRole('menuitem', { name: 'Open door' }).click();
    await expect(page.getByText('Request was delivered successfully')).toBeVisible();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('Running')).toBeVisible();
    openDoor();
    await expect(drawer.getByText('Succeeded')).toBeVisible();
    // The device goes away: the drawer and the tree show it offline without a reload.
    kiosk.close();
    await expect(drawer.getByTestId('commands-kiosk-state')).toHaveText('Offline');
    await page.keyboard.press('Escape');
    await expect(row.getByTestId('kiosk-state')).toHaveText('Offline');
  } finally {
    kiosk.close();
  }
});

/** Runs `fn` with the console in `lang`, then back in English for the other journeys (the language is the account's). */
async function inLanguage(page: Page, lang: 'ar' | 'es', fn: () => Promise<void>) {
  const pick = async (l: string) => {
    await page.getByTestId('language-menu').click();
    await page.locator(`[data-lang="${l}"]`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', l);
  };
  await page.goto('/sites');
  await pick(lang);
  try {
    await fn();
  } finally {
    await page.goto('/sites');
    await pick('en');
  }
}

test('sites in Arabic, right to left: a kiosk moved with its success message (rule 246)', async ({ page, request }) => {
  await login(page);
  const auth = { authorization: `Bearer ${await tokenOf(page)}` };
  const pairing = (await (await request.post('/api/kiosk-register', { data: { mac_address: '00:1A:2B:3C:4D:78' } })).json()).data;
  const tree = await (await request.get('/api/sites_and_areas/1', { headers: auth })).json();
  const added = await request.post('/api/kiosk', { headers: auth, data: { entity_id: 1, name: 'Library Kiosk', area_id: tree.data[0].areas[0].id, pairing_code: pairing.pairing_code } });
  expect(added.status()).toBe(201);
  const sixthForm = tree.data.find((x: { name: string }) => x.name === 'Sixth Form Centre');
  const target = sixthForm.areas[0];
  await inLanguage(page, 'ar', async () => {
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'المواقع والأجهزة' })).toBeVisible();
    await page.getByRole('button', { name: 'إجراءات Library Kiosk' }).click();
    await page.getByRole('menuitem', { name: 'نقل' }).click();
    await page.getByRole('combobox', { name: 'المنطقة' }).click();
    await page.getByRole('option', { name: `${sixthForm.name} / ${target.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'نقل', exact: true }).click();
    await expect(page.getByText('تم نقل الكشك')).toBeVisible();
    await expect(siteCard(page, sixthForm.name).getByText('Library Kiosk')).toBeVisible();
  });
});

test('sites in Spanish: a door added with its success message (rule 238)', async ({ page, request }) => {
  await login(page);
  const auth = { authorization: `Bearer ${await tokenOf(page)}` };
  const tree = await (await request.get('/api/sites_and_areas/1', { headers: auth })).json();
  const area = tree.data.find((x: { name: string }) => x.name === 'Sixth Form Centre').areas[0];
  await inLanguage(page, 'es', async () => {
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { name: 'Sedes y dispositivos' })).toBeVisible();
    await page.getByRole('button', { name: `Acciones de ${area.name}` }).click();
    await page.getByRole('menuitem', { name: 'Añadir puerta' }).click();
    await page.getByLabel('Nombre de la puerta').fill('Puerta norte');
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Puerta añadida')).toBeVisible();
    await expect(page.getByText('Puerta norte')).toBeVisible();
  });
});
