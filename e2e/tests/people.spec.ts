import { expect, type Locator, type Page, test } from '@playwright/test';
import { login, png } from './helpers';

/** Picks an option of a Mantine Select (a combobox whose list opens below it). */
async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

// One journey in three steps (each its own test, run in order): what the first makes, the next ones use.
test.describe.serial('people: a user type, a custom field, a person of that type, the grid', () => {
  const stamp = Date.now().toString(36);
  const typeName = `Guest ${stamp}`;
  const fieldName = `Badge colour ${stamp}`;

  test('a user type and a custom field (rules 189-194, 216-219)', async ({ page }) => {
    await login(page);

    // A user type (rules 189-194): people of it register, so required-at-pre-registration fields apply to them.
    await page.goto('/add-user-type');
    await page.getByRole('textbox', { name: /^Name/ }).fill(typeName);
    await page.getByRole('radio', { name: /^Registration allowed/ }).check();
    await page.getByRole('textbox', { name: /Visit grace period/ }).fill('20');
    await page.getByRole('checkbox', { name: 'E-mail' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The visit grace period is required and must be at least 30 minutes.')).toBeVisible();
    await page.getByRole('textbox', { name: /Visit grace period/ }).fill('45');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User type created.')).toBeVisible();
    await expect(page).toHaveURL(/\/user-types$/);
    await expect(page.getByRole('treeitem', { name: typeName })).toBeVisible();

    // A custom field of the demo school's "Visit details" section (rules 216-219).
    await page.goto('/add-custom-field');
    await expect(page.getByRole('combobox', { name: 'Section' })).toHaveValue('Visit details');
    await page.getByRole('textbox', { name: 'Field name' }).fill('Car registration');
    await expect(page.getByText('A custom field with this name already exists.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Field name' }).fill(fieldName);
    await choose(page, page.getByRole('combobox', { name: 'Type' }), 'Radio buttons');
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByRole('textbox', { name: 'Option 1' }).fill('Red');
    await page.getByRole('textbox', { name: 'Option 1' }).press('Enter');
    await page.getByRole('textbox', { name: 'Option 2' }).fill('Blue');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Section saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/custom-fields$/);
    await expect(page.getByRole('cell', { name: fieldName, exact: true })).toBeVisible();
  });

  test('a person of that type with the field and a photo (rules 169-174, 218)', async ({ page }) => {
    await login(page);
    // A person of that type with the new field, the demo's required "Purpose of visit" and a photo (rules 169-174, 218).
    await page.goto('/users');
    await page.getByRole('button', { name: 'Add person' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add person' });
    await drawer.getByRole('textbox', { name: 'First name' }).fill('Aisha');
    await drawer.getByRole('textbox', { name: 'Last name' }).fill(`Kamara ${stamp}`);
    await choose(page, drawer.getByRole('combobox', { name: 'User type' }), typeName);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByText('This field is required for this user type.')).toBeVisible();
    await expect(drawer.getByText('This field is required.')).toBeVisible();
    await drawer.getByRole('textbox', { name: 'E-mail' }).fill(`aisha.${stamp}@e2e.test`);
    await drawer.getByRole('textbox', { name: 'Phone' }).fill(`7700${String(Date.now()).slice(-7)}`);
    await drawer.getByRole('radio', { name: 'Meeting' }).check();
    await drawer.getByRole('radio', { name: 'Blue' }).check();
    await drawer.getByTestId('photo-dropzone').locator('input[type="file"]').setInputFiles({ name: 'too-small.png', mimeType: 'image/png', buffer: png(200, 300) });
    await expect(drawer.getByText('The photo must be at least 250 pixels wide and 300 pixels high.')).toBeVisible();
    await drawer.getByTestId('photo-dropzone').locator('input[type="file"]').setInputFiles({ name: 'aisha.png', mimeType: 'image/png', buffer: png(300, 400) });
    await expect(drawer.getByText('aisha.png')).toBeVisible();
    // The photo is decoded and re-encoded by the server: wait for its answer (not a fixed time), then its toast.
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/users');
    await drawer.getByRole('button', { name: 'Save' }).click();
    expect((await created).status()).toBe(201);
    await expect(page.getByText('User Created')).toBeVisible();
    const details = page.getByRole('dialog', { name: 'Person' });
    await expect(details.getByRole('heading', { name: `Aisha Kamara ${stamp}` })).toBeVisible();
    await expect(details.getByText(`Visit details · ${fieldName}`)).toBeVisible();
    await expect(details.getByText('Blue', { exact: true })).toBeVisible();
    await expect(details.getByRole('img', { name: `Photo of Aisha Kamara ${stamp}` })).toHaveAttribute('src', /^blob:/);
  });

  test('the person edited from the grid: names and a custom-field value', async ({ page }) => {
    await login(page);
    await page.goto('/users');
    await page.getByRole('textbox', { name: 'Search' }).fill(stamp);
    await page.getByRole('button', { name: `Aisha Kamara ${stamp}` }).click();
    const details = page.getByRole('dialog', { name: 'Person' });
    await details.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit person' });
    await expect(edit.getByRole('radio', { name: 'Blue' })).toBeChecked();
    await edit.getByRole('textbox', { name: 'Last name' }).fill(`Kamara-Jones ${stamp}`);
    await edit.getByRole('radio', { name: 'Red' }).check();
    const updated = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/users/update/'));
    await edit.getByRole('button', { name: 'Save' }).click();
    expect((await updated).status()).toBe(200);
    await expect(page.getByText('User Updated')).toBeVisible();
    await expect(details.getByRole('heading', { name: `Aisha Kamara-Jones ${stamp}` })).toBeVisible();
    await expect(details.getByText('Red', { exact: true })).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).click();
  });

  test('the column switcher is kept after a reload (rule 128)', async ({ page }) => {
    await login(page);
    await page.goto('/users');
    await page.getByRole('textbox', { name: 'Search' }).fill(stamp);
    await expect(page.getByRole('cell', { name: `Aisha Kamara-Jones ${stamp}`, exact: true })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Company' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitem', { name: 'Company' }).click();
    await page.getByRole('menuitem', { name: 'E-mail' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('columnheader', { name: 'Company' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /E-mail/ })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'Company' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /E-mail/ })).toHaveCount(0);
    // Put the default columns back for the other journeys.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitem', { name: 'Company' }).click();
    await page.getByRole('menuitem', { name: 'E-mail' }).click();
    await expect(page.getByRole('columnheader', { name: /E-mail/ })).toBeVisible();
  });
});

test('people pages in Arabic (right to left) and in Spanish', async ({ page }) => {
  await login(page);
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.goto('/users');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'المستخدمون' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Amira Haddad', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'إضافة شخص' }).click();
  // The drawer opens on the inline end: the left side in right-to-left.
  const drawer = page.getByRole('dialog', { name: 'إضافة شخص' });
  await expect(drawer).toBeVisible();
  // Polled: the drawer slides in, and a box measured mid-slide is still on the right.
  await expect.poll(async () => (await drawer.boundingBox())!.x).toBeLessThan(page.viewportSize()!.width / 2);
  await page.goto('/user-types');
  await expect(page.getByRole('heading', { name: 'أنواع المستخدمين' })).toBeVisible();
  await expect(page.getByRole('treeitem', { name: 'Teacher' })).toBeVisible();

  await page.evaluate(() => localStorage.setItem('language', 'es'));
  await page.goto('/users');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  await expect(page.getByText('Activos (')).toBeVisible();
  await page.goto('/custom-fields');
  await expect(page.getByRole('heading', { name: 'Campos personalizados' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Purpose of visit', exact: true })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('language', 'en'));
});
