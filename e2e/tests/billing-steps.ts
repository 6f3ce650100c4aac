import { expect, type Page } from '@playwright/test';

/** A person's steps through billing (issue 8), shared by billing.spec.ts and the screenshots. */

async function openSpace(page: Page, name: string): Promise<void> {
  const switcher = page.getByRole('combobox', { name: /Switch space/ });
  await expect(switcher).toBeVisible();
  if (!(await switcher.textContent())?.includes(name)) {
    await switcher.click();
    await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
    await expect(switcher).toContainText(name);
  }
}

/** The billing page of the space open in the switcher (through the account menu's path). */
export async function goToBilling(page: Page, space: string): Promise<void> {
  await openSpace(page, space);
  const prefix = new URL(page.url()).pathname.split('/').slice(0, 3).join('/');
  await page.goto(`${prefix}/space/billing`);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
}

/** A user's licence radio in the per-user model's options ('Licence of {email}'). */
export const licenceRadio = (page: Page, email: string, licence: 'Paid' | 'Free') =>
  page.getByRole('radiogroup', { name: `Licence of ${email}` }).getByRole('radio', { name: licence });

export async function fillAddress(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: /^Street/ }).fill('1 Main Street');
  await page.getByRole('textbox', { name: /^City/ }).fill('Springfield');
  await page.getByRole('textbox', { name: /^Postal code/ }).fill('12345');
}

/** The emulator's hosted card page (dev-services/stripe-emulator README, "Hosted pages"). */
export async function payOnHostedPage(page: Page, card: string): Promise<void> {
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiration date (MM / YY)').fill('12 / 40');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Cardholder name').fill('Max Many');
  const country = page.getByLabel('Country');
  if (await country.isVisible()) await country.fill('US');
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

/** Free → Pro per seat: seat selection, billing information, the hosted page, back to billing. */
export async function buySeats(page: Page, space: string, seats: number, card: string): Promise<void> {
  await goToBilling(page, space);
  await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Upgrade ${space}` })).toBeVisible();
  if (seats > 1) {
    await page.getByRole('radio', { name: /For a team/ }).check();
    await page.getByRole('textbox', { name: 'Number of seats' }).fill(String(seats));
  }
  await page.getByRole('button', { name: 'Next: Billing information' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Upgrading ${space}` })).toBeVisible();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Next: Checkout' }).click();
  await payOnHostedPage(page, card);
}
