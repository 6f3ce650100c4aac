import { expect, test } from '@playwright/test';
import { chooseAccount, signIn, spacePath } from './sign-in';

test('starts a signed-out visitor at step 1 of the onboarding', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Welcome to MergeDesk' })).toBeVisible();
  await expect(page.getByText('Create your account')).toBeVisible();
  await expect(page.getByText('Install MergeDesk')).toBeVisible();
  await expect(page.getByText('Send your first merge')).toBeVisible();
  await expect(page).toHaveTitle(/\| MergeDesk$/);
});

test('walks gina, who has not installed the add-on, from step 2 to step 3', async ({ page }) => {
  await signIn(page, 'gina@gmail.com');
  await expect(page).toHaveURL(spacePath('ginas-space', 'mail-merges/sent'));
  await page.goto('/get-started');

  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toHaveAttribute('aria-disabled', 'true');
  await continueButton.focus();
  await expect(page.getByText('You must have MergeDesk installed to continue.')).toBeVisible();

  const marketplace = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Go to Marketplace' }).click();
  await (await marketplace).close();
  await expect(continueButton).not.toHaveAttribute('aria-disabled', 'true');
  await continueButton.click();

  await expect(page.getByText('Open Google Sheets to launch MergeDesk')).toBeVisible();
  await page.getByRole('link', { name: 'Take me to my MergeDesk dashboard' }).click();
  await expect(page).toHaveURL(spacePath('ginas-space', 'mail-merges/sent'));
});

test('the create-account button of step 1 signs in with account creation', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: /Google/ }).click();
  await chooseAccount(page, 'sam@acme.test');
  // sam already has an account: creation answers 409 and sign-in goes on to the onboarding.
  await expect(page).toHaveURL(/\/get-started$/);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
});
