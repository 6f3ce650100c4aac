import { expect, test } from '@playwright/test';
import { buySeats, fillAddress, goToBilling, payOnHostedPage } from './billing-steps';
import { chooseAccount, signIn, spacePath } from './sign-in';

/**
 * Billing on the real stack (issue 8): the server talks to the Stripe emulator through the official
 * SDK, the emulator's hosted pages take the cards, and its signed webhooks make the spaces paid.
 * The tests run in order on max@max.test's free spaces (Max 1 … Max 4): each buys its own.
 */
test.describe.configure({ mode: 'serial' });

const MAX = 'max@max.test';
const GINA = 'gina@gmail.com';
const EMULATOR_PORT = Number(process.env.E2E_PORTS?.split(',')[3] ?? 0);

test('max buys 3 Pro seats with the 4242 card: the banner shows and the members screen counts them', async ({
  page,
}) => {
  await signIn(page, MAX);
  await buySeats(page, 'Max 1', 3, '4242 4242 4242 4242');
  await expect(page).toHaveURL(spacePath('max-1', 'space/billing'));
  await expect(
    page.getByText('Well done! You successfully purchased 3 Pro seats for your space.'),
  ).toBeVisible({
    timeout: 20_000,
  });
  const card = page.getByRole('region', { name: 'Pro' });
  await expect(card.getByText(/^Renews on /)).toBeVisible();
  await expect(card.getByText('1 of 3 seats used')).toBeVisible();
  await page.getByRole('link', { name: 'Manage members' }).click();
  await expect(page).toHaveURL(spacePath('max-1', 'space/users'));
  await expect(page.getByText('1 of 3 seats used')).toBeVisible();
});

test('removing a seat is scheduled for the period end, then cancelled', async ({ page }) => {
  await signIn(page, MAX);
  await goToBilling(page, 'Max 1');
  await page.getByRole('link', { name: 'Remove seats' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Remove unused seats' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Seats after the removal' }).selectOption('2');
  await expect(page.getByText(/1 seat will be removed on /)).toBeVisible();
  await page.getByRole('button', { name: 'Remove 1 seat' }).click();
  await expect(
    page.getByText('You successfully scheduled the removal of 1 seat from your space.'),
  ).toBeVisible();
  await expect(page.getByText(/Your subscription is scheduled to go down to 2 seats on /)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add seats' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel downgrade' }).click();
  await expect(
    page.getByText('You successfully cancelled the previously scheduled downgrade.'),
  ).toBeVisible();
  await expect(page.getByText(/scheduled to go down/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Remove seats' })).toBeVisible();
});

test('a change to monthly billing is scheduled for the end of the cycle, then cancelled', async ({
  page,
}) => {
  await signIn(page, MAX);
  await goToBilling(page, 'Max 1');
  await page.getByRole('link', { name: 'Change billing cycle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Change your billing cycle' })).toBeVisible();
  await expect(
    page.getByText('The change will be applied at the end of your current billing cycle.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the change' }).click();
  await expect(page.getByText('Your subscription has been updated.')).toBeVisible();
  const scheduled = page.getByText(
    /^You are currently billed annually, with a change to monthly planned on /,
  );
  await expect(scheduled).toBeVisible();
  await page.getByRole('button', { name: 'Cancel the change' }).click();
  await expect(scheduled).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Change billing cycle' })).toBeVisible();
});

