import { expect, test, type Page } from '@playwright/test';
import { chooseAccount, signIn, spacePath } from './sign-in';

/**
 * Issue 9: the Gmail permission a template import asks for is its own round trip, not a sign-in.
 * Cancelling it, or answering it with another Google account, leaves the person signed in as
 * themselves, back on the templates page with the draft error.
 */

const DRAFT_ERROR = 'Gmail draft could not be created';

async function expectSignedInAs(page: Page, email: string) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText(email, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
}

test('cancelling the Gmail permission, or giving it as another account, is no sign-out', async ({ page }) => {
  await signIn(page, 'gina@gmail.com');
  await expect(page).toHaveURL(spacePath('ginas-space', 'mail-merges/sent'));
  await page.getByRole('link', { name: 'Templates' }).click();
  await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();

  // Cancel at the provider: back on the templates page with the spec's draft error.
  await page.getByRole('button', { name: 'Import' }).first().click();
  await expect(page.getByRole('heading', { name: /choose an account/i })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(spacePath('ginas-space', 'templates'));
  await expect(page.getByRole('alert').filter({ hasText: DRAFT_ERROR })).toBeVisible();
  await expect(page.getByText('Sign-in was cancelled')).toHaveCount(0);
  await expectSignedInAs(page, 'gina@gmail.com');

  // Penny answers the consent: refused, and the session is still gina's.
  await page.getByRole('button', { name: 'Import' }).first().click();
  await chooseAccount(page, 'penny@gmail.com');
  await expect(page).toHaveURL(spacePath('ginas-space', 'templates'));
  await expect(
    page.getByRole('alert').filter({
      hasText: `${DRAFT_ERROR}: the permission was given for another Google account. Choose gina@gmail.com to allow drafts.`,
    }),
  ).toBeVisible();
  await expectSignedInAs(page, 'gina@gmail.com');
  await expect(page.getByRole('button', { name: 'Import' })).toHaveCount(12);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
  await expectSignedInAs(page, 'gina@gmail.com');
});
