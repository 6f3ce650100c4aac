import { expect, test } from '@playwright/test';
import { signIn, spacePath } from './sign-in';

test.use({ viewport: { width: 375, height: 720 } });

test('opens the navigation drawer on a 375 px screen', async ({ page }) => {
  await signIn(page, 'mia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await expect(page.getByRole('link', { name: 'Unsubscriptions' })).toBeHidden();

  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('link', { name: 'Unsubscriptions' }).click();
  await expect(page).toHaveURL(spacePath('acme-sales', 'unsubscriptions'));
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Unsubscriptions', level: 1 })).toBeVisible();
  // Nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