test('an EU business purchase with a VAT id the provider refuses shows the field error', async ({ page }) => {
  await signIn(page, MAX);
  await goToBilling(page, 'Max 2');
  await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await page.getByRole('button', { name: 'Next: Billing information' }).click();
  const country = page.getByRole('combobox', { name: 'Country' });
  await country.fill('Germany');
  await page.getByRole('option', { name: 'Germany' }).click();
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('textbox', { name: /^VAT ID/ }).fill('DE12');
  await page.getByRole('textbox', { name: /^Company name/ }).fill('Max GmbH');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Next: Checkout' }).click();
  await expect(page.getByText('This VAT ID doesn’t seem to be valid.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^VAT ID/ })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(spacePath('max-2', 'checkout/information'));
});

test('adding seats with the 3-D Secure card asks for the confirmation, then grants them', async ({
  page,
}) => {
  await signIn(page, MAX);
  await buySeats(page, 'Max 3', 2, '4000 0027 6000 3184');
  // The card needs 3-D Secure at checkout too: the emulator's challenge page, then back.
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(
    page.getByText('Well done! You successfully purchased 2 Pro seats for your space.'),
  ).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('link', { name: 'Add seats' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add seats' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Seats to add' }).fill('2');
  await expect(page.getByText(/^Today you will be charged /)).toBeVisible();
  await page.getByRole('button', { name: 'Add 2 seats' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(dialog).toBeVisible();
  const [challenge] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('link', { name: /Open the confirmation page/ }).click(),
  ]);
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(challenge.getByRole('heading', { name: 'Authentication completed' })).toBeVisible();
  await challenge.close();
  await dialog.getByRole('button', { name: 'I have confirmed the payment' }).click();
  await expect(page.getByText('Well done! You successfully added 2 seats to your space.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('region', { name: 'Pro' }).getByText('1 of 4 seats used')).toBeVisible();
});

test('a renewal the card refuses shows "Your last payment attempt failed" after the clock moves a year', async ({
  page,
  request,
}) => {
  await signIn(page, MAX);
  await buySeats(page, 'Max 4', 1, '4000 0000 0000 0341');
  await expect(
    page.getByText('Well done! You successfully purchased 1 Pro seat for your space.'),
  ).toBeVisible({
    timeout: 20_000,
  });
  const advanced = await request.post(`http://localhost:${EMULATOR_PORT}/_emulator/clock/advance`, {
    form: { days: '366' },
  });
  expect(advanced.ok()).toBe(true);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Your last payment attempt failed')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  // Issue 22: the banner tells Stripe's next retry, not the period end a year away.
  await expect(page.getByText(/^Next payment attempt: .+\. If every attempt fails/)).toBeVisible();
});

test('penny stops the automatic renewal of her PayPal licence', async ({ page }) => {
  await page.goto('/stop-automatic-renewal');
  await expect(
    page.getByText('Sign in with your Google account to stop the automatic renewal.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await chooseAccount(page, 'penny@gmail.com');
  await expect(page).toHaveURL(/\/stop-automatic-renewal$/);
  await page.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(page.getByRole('heading', { name: 'Autorenewal stopped successfully' })).toBeVisible();
  await expect(page).toHaveURL(/\/stop-automatic-renewal\?success=1$/);
});

/**
 * The Gmail purchase of spec 001 (information, then checkout) for a space created on the way: the
 * checkout's 'new-space' flag opens the new-space dialog and the purchase goes on in the new space
 * (Gina's own space stays free for the other specs).
 */
test("gina buys Pro for a new space: the 'new-space' flag, billing information, the hosted page, the banner", async ({
  page,
}) => {
  await signIn(page, GINA);
  await expect(page).toHaveURL(spacePath('ginas-space', 'mail-merges/sent'));
  const prefix = new URL(page.url()).pathname.replace('/mail-merges/sent', '');
  await page.goto(`${prefix}/checkout?new-space=1&plan=PRO`);
  const dialog = page.getByRole('dialog', { name: 'Create a new space' });
  await dialog.getByLabel("Space's name").fill('Gina Pro');
  await dialog.getByRole('button', { name: 'Create' }).click();

  // A Gmail-type buyer skips the seat page: Billing information, then Checkout.
  await expect(page).toHaveURL(spacePath('gina-pro', 'checkout/information\\?plan=PRO'));
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrading Gina Pro' })).toBeVisible();
  const steps = page.getByRole('list', { name: 'Checkout steps' }).getByRole('listitem');
  await expect(steps).toHaveText(['1. Billing information', '2. Checkout']);
  await expect(steps.first()).toHaveAttribute('aria-current', 'step');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Next: Checkout' }).click();
  await payOnHostedPage(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(spacePath('gina-pro', 'space/billing'));
  await expect(page.getByText('Well done! You successfully upgraded your space to Pro.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('region', { name: /^Pro/ }).getByText(/^Renews on /)).toBeVisible();
  // Gina's own space is untouched.
  await goToBilling(page, "Gina's space");
  await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toBeVisible();
});

test("'Manage billing' opens the provider's customer portal; a cancellation there shows on return", async ({
  page,
}) => {
  await signIn(page, GINA);
  await goToBilling(page, 'Gina Pro');
  const card = page.getByRole('region', { name: /^Pro/ });
  await expect(card.getByText(/^Renews on /)).toBeVisible();
  await card.getByRole('button', { name: 'Manage billing' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Manage billing' })).toBeVisible();
  await expect(page.getByText(GINA)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByRole('button', { name: 'Renew subscription' })).toBeVisible();
  await page.getByRole('link', { name: '← Return' }).click();

  await expect(page).toHaveURL(spacePath('gina-pro', 'space/billing'));
  await expect(async () => {
    await page.reload();
    await expect(card.getByText(/^Ends on /)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
});

test('the browser Back and a second checkout expire the first one: only one subscription can be paid (issue 22)', async ({
  page,
  context,
}) => {
  await signIn(page, MAX);
  await goToBilling(page, 'Max 5');
  await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await page.getByRole('button', { name: 'Next: Billing information' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrading Max 5' })).toBeVisible();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Next: Checkout' }).click();
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  const firstCheckout = page.url();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrading Max 5' })).toBeVisible();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Next: Checkout' }).click();
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  expect(page.url()).not.toBe(firstCheckout);
  // The first checkout, in another tab, can no longer be paid.
  const other = await context.newPage();
  await other.goto(firstCheckout);
  await expect(other.getByRole('heading', { name: 'This checkout session has expired.' })).toBeVisible();
  await other.close();
  await payOnHostedPage(page, '4242 4242 4242 4242');
  await expect(
    page.getByText('Well done! You successfully purchased 1 Pro seat for your space.'),
  ).toBeVisible({
    timeout: 20_000,
  });
});
