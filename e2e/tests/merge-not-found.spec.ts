import { expect, test } from '@playwright/test';
import { signIn, spacePath } from './sign-in';

const GONE = 'This mail merge is no longer available.';

test('a link to a merge that does not exist says so and leads back to the list', async ({ page }) => {
  await signIn(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  const base = new URL(page.url()).pathname.replace(/\/mail-merges\/sent$/, '');

  for (const path of [
    `${base}/mail-merges/sent/00000000-0000-4000-8000-000000000000`,
    `${base}/mail-merges/sent/not-a-merge`,
    `${base}/mail-merges/scheduled/not-a-merge`,
  ]) {
    await page.goto(path);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('alert')).toContainText(GONE);
    await expect(dialog.getByText('Something went wrong.')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Back to mail merges' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(spacePath('acme-sales', `mail-merges/${path.split('/').at(-2)}`));
  }
});

test('cancelling a merge that was cancelled meanwhile closes the dialog; its link then says it is gone', async ({
  page,
  browser,
}) => {
  await signIn(page, 'olivia@acme.test');
  await page.getByRole('tab', { name: 'Scheduled' }).click();
  const table = page.getByRole('table', { name: 'Scheduled mail merges' });
  await table.getByRole('row', { name: /Long newsletter/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Cancel mail merge' })).toBeVisible();
  const mergeUrl = page.url();

  // Olivia cancels the same merge in another browser meanwhile.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, 'olivia@acme.test');
  await expect(otherPage).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await otherPage.getByRole('tab', { name: 'Scheduled' }).click();
  await otherPage
    .getByRole('table', { name: 'Scheduled mail merges' })
    .getByRole('row', { name: /Long newsletter/ })
    .click();
  await otherPage.getByRole('dialog').getByRole('button', { name: 'Cancel mail merge' }).click();
  await otherPage.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(otherPage.getByText('Mail merge cancelled.')).toBeVisible();
  await other.close();

  await dialog.getByRole('button', { name: 'Cancel mail merge' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/scheduled'));
  await expect(page.getByText(GONE)).toBeVisible();
  await expect(table.getByRole('row', { name: /Long newsletter/ })).toHaveCount(0);

  await page.goto(mergeUrl);
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText(GONE);
});
