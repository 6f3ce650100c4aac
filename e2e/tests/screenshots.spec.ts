import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn, spacePath } from './sign-in';

/**
 * The screenshots of docs/screenshots (linked from the README): `npm run screenshots` runs this
 * file alone with SCREENSHOTS=1; the normal suite skips it, so a test run never rewrites the docs.
 */
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 (npm run screenshots) to refresh docs/screenshots');

const OUT = path.resolve(import.meta.dirname, '../../docs/screenshots');
const WIDTHS = [1280, 390] as const;

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`), fullPage: true });
  }
}

test('Members (Acme Sales, per seat)', async ({ page }) => {
  await signIn(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await page.goto(page.url().replace('/mail-merges/sent', '/space/users'));
  await expect(page.getByRole('heading', { level: 1, name: 'Members Acme Sales' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Members' }).getByRole('row')).not.toHaveCount(1);
  await shoot(page, 'members');
});

test('Manage Users (Legacy Team, per user)', async ({ page }) => {
  await signIn(page, 'leo@legacy.test');
  await expect(page).toHaveURL(spacePath('legacy-team', 'mail-merges/sent'));
  await page.goto(page.url().replace('/mail-merges/sent', '/space/users'));
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
  await expect(page.getByText(/users: \d+ paid/)).toBeVisible();
  await shoot(page, 'manage-users');
});
