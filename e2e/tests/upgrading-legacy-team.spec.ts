import { expect, test, type Page } from '@playwright/test';
import { fillAddress, goToBilling, licenceRadio, payOnHostedPage } from './billing-steps';
import { signIn, spacePath } from './sign-in';

/**
 * The per-user (legacy) model on the real stack (issue 8): leo@legacy.test's Team licence (5 paid
 * users of 10, fiona and felix free) switches to Pro per user through the Stripe emulator's hosted
 * card page, then changes its paid users and its billing cycle, and reviews the move to Free; penny@gmail.com's PayPal Personal licence switches to Pro
 * (Personal). The tests run in order and change both spaces for good, so this file sorts after the
 * specs that read their seeded state (space-administration.spec.ts: Legacy Team's Manage Users
 * summary; billing.spec.ts and others: Penny's PayPal licence) — the suite runs its files one after
 * the other, by name.
 */
test.describe.configure({ mode: 'serial' });

const LEO = 'leo@legacy.test';

async function openSwitch(page: Page): Promise<void> {
  await signIn(page, LEO);
  await goToBilling(page, 'Legacy Team');
  await page.getByRole('link', { name: 'Switch to a new plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your paid users' })).toBeVisible();
}

test("the Team licence's legacy users page counts the paid users; Add users stops at the licence's limit", async ({
  page,
}) => {
  await openSwitch(page);
  await expect(page.getByText('5 of 10 paid users chosen')).toBeVisible();
  await page.getByRole('button', { name: 'Add users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add users' });
  const input = dialog.getByRole('combobox', { name: 'Email addresses' });
  await input.pressSequentially(
    'n1@legacy.test n2@legacy.test n3@legacy.test n4@legacy.test n5@legacy.test ',
  );
  await expect(dialog.getByRole('button', { name: 'Add' })).toBeEnabled();
  await input.pressSequentially('n6@legacy.test ');
  await expect(dialog.getByText('You cannot go over your current plan user limit (10).')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // An address of another domain is refused by the server's validity check, with its tip.
  await page.getByRole('button', { name: 'Add users' }).click();
  await input.pressSequentially('out@elsewhere.test ');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(
    dialog.getByText("We can't add some email addresses. Hover over them to know why."),
  ).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'out@elsewhere.test' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('5 of 10 paid users chosen')).toBeVisible();
});

test('leo switches to Pro per user with fiona made paid, pays on the hosted card page, and Manage Users shows her paid', async ({
  page,
}) => {
  await openSwitch(page);
  await page.getByRole('checkbox', { name: 'Paid licence for fiona@legacy.test' }).check();
  await expect(page.getByText('6 of 10 paid users chosen')).toBeVisible();
  await page.getByRole('button', { name: 'Next: Billing information' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrading Legacy Team' })).toBeVisible();
  await expect(page.getByText('6 Pro users')).toBeVisible();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Next: Checkout' }).click();
  await payOnHostedPage(page, '4242 4242 4242 4242');

  await expect(page.getByText('Your plan switch has been successfully done!')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Your previous subscription has been automatically canceled.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pro', exact: true })).toBeVisible({ timeout: 20_000 });

  await page.goto(new URL(page.url()).pathname.replace('/space/billing', '/space/users'));
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
  const fiona = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: /fiona@legacy\.test/ });
  await expect(fiona.getByRole('cell', { name: 'Pro', exact: true })).toBeVisible();
});

test('leo makes a paid user free: the review is a downgrade applied at the renewal', async ({ page }) => {
  await signIn(page, LEO);
  await goToBilling(page, 'Legacy Team');
  await page.getByRole('link', { name: 'Change paid users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing options' })).toBeVisible();
  await licenceRadio(page, 'lucy@legacy.test', 'Free').check();
  await expect(page.getByText('5 paid users · 3 free users (at most 10 paid)')).toBeVisible();
  await page.getByRole('button', { name: 'Next: Review' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Downgrade your plan' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Made free at the renewal' })).toContainText(
    'lucy@legacy.test',
  );
  await expect(page.getByText('The change will be applied at your renewal day.')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the change' }).click();
  await expect(page).toHaveURL(/\/space\/billing\?checkout=success/);
  await expect(page.getByText('Your subscription has been updated.')).toBeVisible();

  // The downgrade is scheduled: lucy stays paid until the renewal, then becomes free.
  await expect(
    page.getByText(/^Your subscription is scheduled to go down to 5 paid users on [A-Z][a-z]+ \d/),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Change paid users' }).click();
  const lucy = page.getByRole('row', { name: /lucy@legacy\.test/ });
  await expect(lucy.getByText('Free from the renewal')).toBeVisible();
  await expect(lucy.getByRole('radio')).toHaveCount(0);

  // The owner cancels it from the billing page: lucy keeps her licence.
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Cancel downgrade' }).click();
  await expect(
    page.getByText('You successfully cancelled the previously scheduled downgrade.'),
  ).toBeVisible();
  await expect(page.getByText(/scheduled to go down/)).toHaveCount(0);
});

test("leo makes felix paid from Manage Users' drawer: the review charges the prorated price today", async ({
  page,
}) => {
  await signIn(page, LEO);
  await goToBilling(page, 'Legacy Team');
  await page.goto(new URL(page.url()).pathname.replace('/space/billing', '/space/users'));
  await page.getByRole('checkbox', { name: 'Select felix@legacy.test' }).check();
  const drawer = page.getByRole('dialog', { name: /selected/ });
  await drawer.getByRole('button', { name: 'Make paid' }).click();

  await expect(page).toHaveURL(/\/checkout\/summary\?from=users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrade your plan' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Made paid now' })).toContainText('felix@legacy.test');
  await expect(
    page.getByText(/^Today you will be charged \$\d+\.\d\d \(pro-rated for the \d+ days? left/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the change' }).click();
  await expect(page.getByText('Your subscription has been updated.')).toBeVisible({ timeout: 20_000 });

  await page.goto(new URL(page.url()).pathname.replace('/space/billing', '/space/users'));
  const felix = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: /felix@legacy\.test/ });
  await expect(felix.getByRole('cell', { name: 'Pro', exact: true })).toBeVisible();
});

