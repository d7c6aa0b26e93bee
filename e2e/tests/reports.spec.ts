import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN, expectAccessible, login } from './helpers';

// The reports on the demo organisation: each page and its chart with its table beside it, in English, Arabic and
// Spanish; an XLSX export built in the background, downloaded from the export list and opened here.
test('reports: charts with their tables in en, ar and es, and an XLSX export opened from the export list', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page);
  await page.goto('/Reporting');
  for (const name of ['Visit history', 'Visit summary', 'Timesheet', 'Users not on site', 'Track and trace', 'Export list', 'Kiosk logs', 'Print list']) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await page.goto('/reporting/visit_summary');
  await expect(page.getByRole('img', { name: 'By day' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'By day' })).toBeVisible();
  await expectAccessible(page, 'visit summary', { languages: ['en', 'ar', 'es'] });
  await page.goto('/reporting/timesheet');
  await expect(page.getByRole('table', { name: 'Hours by day' })).toBeVisible();
  await page.goto('/reporting/time');
  await expect(page.getByRole('img', { name: 'Hours by person' })).toBeVisible();

  await page.goto('/reporting/history');
  await expect(page.getByRole('columnheader', { name: 'Signed in' })).toBeVisible();
  await page.getByRole('button', { name: 'Excel' }).click();
  await expect(page.getByText('Your export is being prepared.')).toBeVisible();
  await page.goto('/reporting/export-list');
  const row = page.getByRole('row').filter({ hasText: 'Visit history (XLSX)' }).first();
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole('button', { name: 'Download' })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download' }).click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const sheet = book.worksheets[0];
  expect(sheet.getRow(1).getCell(1).value).toBe('Name');
  expect(sheet.rowCount).toBeGreaterThan(1);
});

// The privacy manager: a shorter period shows what it removes and asks to confirm; delete now needs the password.
test('privacy manager: set a retention period and run delete now', async ({ page }) => {
  await login(page);
  await page.goto('/privacy-manager');
  const row = page.getByRole('row').nth(2);
  await row.getByRole('textbox', { name: /data is kept$/ }).fill('400');
  await row.getByRole('textbox', { name: /scans are kept$/ }).fill('');
  await row.getByRole('button', { name: 'Save' }).click();
  // Both periods are required (rule 283): the empty one says so under itself.
  await expect(row.getByText('Enter a whole number of days greater than 0.')).toBeVisible();
  await row.getByRole('textbox', { name: /scans are kept$/ }).fill('400');
  await row.getByRole('button', { name: 'Save' }).click();
  // A shorter period than the records already kept asks to confirm first.
  const confirm = page.getByRole('button', { name: 'Delete and save' });
  const saved = page.getByText('Data & Scans Updated');
  await expect(confirm.or(saved)).toBeVisible();
  if (await confirm.isVisible()) await confirm.click();
  await expect(saved).toBeVisible();
  await page.getByRole('row').nth(2).getByRole('button', { name: 'Delete now' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Your password/).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Delete now' }).click();
  await expect(dialog.getByText('The password is not correct.')).toBeVisible();
  await dialog.getByLabel(/Your password/).fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Delete now' }).click();
  await expect(page.getByText(/Data & Scans Deleted/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Purge runs' }).getByText('Delete now')).toBeVisible();
});
