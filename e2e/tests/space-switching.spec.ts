import { expect, test } from '@playwright/test';
import { signIn, spacePath } from './sign-in';

test('switches from Acme Sales to Acme Premium, clearing the checkout parameters', async ({ page }) => {
  await signIn(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await page.goto(
    `${new URL(page.url()).pathname.replace('/mail-merges/sent', '/unsubscriptions')}?checkout=1&from=PRO&plan=PREMIUM`,
  );
  await expect(page.getByRole('heading', { name: 'Unsubscriptions', level: 1 })).toBeVisible();

  await page.getByRole('combobox', { name: /Switch space/ }).click();
  const options = page.getByRole('option');
  await expect(options.filter({ hasText: 'Acme Sales' })).toContainText('Emails are sent from this space');
  await expect(options.filter({ hasText: 'Create a new space' })).toBeVisible();
  await options.filter({ hasText: 'Acme Premium' }).click();

  await expect(page).toHaveURL(spacePath('acme-premium', 'mail-merges/sent'));
  expect(new URL(page.url()).searchParams.has('checkout')).toBe(false);
  expect(new URL(page.url()).searchParams.has('from')).toBe(false);
  await expect(page.getByRole('combobox', { name: /Switch space/ })).toContainText('Acme Premium');
});
