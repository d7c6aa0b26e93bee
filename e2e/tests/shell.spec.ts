import { expect, test } from '@playwright/test';
import { ADMIN, expectAccessible, login, png } from './helpers';

test('rule 15: the guard sends a stranger to /login with the page to return to', async ({ page }) => {
  await page.goto('/company');
  await expect(page).toHaveURL(/\/login\?next=%2Fcompany$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expectAccessible(page, 'the login page');
  await page.goto('/forgot-password');
  await expectAccessible(page, 'the forgotten password page');
});

test('log in through the form: the wrong password is refused, the right one opens the console where it was asked', async ({ page }) => {
  await page.goto('/company');
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('The e-mail or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?next=%2Fcompany$/);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByRole('heading', { name: 'Company details', level: 2 })).toBeVisible();
  await expectAccessible(page, 'the company page');
  // rule 58: "Site Administrator" (18 characters) shows as its first 12 characters and three dots
  await expect(page.getByTestId('top-user-name')).toHaveText('Site Adminis...');
  // rule 50: the company name in the menu
  await page.getByRole('button', { name: 'Keep the menu open' }).click();
  await expect(page.getByTestId('menu-company')).toHaveText('Northfield Acade…');
});

test('rules 42-43: the menu follows permissions', async ({ page, request }) => {
  await login(page);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.locator('[data-menu-id="passport"]')).toBeVisible();
  await expect(menu.locator('[data-menu-id="company"]')).toBeVisible();

  // A new account without an organisation has no permissions: passport only, and /company is not opened.
  const email = `newcomer-${Date.now()}@e2e.test`;
  const res = await request.post('/api/register', { data: { first_name: 'Nadia', last_name: 'Okafor', email, password: 'newcomer-pass-1' } });
  expect(res.status()).toBe(201);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await login(page, { email, password: 'newcomer-pass-1' });
  await expect(page).toHaveURL(/\/passport$/);
  await expect(menu.locator('[data-menu-id="passport"]')).toBeVisible();
  await expectAccessible(page, 'the passport page of an account without an organisation');
  await expect(menu.locator('[data-menu-id="company"]')).toHaveCount(0);
  await page.goto('/company');
  await expect(page).not.toHaveURL(/\/company$/);

  // Creating an organisation makes the account its admin: the company entry appears.
  await page.goto('/passport');
  await page.getByRole('textbox', { name: 'Organisation name' }).fill('Riverside Offices');
  await page.getByRole('textbox', { name: 'Subdomain' }).fill(`riverside-${Date.now()}`);
  await page.getByRole('button', { name: 'Create and open' }).click();
  // The console reloads itself at / in the new organisation: wait for that page, not the old one's refreshed menu
  // (a context closed while the reload is in flight hung its teardown past the test's time, every full run).
  await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'load' });
  await expect(menu.locator('[data-menu-id="company"]')).toBeVisible();
});

test('rules 8, 80: switching to Arabic turns the page right-to-left', async ({ page }) => {
  await login(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByTestId('language-menu').click();
  await page.locator('[data-lang="ar"]').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('navigation', { name: 'القائمة الرئيسية' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');
  // back to English for the other journeys
  await page.getByTestId('language-menu').click();
  await page.locator('[data-lang="en"]').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('rule 294: the company form refuses a too-small logo with a clear message, and takes a good one', async ({ page }) => {
  await login(page, ADMIN, '/login?next=/company');
  await expect(page.getByRole('heading', { name: 'Logo' })).toBeVisible();
  const input = page.locator('input[type="file"][name="logo"]');
  await input.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: png(120, 30) });
  await expect(page.getByTestId('logo-error')).toHaveText('The logo must be at least 200 pixels wide and 45 pixels high.');
  await expect(page.getByTestId('top-logo')).toHaveAttribute('src', '/gatehouse.svg');
  await input.setInputFiles({ name: 'good.png', mimeType: 'image/png', buffer: png(400, 100) });
  await expect(page.getByTestId('top-logo')).toHaveAttribute('src', /\/api\/files\/logos\//);
  await expect(page.getByTestId('logo-error')).toHaveCount(0);
});

test('rule 16: an unknown path shows the 404 page', async ({ page }) => {
  await login(page);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByTestId('not-found-page')).toContainText('Page not found');
  await expectAccessible(page, 'the 404 page');
});
