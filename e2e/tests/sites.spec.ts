import { expect, test } from '@playwright/test';
import { KioskClient } from '../../apps/api/src/modules/kiosks/device-client';
import { login } from './helpers';

test('sites: add a site, an area and a sub-area, move the sub-area (rules 229-238)', async ({ page }) => {
  await login(page);
  await page.goto('/sites');
  await expect(page.getByRole('heading', { name: 'Main Campus' })).toBeVisible();
  await page.getByRole('button', { name: 'Add site' }).click();
  const siteName = `Oakwood ${Date.now()}`;
  await page.getByLabel('Site name').fill(siteName);
  await page.getByLabel('Location name').fill('Oakwood Lane, York');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Site Added')).toBeVisible();
  const card = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: siteName }) });
  await card.getByRole('button', { name: 'Add area' }).click();
  await page.getByLabel('Area name').fill('Science Block');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Area Added')).toBeVisible();
  await card.getByRole('button', { name: 'Actions for Science Block' }).click();
  await page.getByRole('menuitem', { name: 'Add sub-area' }).click();
  await page.getByLabel('Area name').fill('Robotics Lab');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Robotics Lab')).toBeVisible();
  await card.getByRole('button', { name: 'Actions for Robotics Lab' }).click();
  await page.getByRole('menuitem', { name: 'Move' }).click();
  // Across sites: to the top level of the demo school's Main Campus.
  await page.getByRole('combobox', { name: 'Site', exact: true }).click();
  await page.getByRole('option', { name: 'Main Campus' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Area Moved')).toBeVisible();
  const main = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: 'Main Campus' }) });
  await expect(main.getByText('Robotics Lab')).toBeVisible();
  await expect(card.getByText('Robotics Lab')).toHaveCount(0);
});

test('kiosks: a command to a connected test kiosk shows its status change live (rules 241-246)', async ({ page, request, baseURL }) => {
  await login(page);
  const token = await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) {
      const v = localStorage.getItem(k) ?? '';
      if (v.includes('"token"')) return (JSON.parse(v) as { token: string }).token;
    }
    return '';
  });
  const start = await request.post('/api/kiosk-register', { data: { mac_address: '00:1A:2B:3C:4D:77', app_version: '3.2.0' } });
  const pairing = (await start.json()).data;
  const tree = await (await request.get('/api/sites_and_areas/1', { headers: { authorization: `Bearer ${token}` } })).json();
  const areaId = tree.data[0].areas[0].id;
  const added = await request.post('/api/kiosk', { headers: { authorization: `Bearer ${token}` }, data: { entity_id: 1, name: 'E2E Gate Kiosk', area_id: areaId, pairing_code: pairing.pairing_code } });
  expect(added.status()).toBe(201);
  const poll = await (await request.post('/api/kiosk-register/poll', { data: { registration_id: pairing.registration_id, secret: pairing.secret } })).json();
  const kiosk = new KioskClient({ serverUrl: baseURL!, token: poll.data.device_token, onCommand: async () => { await new Promise((r) => setTimeout(r, 1500)); return 'opened'; } });
  await kiosk.connect();
  try {
    await page.goto('/sites');
    await page.getByRole('button', { name: 'Actions for E2E Gate Kiosk' }).click();
    await page.getByRole('menuitem', { name: 'Remote commands' }).click();
    await page.getByRole('button', { name: 'Send a command' }).click();
    await page.getByRole('menuitem', { name: 'Open door' }).click();
    await expect(page.getByText('Request was delivered successfully')).toBeVisible();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('Running').or(drawer.getByText('Delivered'))).toBeVisible();
    await expect(drawer.getByText('Succeeded')).toBeVisible();
  } finally {
    kiosk.close();
  }
});
