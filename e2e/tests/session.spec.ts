import { expect, test } from '@playwright/test';
import { chooseAccount, signIn, spacePath } from './sign-in';

test('shows nina the no-user state and creates her account', async ({ page }) => {
  await signIn(page, 'nina@newcomer.test');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('alert')).toContainText('nina@newcomer.test');

  await page.getByRole('button', { name: 'Create an account' }).click();
  await chooseAccount(page, 'nina@newcomer.test');
  await expect(page).toHaveURL(spacePath('ninas-space', 'mail-merges/sent'));
  await expect(page.getByRole('combobox', { name: /Switch space/ })).toContainText("Nina's space");
});

test('logs out: back to /login, and the session is gone after a reload', async ({ page }) => {
  await signIn(page, 'mia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
});

test('refreshes the access token and keeps the person signed in', async ({ page }) => {
  await signIn(page, 'adam@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  // Access tokens live 20 s in the e2e server; the web app refreshes 2 s before expiry.
  const refreshed = await page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/auth/refresh-token') && response.request().method() === 'POST',
    { timeout: 30_000 },
  );
  expect(refreshed.status()).toBe(200);
  await page.getByRole('link', { name: 'Unsubscriptions' }).first().click();
  await expect(page).toHaveURL(spacePath('acme-sales', 'unsubscriptions'));
  await expect(page.getByRole('heading', { name: 'Unsubscriptions', level: 1 })).toBeVisible();

  // A reload keeps the session too: the httpOnly refresh cookie opens a new access token.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Unsubscriptions', level: 1 })).toBeVisible();
});
