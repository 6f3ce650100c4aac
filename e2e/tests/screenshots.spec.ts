import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fillAddress, goToBilling, licenceRadio, payOnHostedPage } from './billing-steps';
import {
  confirmSend,
  ensureGmailConnected,
  openComposer,
  previewRecipient,
  recipientsCsv,
  sendFromConfirmation,
  unsubscribedAddressOf,
  uploadCsv,
  writeContent,
} from './composer-steps';
import { signIn, spacePath } from './sign-in';

/**
 * The screenshots of docs/screenshots (linked from the README): `npm run screenshots` runs this
 * file alone with SCREENSHOTS=1; the normal suite skips it, so a test run never rewrites the docs.
 */
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 (npm run screenshots) to refresh docs/screenshots');

const OUT = path.resolve(import.meta.dirname, '../../docs/screenshots');
const WIDTHS = [1280, 390] as const;

/**
 * Both widths of the whole page. `wholeViewport`: the viewport is made as tall as the page first,
 * for a page with an iframe of another origin (the composer's sandboxed preview): Chromium paints
 * such a frame only where it is inside the viewport, so a full-page shot would leave it blank.
 * `viewportOnly`: what the screen shows (a dialog over the page), not the whole page.
 */
async function shoot(
  page: Page,
  name: string,
  { wholeViewport = false, viewportOnly = false } = {},
): Promise<void> {
  // The pointer stays where the last click was: a hover there would look like a selected entry.
  await page.mouse.move(0, 0);
  // From the top: a page scrolled by the steps before would draw its fixed header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // The shell's navbar slides out with a CSS transition when the width crosses its breakpoint.
    await page.waitForTimeout(600);
    if (wholeViewport) {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width, height: Math.max(900, height) });
      await page.waitForTimeout(300);
    }
    await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`), fullPage: !viewportOnly });
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

/** The billing page and each checkout step (issue 8): max buys Pro seats in Max 5 on the way. */
test('Billing: the free plan, the purchase steps, then the paid plan and its seat and cycle pages', async ({
  page,
}) => {
  await signIn(page, 'max@max.test');
  await goToBilling(page, 'Max 5');
  await expect(page.getByRole('region', { name: 'Pro' }).getByText(/^Billed annually/)).toBeVisible();
  await shoot(page, 'billing-free');
  await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await page.getByRole('radio', { name: /For a team/ }).check();
  await page.getByRole('textbox', { name: 'Number of seats' }).fill('3');
  await shoot(page, 'checkout-details');
  await page.getByRole('button', { name: 'Next: Billing information' }).click();
  await fillAddress(page);
  await expect(page.getByText('Total due today')).toBeVisible();
  await shoot(page, 'checkout-information');
  await page.getByRole('button', { name: 'Next: Checkout' }).click();
  // The Checkout step: the payment provider's hosted card page (the Stripe emulator's).
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await shoot(page, 'checkout-hosted-page');
  await payOnHostedPage(page, '4242 4242 4242 4242');
  await expect(page.getByText(/^Well done! You successfully purchased 3 Pro seats/)).toBeVisible({
    timeout: 20_000,
  });
  await shoot(page, 'billing');
  const prefix = new URL(page.url()).pathname.replace('/space/billing', '');
  await page.goto(`${prefix}/checkout/add-seats`);
  await expect(page.getByText(/^Today you will be charged /)).toBeVisible();
  await shoot(page, 'checkout-add-seats');
  await page.goto(`${prefix}/checkout/remove-seats`);
  await expect(page.getByText(/will be removed on /)).toBeVisible();
  await shoot(page, 'checkout-remove-seats');
  await page.goto(`${prefix}/checkout?change-billing-cycle=1`);
  await expect(page.getByText(/applied at the end of your current billing cycle/)).toBeVisible();
  await shoot(page, 'checkout-cycle-change');
});

/**
 * The Gmail purchase (spec 001 §2 GMAIL_PURCHASE: Billing information, then Checkout): gina's free
 * space skips the seat page. Nothing is bought: Gina's space stays free.
 */
test("Checkout: the Gmail purchase's billing information (gina)", async ({ page }) => {
  await signIn(page, 'gina@gmail.com');
  await goToBilling(page, "Gina's space");
  await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(spacePath('ginas-space', 'checkout/information'));
  await expect(page.getByRole('heading', { level: 1, name: "Upgrading Gina's space" })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Checkout steps' }).getByRole('listitem')).toHaveText([
    '1. Billing information',
    '2. Checkout',
  ]);
  await fillAddress(page);
  await expect(page.getByText('Total due today')).toBeVisible();
  await shoot(page, 'checkout-gmail-information');
});

/**
 * The per-user model's purchase (spec 001 §2 PURCHASE: Billing options, Billing information,
 * Checkout): carl's free Classic Team, the owner paid and cara made paid. Nothing is bought.
 */
test("Legacy checkout: a purchase's billing options (Classic Team as carl)", async ({ page }) => {
  await signIn(page, 'carl@classic.test');
  await goToBilling(page, 'Classic Team');
  await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing options' })).toBeVisible();
  await licenceRadio(page, 'cara@classic.test', 'Paid').check();
  await expect(page.getByText('2 paid users · 1 free user (at most 10 paid)')).toBeVisible();
  await expect(page.getByText(/^\$\d+\.\d\d per year$/)).toBeVisible();
  await shoot(page, 'checkout-purchase-options');
});

/** A plan given by support (spec 001 §2 'Custom'): Support Team as sue, seat changes through support. */
test('Billing, Custom plan (Support Team, payment source SUPPORT)', async ({ page }) => {
  await signIn(page, 'sue@support.test');
  await goToBilling(page, 'Support Team');
  await expect(
    page.getByRole('region', { name: 'Custom' }).getByText(/please contact support/),
  ).toBeVisible();
  await shoot(page, 'billing-custom');
});

/** Stop automatic renewal (spec 001 §2): penny's PayPal licence, the confirmation, then the result. */
test('Stop automatic renewal (penny, PayPal licence)', async ({ page }) => {
  await signIn(page, 'penny@gmail.com', `/login?continue=${encodeURIComponent('/stop-automatic-renewal')}`);
  await expect(page).toHaveURL(/\/stop-automatic-renewal$/);
  await expect(page.getByRole('button', { name: 'Confirm cancellation' })).toBeVisible();
  await shoot(page, 'stop-renewal');
  await page.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(page.getByRole('heading', { name: 'Autorenewal stopped successfully' })).toBeVisible();
  await shoot(page, 'stop-renewal-success');
});

/** Wrong plan (spec 001 §2): a workplace plan asked for with a Gmail address, then the quota panel. */
test('Wrong plan (gina asks for Pro Google Workspace)', async ({ page }) => {
  await signIn(
    page,
    'gina@gmail.com',
    `/login?continue=${encodeURIComponent('/wrong-plan?plan=pro-google-workspace')}`,
  );
  await expect(
    page.getByRole('heading', { level: 1, name: /^You are trying to purchase a .+ with gina@gmail\.com$/ }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pro gmail.com' })).toBeVisible();
  await shoot(page, 'wrong-plan');
  await page.getByRole('button', { name: 'Recipient quota conditions' }).click();
  await expect(page.getByRole('dialog', { name: 'Recipient quota conditions' })).toBeVisible();
  await shoot(page, 'wrong-plan-quota');
});

test('Recipients of a merge (Acme Sales, the merge dialog)', async ({ page }) => {
  await signIn(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await page.getByRole('searchbox', { name: 'Search' }).or(page.getByLabel('Search')).fill('Product launch');
  const list = page.getByRole('table', { name: 'Sent mail merges' });
  // The list shows sheet names; the search also matches the subject.
  await expect(page).toHaveURL(/search=Product/);
  await expect(list.getByRole('row')).toHaveCount(2);
  await list.getByRole('row').nth(1).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Product launch: meet the new dashboard');
  await dialog.getByRole('tab', { name: 'Recipients' }).click();
  await expect(dialog.getByRole('table', { name: 'Link clicks' })).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Recipients' }).getByRole('row')).not.toHaveCount(1);
  await shoot(page, 'merge-recipients');
});

/** The lists of issue 9 (Acme Sales as olivia): a table with rows, then both widths. */
for (const { name, path, table } of [
  { name: 'sent-mail-merges', path: 'mail-merges/sent', table: 'Sent mail merges' },
  { name: 'scheduled-mail-merges', path: 'mail-merges/scheduled', table: 'Scheduled mail merges' },
  { name: 'team-report', path: 'team-report', table: 'Team members' },
  { name: 'unsubscriptions', path: 'unsubscriptions', table: 'Unsubscriptions' },
]) {
  test(`${table} (Acme Sales)`, async ({ page }) => {
    await signIn(page, 'olivia@acme.test');
    await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
    await page.goto(page.url().replace('/mail-merges/sent', `/${path}`));
    const rows = page.getByRole('table', { name: table }).getByRole('row');
    await expect(rows.nth(2)).toBeVisible();
    await expect(page.getByRole('table', { name: table })).not.toHaveAttribute('aria-busy', 'true');
    await shoot(page, name);
  });
}

/**
 * Sending a merge from the dashboard (issue 25), each step: the Mail merges page with 'New mail
 * merge', the composer's recipients, content, preview and test, the confirmation, the progress page;
 * then gina's Free quota line and her merge waiting for the quota.
 */
test('Send a merge from the dashboard (olivia, then gina on the Free quota)', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await ensureGmailConnected(page, 'olivia@acme.test');
  await expect(page.getByRole('table', { name: 'Sent mail merges' }).getByRole('row').nth(2)).toBeVisible();
  await shoot(page, 'composer-new-mail-merge');

  const readers = ['Ada', 'Ben', 'Chloé', 'Dmitri', 'Eva', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas'];
  const rows = [
    ...readers.map((firstName, index) => ({
      email: `screenshot.reader${index + 1}@example.test`,
      firstName,
    })),
    { email: await unsubscribedAddressOf(page, request), firstName: 'Una' },
    { email: 'not-an-address', firstName: 'Ivan' },
  ];
  await openComposer(page);
  await uploadCsv(page, 'Spring newsletter.csv', recipientsCsv(rows));
  await expect(page.getByRole('region', { name: 'Recipients summary' })).toContainText('12 recipients');
  await shoot(page, 'composer-recipients', { wholeViewport: true });
  await writeContent(
    page,
    'Spring news for {{First name}}',
    '<p>Hi {{First name}},</p><p>our spring collection is out: have a look before it is gone.</p>',
  );
  await shoot(page, 'composer-content', { wholeViewport: true });
  await previewRecipient(page, 7, rows.length);
  await page.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'sent to olivia@acme.test' })).toBeVisible();
  await shoot(page, 'composer-preview', { wholeViewport: true });
  await confirmSend(page);
  await shoot(page, 'composer-confirm', { viewportOnly: true });
  await sendFromConfirmation(page);
  await expect(page.getByRole('progressbar', { name: 'Sending progress' })).toHaveAttribute(
    'aria-valuetext',
    '10 sent, 2 skipped, 0 failed of 12',
    { timeout: 60_000 },
  );
  await shoot(page, 'merge-progress');
});

test('Send a merge from the dashboard: the Free quota (gina)', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'gina@gmail.com');
  await expect(page).toHaveURL(spacePath('ginas-space', 'mail-merges/sent'));
  await ensureGmailConnected(page, 'gina@gmail.com');
  const rows = Array.from({ length: 25 }, (_, index) => ({
    email: `gina.friend${index + 1}@example.test`,
    firstName: `Friend ${index + 1}`,
  }));
  await openComposer(page);
  await uploadCsv(page, 'Friends.csv', recipientsCsv(rows));
  await writeContent(page, 'News for {{First name}}', '<p>Hello {{First name}}!</p>');
  await expect(
    page.getByText(/You can send 20 more today; 5 will be sent after your quota resets on /),
  ).toBeVisible();
  await shoot(page, 'composer-free-quota', { wholeViewport: true });
  await confirmSend(page);
  await sendFromConfirmation(page);
  await expect(page.getByRole('region', { name: 'Sending' })).toContainText('Upon quota reset', {
    timeout: 60_000,
  });
  await shoot(page, 'merge-progress-quota');
});

/**
 * The per-user (legacy) checkout (issue 8) in Legacy Team as leo: the legacy users page and its Add
 * users modal, the switch to Pro on the hosted card page, then the billing options and the reviews
 * of a downgrade, a billing-cycle change, an upgrade and the move to Free (none confirmed); the
 * cannot-downgrade page. Last in this file: it changes Legacy Team for good.
 */
test('Legacy checkout (Legacy Team, per user): legacy users, Add users, options, the reviews (downgrade, cycle change, upgrade, Free), cannot-downgrade', async ({
  page,
}) => {
  await signIn(page, 'leo@legacy.test');
  await goToBilling(page, 'Legacy Team');
  const prefix = new URL(page.url()).pathname.replace('/space/billing', '');
  await page.getByRole('link', { name: 'Switch to a new plan' }).click();
  await page.getByRole('checkbox', { name: 'Paid licence for fiona@legacy.test' }).check();
  await expect(page.getByText('6 of 10 paid users chosen')).toBeVisible();
  await shoot(page, 'checkout-legacy-users');
  await page.getByRole('button', { name: 'Add users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add users' });
  await dialog
    .getByRole('combobox', { name: 'Email addresses' })
    .pressSequentially('n1@legacy.test n2@legacy.test n3@legacy.test n4@legacy.test n5@legacy.test ');
  await expect(dialog.getByText(/You cannot go over your current plan user limit/)).toBeVisible();
  await shoot(page, 'checkout-legacy-add-users');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Next: Billing information' }).click();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Next: Checkout' }).click();
  await payOnHostedPage(page, '4242 4242 4242 4242');
  await expect(page.getByText('Your plan switch has been successfully done!')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('link', { name: 'Change paid users' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Change paid users' }).click();
  await licenceRadio(page, 'lucy@legacy.test', 'Free').check();
  await expect(page.getByText('5 paid users · 3 free users (at most 10 paid)')).toBeVisible();
  await expect(page.getByText(/ per year$/)).toBeVisible();
  await shoot(page, 'checkout-options');
  await page.getByRole('button', { name: 'Next: Review' }).click();
  await expect(page.getByText('The change will be applied at your renewal day.')).toBeVisible();
  await expect(page.getByText(/^From .*per year$/)).toBeVisible();
  await shoot(page, 'checkout-summary-downgrade');
  // Not confirmed: the same subscription's other reviews (spec 001 §4 "Summary title").
  await page.goto(`${prefix}/space/billing`);
  await page.getByRole('link', { name: 'Change billing cycle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Change your billing cycle' })).toBeVisible();
  await expect(page.getByText('From billed annually to billed monthly.')).toBeVisible();
  await expect(page.getByText(/^\$\d+\.\d\d per month$/)).toBeVisible();
  await expect(
    page.getByText('The change will be applied at the end of your current billing cycle.'),
  ).toBeVisible();
  await shoot(page, 'checkout-summary-cycle-change');
  // An upgrade: felix (free) made paid from Manage Users' drawer, charged pro rata today.
  await page.goto(`${prefix}/space/users`);
  await page.getByRole('checkbox', { name: 'Select felix@legacy.test' }).check();
  await page
    .getByRole('dialog', { name: /selected/ })
    .getByRole('button', { name: 'Make paid' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrade your plan' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Made paid now' })).toContainText('felix@legacy.test');
  await expect(page.getByText(/^Today you will be charged /)).toBeVisible();
  await shoot(page, 'checkout-summary-upgrade');
  // The move to the free plan (/checkout/summary?plan=FREE).
  await page.goto(`${prefix}/space/billing`);
  await page.getByRole('link', { name: 'Switch to Free' }).click();
  await expect(page).toHaveURL(/\/checkout\/summary\?plan=FREE$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Downgrade your plan' })).toBeVisible();
  await expect(page.getByText('From Pro to Free.')).toBeVisible();
  await shoot(page, 'checkout-summary-free');
  await page.goto(`${prefix}/checkout/cannot-downgrade`);
  await expect(page.getByText('You have users from multiple domains in your space.')).toBeVisible();
  await shoot(page, 'checkout-cannot-downgrade');
});
