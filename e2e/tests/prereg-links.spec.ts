import { expect, test } from '@playwright/test';
import { ADMIN, login } from './helpers';

test('an admin shares a pre-registration link from the journey: makes it, shows its QR poster, a visitor opens it, then it is turned off', async ({ page, request }) => {
  const organisation = (await (await request.post('/api/login', { data: ADMIN })).json()).data.entity.name as string;
  await login(page);
  await page.goto('/journeys');
  await page.getByRole('button', { name: 'Actions for School reception' }).click();
  await page.getByRole('menuitem', { name: 'Pre-registration links' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pre-registration links: School reception' });
  const table = dialog.getByRole('table', { name: 'Pre-registration links' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const before = await table.getByRole('row').count();

  // A new link for one area and only the Visitor type.
  // With one area to choose from, the form has already chosen it.
  const area = dialog.getByRole('combobox', { name: 'Area' });
  if (!(await area.inputValue())) {
    await area.click();
    await page.getByRole('option').first().click();
  }
  await dialog.getByRole('combobox', { name: 'User type' }).click();
  await page.getByRole('option', { name: 'Visitor', exact: true }).click();
  await dialog.getByRole('button', { name: 'Make link' }).click();
  await expect(page.getByText('The link is ready to share.')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(before + 1);
  const newest = table.getByRole('row').nth(1);
  await expect(newest).toContainText('Visitor');
  await expect(newest).toContainText('Active');

  // The poster: the organisation, the QR code and the instruction; its address is the link to share.
  await newest.getByRole('button', { name: 'QR poster' }).click();
  const poster = page.getByRole('dialog', { name: 'QR poster' });
  await expect(poster.getByRole('heading', { name: organisation })).toBeVisible();
  await expect(poster.getByRole('img', { name: 'QR code of the pre-registration link' })).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(poster).toContainText("Scan this code with your phone's camera to pre-register your visit.");
  const url = (await poster.getByText(/\/pre-registration\/[\w-]{32}$/).textContent())!;
  const path = new URL(url).pathname;

  // A visitor opens it: the form offers only the link's user type.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(path);
  await expect(visitor.getByRole('heading', { name: 'Pre-register your visit' })).toBeVisible();
  await expect(visitor.getByRole('radio', { name: /^Visitor/ })).toBeVisible();
  await expect(visitor.getByRole('radio', { name: /^Contractor/ })).toHaveCount(0);

  // Turned off, the link no longer works.
  await poster.getByRole('button', { name: 'Close' }).click();
  await newest.getByRole('button', { name: 'Turn off' }).click();
  await expect(newest).toContainText('Turned off');
  await visitor.goto(path);
  await expect(visitor.getByTestId('prereg-unavailable')).toHaveText('Registration is not available via this link.');
  await visitor.close();
});
