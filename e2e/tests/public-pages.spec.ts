import { expect, test } from '@playwright/test';

test('shows the unsubscription result without signing in', async ({ page }) => {
  await page.goto('/unsubscribed');
  await expect(page.getByText('Unsubscription was successful!')).toBeVisible();
  await expect(
    page.getByText(
      'We have informed the sender of this email that you don’t want to receive more emails from them.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/unsubscribed$/);
});

test('shows the error of a failed unsubscription and of a failed form response', async ({ page }) => {
  await page.goto('/unsubscribed?success=0');
  await expect(page.getByText('Sorry, an error ocurred')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Help center' })).toBeVisible();

  await page.goto('/formresponse');
  await expect(page.getByText('Thanks, your response has been recorded')).toBeVisible();
  await page.goto('/formresponse?success=0');
  await expect(page.getByText('Sorry, an error ocurred')).toBeVisible();
});
