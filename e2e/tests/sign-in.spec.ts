import { expect, test } from '@playwright/test';
import { signIn, spacePath } from './sign-in';

test('signs olivia in and lands on the sent mail merges of Acme Sales', async ({ page }) => {
  await signIn(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await expect(page.getByRole('heading', { name: 'Mail merges', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Mail merges | MergeDesk');
  await expect(page.getByRole('combobox', { name: /Switch space/ })).toContainText('Acme Sales');
});

test('sends a signed-out deep link to /login with continue, and back after sign-in', async ({ page }) => {
  await page.goto('/settings/billing?plan=PRO&interval=year');
  await expect(page).toHaveURL(/\/login\?continue=%2Fsettings%2Fbilling%3Fplan%3DPRO%26interval%3Dyear$/);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.getByRole('button', { name: 'olivia@acme.test', exact: true }).click();
  // /settings/billing goes to the billing page of the best space, keeping the query string.
  await expect(page).toHaveURL(spacePath('acme-sales', 'space/billing\\?plan=PRO&interval=year'));
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
});

test('cancelling on the provider page leaves the person on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page
    .getByRole('link', { name: /cancel/i })
    .or(page.getByRole('button', { name: /cancel/i }))
    .click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
});
