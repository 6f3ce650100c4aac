import { expect, test, type Page } from '@playwright/test';
import { signIn, spacePath } from './sign-in';

/** Issue 9: the lists are laid out for 375–1440 px. */
const PAGES = [
  { path: 'mail-merges/sent', table: 'Sent mail merges' },
  { path: 'mail-merges/scheduled', table: 'Scheduled mail merges' },
  { path: 'unsubscriptions', table: 'Unsubscriptions' },
  { path: 'team-report', table: 'Team members' },
] as const;

/** How far the page and each table reach past their box, in px (0: nothing scrolls sideways). */
const overflows = (page: Page) =>
  page.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    tables: Array.from(document.querySelectorAll('table')).map(
      (table) => table.scrollWidth - (table.parentElement?.clientWidth ?? table.scrollWidth),
    ),
    // badge labels cut with an ellipsis
    cutBadges: Array.from(document.querySelectorAll('table .mantine-Badge-label'))
      .filter((label) => label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent),
  }));

for (const width of [375, 1280, 1440]) {
  test(`the lists fit a ${width} px screen: no sideways scrolling, badges whole`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'olivia@acme.test');
    await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
    const base = page.url().replace(/\/mail-merges\/sent.*$/, '');
    for (const { path, table } of PAGES) {
      await page.goto(`${base}/${path}`);
      const rows = page.getByRole('table', { name: table }).getByRole('row');
      await expect(rows.nth(2)).toBeVisible();
      await expect(page.getByRole('table', { name: table })).not.toHaveAttribute('aria-busy', 'true');
      const measured = await overflows(page);
      expect(measured.page, `${path} page at ${width}`).toBeLessThanOrEqual(0);
      for (const overflow of measured.tables)
        expect(overflow, `${path} table at ${width}`).toBeLessThanOrEqual(0);
      expect(measured.cutBadges, `${path} badges at ${width}`).toEqual([]);
    }
  });
}

test('dates stay on one line at 1280 px and addresses never break mid-word on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'olivia@acme.test');
  const table = page.getByRole('table', { name: 'Sent mail merges' });
  const date = table.getByRole('row').nth(1).getByRole('cell').nth(2);
  await expect(date).toHaveText(/\w+ \d+\w\w, \d{4}/);
  const lineHeight = await date.evaluate((cell) => parseFloat(getComputedStyle(cell).lineHeight));
  expect((await date.boundingBox())!.height).toBeLessThan(lineHeight * 2 + 16);

  await page.setViewportSize({ width: 375, height: 800 });
  const base = page.url().replace(/\/mail-merges\/sent.*$/, '');
  await page.goto(`${base}/unsubscriptions`);
  const address = page
    .getByRole('table', { name: 'Unsubscriptions' })
    .getByRole('row')
    .nth(1)
    .getByRole('cell')
    .first();
  const text = address.locator('p').first();
  // one line, ellipsised when too long, the whole address in its title
  await expect(text).toHaveCSS('white-space', 'nowrap');
  await expect(text).toHaveAttribute('title', /@/);
});
