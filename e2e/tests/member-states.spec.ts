import { expect, test } from '@playwright/test';
import { signIn, spacePath } from './sign-in';

test('shows dora the disabled page', async ({ page }) => {
  await signIn(page, 'dora@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'disabled'));
  await expect(
    page.getByText('Sorry, your account is disabled. Contact your space administrator to solve this issue.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Unsubscriptions' })).toHaveCount(0);
});

test("opens fred's upgrade info modal with the owner and admins", async ({ page }) => {
  await signIn(page, 'fred@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await page.getByRole('button', { name: 'Upgrade' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('You are part of Acme Sales, owned by olivia@acme.test')).toBeVisible();
  await expect(dialog.getByText('The space also has the following admins:')).toBeVisible();
  await expect(dialog.getByText('adam@acme.test')).toBeVisible();
  await expect(dialog.getByText('Contact any of them to request an upgrade.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy olivia@acme.test' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
});

test("fred's top bar at 375 px: the product name whole beside 'Upgrade', Help as an icon with its name", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'fred@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Upgrade' })).toBeVisible();
  const help = banner.getByRole('link', { name: 'Help' });
  await expect(help).toBeVisible();
  await expect(help).toHaveAttribute('target', '_blank');
  const name = banner.getByText('MergeDesk', { exact: true });
  await expect(name).toBeVisible();
  // Not cut to 'Merge…': the text fits its box.
  const fits = await name.evaluate((element) => element.scrollWidth <= element.clientWidth);
  expect(fits).toBe(true);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});