test('leo changes the per-user Pro subscription to monthly billing at the end of the cycle, then cancels the change', async ({
  page,
}) => {
  await signIn(page, LEO);
  await goToBilling(page, 'Legacy Team');
  await page.getByRole('link', { name: 'Change billing cycle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Change your billing cycle' })).toBeVisible();
  await expect(page.getByText('From billed annually to billed monthly.')).toBeVisible();
  await expect(
    page.getByText('The change will be applied at the end of your current billing cycle.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the change' }).click();
  await expect(page.getByText('Your subscription has been updated.')).toBeVisible({ timeout: 20_000 });
  const scheduled = page.getByText(
    /^You are currently billed annually, with a change to monthly planned on [A-Z][a-z]+ \d/,
  );
  await expect(scheduled).toBeVisible();
  // Priced for the 7 paid users (leo, lara, liam, lucy, luke, fiona, felix): 4 × $20 + 3 × $16.
  await expect(page.getByText(/^From .+: \$128\.00 per month$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change billing cycle' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Cancel the change' }).click();
  await expect(scheduled).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Change billing cycle' })).toBeVisible();
  await expect(page.getByText('7 of 10 paid users')).toBeVisible();
});

test('leo reviews the move to the free plan, confirms it for the renewal, then keeps his plan', async ({
  page,
}) => {
  await signIn(page, LEO);
  await goToBilling(page, 'Legacy Team');
  await page.getByRole('link', { name: 'Switch to Free' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Downgrade your plan' })).toBeVisible();
  await expect(page.getByText('From Pro to Free.')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Made free at the renewal' }).getByRole('listitem'),
  ).toHaveCount(7);
  await expect(
    page.getByText('The change will be applied at your renewal day.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the change' }).click();
  await expect(page.getByText('Your subscription has been updated.')).toBeVisible({ timeout: 20_000 });
  const notice = page.getByText(
    /^Your space moves to the free plan on [A-Z][a-z]+ \d+[a-z]{2}, \d{4}: every paid user then becomes free\.$/,
  );
  await expect(notice).toBeVisible();
  await expect(page.getByText(/^Ends on /)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change paid users' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Keep my plan' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByText(/^Renews on /)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Switch to Free' })).toBeVisible();
});

test('the cannot-downgrade page (opened directly: no seeded space has paid users of several domains) says why and goes back where it came from', async ({
  page,
}) => {
  await signIn(page, LEO);
  await goToBilling(page, 'Legacy Team');
  const billing = page.url();
  await page.goto(billing.replace('/space/billing', '/checkout/cannot-downgrade'));
  await expect(page).toHaveURL(spacePath('legacy-team', 'checkout/cannot-downgrade'));
  await expect(page.getByText('You have users from multiple domains in your space.')).toBeVisible();
  await expect(
    page.getByText('The Pro plan only allows users from the same domain as the owner.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(billing);
});

test('penny switches her PayPal Personal licence to Pro (Personal) on the hosted card page; her billing shows Pro, with no PayPal renewal left to stop', async ({
  page,
}) => {
  await signIn(page, 'penny@gmail.com');
  await goToBilling(page, "Penny's space");
  await page.getByRole('link', { name: 'Switch to a new plan' }).click();
  // One user only: the billing options submit themselves (spec 001 §4).
  await expect(page.getByRole('heading', { level: 1, name: "Upgrading Penny's space" })).toBeVisible();
  await expect(page.getByText('Pro (Personal)')).toBeVisible();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Next: Checkout' }).click();
  await payOnHostedPage(page, '4242 4242 4242 4242');
  await expect(page.getByText('Your plan switch has been successfully done!')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('region', { name: 'Pro', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Stop automatic renewal' })).toHaveCount(0);
});
