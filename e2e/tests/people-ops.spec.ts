import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { login, png } from './helpers';

/** The spreadsheet the import reads (the same library as the API, exceljs): a header row, then the people. */
async function spreadsheet(rows: string[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('People');
  ws.addRow(['first_name', 'last_name', 'email', 'user_type', 'photo']);
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// Import a small spreadsheet with a ZIP of photos, watch the job reach done and read its per-row report; then the
// two look-alike people it created are a suspected pair on the duplication board and are merged there.
test('people operations: import with photos, the queue reaches done, the report, then merging the duplicates', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const last = `Haddad${stamp}`;
  const file = await spreadsheet([
    ['Amira', last, `amira.${stamp}@e2e.test`, 'Staff', 'amira-haddad.png'],
    ['Amira', last, `a.haddad.${stamp}@other.test`, 'Staff', ''],
    ['X', 'Refused', `x.${stamp}@e2e.test`, 'Staff', ''],
  ]);
  const zip = new JSZip();
  zip.file('amira-haddad.png', png(640, 480));
  const photos = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });

  await login(page);
  await page.goto('/users/import');
  const inputs = page.locator('input[type="file"]');
  await inputs.nth(0).setInputFiles({ name: `people-${stamp}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  await inputs.nth(1).setInputFiles({ name: 'photos.zip', mimeType: 'application/zip', buffer: photos });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page).toHaveURL(/\/users\/import\/grid\?id=\d+/);
  await expect(page.getByRole('cell', { name: 'amira-haddad.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Run import' }).click();

  // The queue page (after 1.5 s) shows the job with live progress until it is done.
  await expect(page).toHaveURL(/\/users\/import\/queue$/);
  const job = page.getByRole('row').filter({ hasText: `people-${stamp}.xlsx` });
  await expect(job.getByText('Done')).toBeVisible({ timeout: 30_000 });
  await expect(job.getByText('3 / 3')).toBeVisible();
  await expect(job.getByText('2 created, 0 updated, 1 refused')).toBeVisible();

  // The per-row report: created, created, refused with the reason.
  await job.getByRole('link', { name: `people-${stamp}.xlsx` }).click();
  await expect(page).toHaveURL(/\/users\/import\/details\/\d+$/);
  await expect(page.getByRole('cell', { name: 'Created' })).toHaveCount(2);
  const refused = page.getByRole('row').filter({ hasText: 'Refused' });
  await expect(refused.getByText('First and last names must be at least 2 characters.')).toBeVisible();

  // The duplication board: the two Amiras are a suspected pair by name; no choice answers 'Please select a user'.
  await page.goto('/duplication-control-board');
  await page.locator('.mantine-SegmentedControl-root').getByText('Similar name', { exact: true }).click();
  const pair = page.getByRole('row').filter({ hasText: `a.haddad.${stamp}@other.test` });
  await expect(pair).toBeVisible();
  await pair.getByRole('button', { name: 'Merge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge duplicate people' });
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please select a user');
  // Both are called Amira: the one to keep is told apart by its e-mail under the name.
  await dialog.locator('.mantine-Radio-root').filter({ hasText: `amira.${stamp}@e2e.test` }).getByRole('radio').check();
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(dialog.getByTestId('merge-confirm')).toContainText(`Keep Amira ${last}`);
  await dialog.getByRole('button', { name: 'Merge now' }).click();
  await expect(page.getByTestId('merge-result')).toContainText('Merged User');
  await expect(pair).toHaveCount(0);

  // One Amira is left, with the kept e-mail.
  await page.goto('/users');
  await page.getByRole('textbox', { name: 'Search' }).fill(last);
  await expect(page.getByRole('cell', { name: `amira.${stamp}@e2e.test` })).toBeVisible();
  await expect(page.getByRole('cell', { name: `a.haddad.${stamp}@other.test` })).toHaveCount(0);
});
