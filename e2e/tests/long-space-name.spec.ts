import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, spacePath } from './sign-in';

/** A space name at the length limit of the space-name rule (255 characters). */
const LONG_NAME = 'Northwind Worldwide Wholesale Partners '
  .repeat(7)
  .slice(0, 255)
  .trimEnd()
  .padEnd(255, 'W');

/** How much wider than the window the page has grown (0 or less: not at all). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The name shows an ellipsis: its text is wider than its box, which is no wider than `container`. */
async function expectTruncatedWithin(name: Locator, container: Locator) {
  await expect(name).toBeVisible();
  const sizes = await name.evaluate((element) => ({
    scroll: element.scrollWidth,
    client: element.clientWidth,
  }));
  expect(sizes.scroll).toBeGreaterThan(sizes.client);
  const [nameBox, containerBox] = [await name.boundingBox(), await container.boundingBox()];
  expect(nameBox!.x + nameBox!.width).toBeLessThanOrEqual(containerBox!.x + containerBox!.width);
}

/** The chevron keeps its size and stays inside `container`. */
async function expectIconIntact(icon: Locator, container: Locator) {
  await expect(icon).toBeVisible();
  const [box, containerBox] = [await icon.boundingBox(), await container.boundingBox()];
  expect(box!.width).toBeGreaterThanOrEqual(15);
  expect(box!.x + box!.width).toBeLessThanOrEqual(containerBox!.x + containerBox!.width);
}

test('a space name at the length limit ends in an ellipsis, with the full name on hover and for screen readers', async ({
  page,
}) => {
  // Penny (demo data) is signed in by no other spec: her new space changes nobody else's lists.
  await signIn(page, 'penny@gmail.com');
  await expect(page).toHaveURL(spacePath('pennys-space', 'mail-merges/sent'));
  await page.getByRole('combobox', { name: /Switch space/ }).click();
  await page.getByRole('option', { name: /Create a new space/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel("Space's name").fill(LONG_NAME);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your new space has been created.' }),
  ).toBeVisible();

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    if (width < 768) await page.getByRole('button', { name: 'Open navigation' }).click();
    const switcher = page.getByRole('combobox', { name: /Switch space/ });
    await expect(switcher).toHaveAccessibleName(`Switch space ${LONG_NAME}`);
    await expectTruncatedWithin(switcher.getByTitle(LONG_NAME), switcher);
    await expectIconIntact(switcher.locator('svg'), switcher);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    if (width < 768) {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    }

    await page.getByRole('button', { name: 'Account menu' }).click();
    // A link (menuitem) where the space allows access to its users, else a labelled group (spec 000
    // §2): Penny's new space is a Free personal one, so its card is the group.
    const card = page.getByRole('menu').getByLabel(new RegExp(`^Active space: ${LONG_NAME}, `));
    await expectTruncatedWithin(card.getByTitle(LONG_NAME), card);
    // Not a link here, so no chevron (the switcher's chevron is checked above).
    await expect(card.locator('svg')).toHaveCount(0);
    const menu = await page.getByRole('menu').boundingBox();
    expect(menu!.x).toBeGreaterThanOrEqual(0);
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(width);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
  }
});
