import { expect, test, type Page } from '@playwright/test';
import { fillAddress, goToBilling, licenceRadio, payOnHostedPage } from './billing-steps';
import { signIn, spacePath } from './sign-in';

/**
 * The billing demo spaces beyond demo-data.md (docs/decisions/218-demo-spaces-for-billing.md), each
 * with its own owner, so no other spec reads what these tests change: Support Team (a plan given
 * by support: 'Custom'), Classic Team (free, per user: the legacy model's purchase, changed for
 * good here) and Global Team (Premium per user with paid users of two domains: the switch to Pro
 * ends on the cannot-downgrade page).
 */
test.describe.configure({ mode: 'serial' });

const usersPageOf = (page: Page) => new URL(page.url()).pathname.replace('/space/billing', '/space/users');

test("sue's Support Team: 'Custom', its seats, and seat changes only through support", async ({ page }) => {
  await signIn(page, 'sue@support.test');
  await goToBilling(page, 'Support Team');
  const card = page.getByRole('region', { name: 'Custom' });
  await expect(card.getByText('Your subscription is managed by our support team.')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Contact sales' })).toBeVisible();
  await expect(card.getByText(/^Renews on [A-Z][a-z]+ \d/)).toBeVisible();
  await expect(card.getByText('2 of 20 seats used')).toBeVisible();
  await expect(
    card.getByText(/^If you wish to add or remove more seats, please contact support/),
  ).toBeVisible();
  await expect(card.getByRole('link', { name: 'Contact support' })).toBeVisible();
  for (const name of ['Add seats', 'Remove seats']) {
    await expect(page.getByRole('link', { name })).toHaveCount(0);
  }
  for (const name of ['Manage billing', 'Change billing cycle', 'Upgrade to Pro']) {
    await expect(page.getByRole('button', { name }).or(page.getByRole('link', { name }))).toHaveCount(0);
  }
  // The seat pages send a support-managed subscription back to billing (spec 001 §2 "Redirects").
  const billing = page.url();
  await page.goto(billing.replace('/space/billing', '/checkout/add-seats'));
  await expect(page).toHaveURL(spacePath('support-team', 'space/billing'));
  await expect(page.getByRole('region', { name: 'Custom' })).toBeVisible();

  // The members screen sends seat changes to support too (spec 002 §8).
  await page.goto(page.url().replace('/space/billing', '/space/users'));
  await page.getByRole('button', { name: 'Manage seats' }).click();
  const seats = page.getByRole('dialog', { name: 'Manage seats' });
  await expect(
    seats.getByText('If you wish to add or remove more seats, please contact support'),
  ).toBeVisible();
  await expect(seats.getByRole('link', { name: 'Add seats' })).toHaveCount(0);
});

test('carl buys Pro for Classic Team (free, per user): options, billing information, the hosted page, the banner, paid users on Manage Users', async ({
  page,
}) => {
  await signIn(page, 'carl@classic.test');
  await goToBilling(page, 'Classic Team');
  await page.getByRole('link', { name: 'Upgrade to Pro' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Billing options' })).toBeVisible();
  const steps = page.getByRole('list', { name: 'Checkout steps' }).getByRole('listitem');
  await expect(steps).toHaveText(['1. Billing options', '2. Billing information', '3. Checkout']);
  // A purchase from the free plan starts with the owner paid.
  await expect(page.getByText('1 paid user · 2 free users (at most 10 paid)')).toBeVisible();
  await licenceRadio(page, 'cara@classic.test', 'Paid').check();
  await expect(page.getByText('2 paid users · 1 free user (at most 10 paid)')).toBeVisible();
  await expect(page.getByText(/^\$\d+\.\d\d per year$/)).toBeVisible();
  await page.getByRole('button', { name: 'Next: Billing information' }).click();

  await expect(page).toHaveURL(spacePath('classic-team', 'checkout/information'));
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrading Classic Team' })).toBeVisible();
  await expect(page.getByText('2 Pro users')).toBeVisible();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Next: Checkout' }).click();
  await payOnHostedPage(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(spacePath('classic-team', 'space/billing'));
  await expect(page.getByText('Well done! Your MergeDesk subscription has started.')).toBeVisible({
    timeout: 20_000,
  });
  const card = page.getByRole('region', { name: 'Pro', exact: true });
  await expect(card).toBeVisible({ timeout: 20_000 });
  // Two Pro users at $60 a year each (docs/decisions/127-price-table.md).
  await expect(card.getByText('$120.00 per year')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Change paid users' })).toBeVisible();

  await page.goto(usersPageOf(page));
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
  const users = page.getByRole('table', { name: 'Users' });
  for (const [email, plan] of [
    ['carl@classic.test', 'Pro'],
    ['cara@classic.test', 'Pro'],
    ['cody@classic.test', 'Free'],
  ] as const) {
    const row = users.getByRole('row', { name: new RegExp(email.replaceAll('.', '\\.')) });
    await expect(row.getByRole('cell', { name: plan, exact: true })).toBeVisible();
  }
});

test("gwen's Global Team (Premium per user, two domains): the switch to Pro ends on the cannot-downgrade page", async ({
  page,
}) => {
  await signIn(page, 'gwen@global.test');
  await goToBilling(page, 'Global Team');
  await expect(page.getByRole('region', { name: 'Premium', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Switch to Pro' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Billing options' })).toBeVisible();
  // The paid users as they are: gwen and gabe (global.test) and gus (partner.test).
  for (const email of ['gwen@global.test', 'gabe@global.test', 'gus@partner.test']) {
    await expect(licenceRadio(page, email, 'Paid')).toBeChecked();
  }
  const options = page.url();
  await page.getByRole('button', { name: 'Next: Review' }).click();

  await expect(page).toHaveURL(spacePath('global-team', 'checkout/cannot-downgrade'));
  await expect(page.getByText('You have users from multiple domains in your space.')).toBeVisible();
  await expect(
    page.getByText('The Pro plan only allows users from the same domain as the owner.'),
  ).toBeVisible();
  // Back goes back in history (spec 001 §2): to the options, where gus can be made free.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(options);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing options' })).toBeVisible();
  await page.getByRole('button', { name: 'Next: Review' }).click();
  await page.getByRole('link', { name: 'Manage users' }).click();
  await expect(page).toHaveURL(spacePath('global-team', 'space/users'));
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
});
