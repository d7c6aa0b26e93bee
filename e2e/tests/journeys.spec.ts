import { expect, test } from '@playwright/test';
import { login } from './helpers';

test('build an entry condition and a journey with a flow that asks it; after saving the flow the journey opens again (rule 297)', async ({ page }) => {
  await login(page);
  // The entry condition: the form refuses 4-digit PCR validity (rule 209) before saving.
  await page.goto('/compliance-new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Sports day health check');
  await page.getByRole('textbox', { name: 'Question 1' }).fill('Do you have a fever?');
  await page.getByText('No passes').click();
  await page.getByRole('textbox', { name: 'Agreement text' }).fill('I will follow the instructions of school staff.');
  await page.getByRole('textbox', { name: 'Statement' }).fill('My answers are true.');
  await page.getByRole('checkbox', { name: 'EU digital COVID certificate' }).check();
  await page.getByRole('textbox', { name: 'PCR valid days' }).fill('100');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/compliances$/);
  await expect(page.getByText('Sports day health check')).toBeVisible();

  // The journey, then a flow for visitors with the entry condition.
  await page.goto('/add-journey');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('S');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The journey name must be at least 2 characters.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Sports day');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/update\/journey\/\d+$/);
  const journeyUrl = page.url();
  await page.getByRole('link', { name: 'Add flow' }).click();
  await expect(page).toHaveURL(/\/add\/journey\/flow\/\d+$/);
  await page.getByRole('textbox', { name: 'Flow name' }).fill('Parents');
  await page.getByRole('combobox', { name: 'User type', exact: true }).click();
  await page.getByRole('option', { name: 'Visitor', exact: true }).click();
  await page.getByRole('combobox', { name: 'Entry condition', exact: true }).click();
  await page.getByRole('option', { name: 'Sports day health check' }).click();
  await page.getByRole('textbox', { name: 'Send before the visit (minutes)' }).fill('4');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Compliance cannot be sent sooner than 5 minutes before the visit.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Send before the visit (minutes)' }).fill('60');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(journeyUrl);
  await expect(page.getByRole('link', { name: 'Parents' })).toBeVisible();
  await expect(page.getByText('Sports day health check (Every time)')).toBeVisible();
});

test('the demo School reception journey is in the grid with its visitor and contractor flows', async ({ page }) => {
  await login(page);
  await page.goto('/journeys');
  await expect(page.getByText('School reception')).toBeVisible();
  await page.getByText('School reception').click();
  await expect(page.getByRole('link', { name: 'Visitors' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contractors' })).toBeVisible();
});
