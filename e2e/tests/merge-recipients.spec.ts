import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn, spacePath } from './sign-in';

test('shows who clicked a merge, with the links, and downloads them as CSV', async ({ page }) => {
  await signIn(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  const list = page.getByRole('table', { name: 'Sent mail merges' });
  await page.getByRole('searchbox', { name: 'Search' }).or(page.getByLabel('Search')).fill('Product launch');
  // The list shows sheet names; the search also matches the subject.
  await expect(page).toHaveURL(/search=Product/);
  await expect(list.getByRole('row')).toHaveCount(2);
  await list.getByRole('row').nth(1).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Product launch: meet the new dashboard');
  await dialog.getByRole('tab', { name: 'Recipients' }).click();
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent/[0-9a-f-]{36}/recipients'));

  // Clicks per link.
  const links = dialog.getByRole('table', { name: 'Link clicks' });
  await expect(links.getByRole('row', { name: /https:\/\/acme\.test\/pricing/ })).toBeVisible();

  // Everyone first, then only those who clicked, each with the link they clicked.
  const recipients = dialog.getByRole('table', { name: 'Recipients' });
  await expect(recipients.getByRole('row')).not.toHaveCount(1);
  await dialog.getByLabel('Status').selectOption('clicked');
  await expect(recipients).toHaveAttribute('aria-busy', 'false');
  await expect(recipients.getByText('Sent', { exact: true })).toHaveCount(0);
  await expect(recipients.getByText('Opened', { exact: true })).toHaveCount(0);
  const firstRow = recipients.getByRole('row').nth(1);
  await expect(firstRow.getByRole('list', { name: /^Links clicked by / })).toContainText(
    /https:\/\/acme\.test\/(pricing|webinar|case-study) \(\d+\)/,
  );
  const total = Number((await dialog.getByText(/^Total: /).textContent())?.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);

  // The CSV of the filter, written by the server: one row per clicker, dates ISO 8601.
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Exported_Recipients_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...rows] = csv.trim().split('\r\n');
  expect(header?.split(',').slice(0, 5)).toEqual(['Email', 'Status', 'Sent', 'Opened', 'Clicked']);
  expect(rows).toHaveLength(total);
  for (const row of rows) {
    const cells = row.split(',');
    expect(cells[4]).toBe('true');
    expect(cells[12]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  }
});
