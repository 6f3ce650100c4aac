import { expect, test, type Browser, type Page } from '@playwright/test';
import { chooseAccount, signIn, spacePath } from './sign-in';

// The tests share the demo data (nina's invitations and the owner of Acme Premium): in order.
test.describe.configure({ mode: 'serial' });

const NINA = 'nina@newcomer.test';

/**
 * nina signs in where the app sent her (the login page, or the provider's chooser after 'Switch
 * account'); when she has no account yet, the 'no-user' state creates it and keeps the path.
 */
async function continueAsNina(page: Page, from: 'login page' | 'account chooser'): Promise<void> {
  if (from === 'login page') await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await chooseAccount(page, NINA);
  const createAccount = page.getByRole('button', { name: 'Create an account' });
  const landed = page.getByRole('heading', { level: 1, name: 'Mail merges' });
  await expect(createAccount.or(landed)).toBeVisible();
  if (await createAccount.isVisible()) {
    await createAccount.click();
    await chooseAccount(page, NINA);
  }
}

/** A page of its own (own cookies) for a second person. */
async function newPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function openSpace(page: Page, name: string): Promise<void> {
  const switcher = page.getByRole('combobox', { name: /Switch space/ });
  if ((await switcher.textContent())?.includes(name)) return;
  await switcher.click();
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(switcher).toContainText(name);
}

test('the owner invites nina; the e-mail reaches the dev mailbox and its link brings her into Acme Sales', async ({
  page,
  browser,
}) => {
  await signIn(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Members' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Members Acme Sales' })).toBeVisible();
  await expect(page).toHaveTitle('Users | MergeDesk');

  // nina is pending in Acme Sales: the owner sends her invitation again, with a new link.
  await page.getByRole('checkbox', { name: `Select ${NINA}` }).check();
  const drawer = page.getByRole('dialog', { name: '1 member selected' });
  await drawer.getByRole('button', { name: 'Re-invite' }).click();
  await expect(page.getByText('Invitation successfully sent again.')).toBeVisible();

  await page.goto('/dev/mailbox');
  const mail = page
    .getByRole('article')
    .filter({ hasText: `to ${NINA}` })
    .first();
  await expect(mail).toBeVisible();
  const link = await mail.getByRole('link', { name: /\/invitations\// }).getAttribute('href');
  expect(link).toMatch(/\/invitations\/[^/]+/);

  const nina = await newPerson(browser);
  await nina.goto(link!);
  await expect(nina).toHaveURL(/\/login\?continue=%2Finvitations%2F/);
  await continueAsNina(nina, 'login page');
  await expect(nina).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await expect(nina.getByText('Welcome to MergeDesk!')).toBeVisible();
  await expect(nina.getByText('You have joined Acme Sales.')).toBeVisible();
  await expect(nina.getByRole('combobox', { name: /Switch space/ })).toContainText('Acme Sales');
});

test('signed in with another account: the wrong-account state switches to nina; an expired link and one to a space she is in say so', async ({
  page,
}) => {
  await signIn(page, 'mia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await page.goto('/invitations/demo-expired/accept');
  await expect(page.getByRole('heading', { name: 'The invitation could not be finalized.' })).toBeVisible();
  await expect(page.getByText('You are logged into a different account than the one invited.')).toBeVisible();
  await expect(page.getByText('mia@acme.test')).toBeVisible();

  await page.getByRole('button', { name: 'Switch account' }).click();
  await continueAsNina(page, 'account chooser');
  // demo-expired was sent more than 14 days ago: nina lands on her sent merges with the reason.
  const alert = page.getByRole('alert').filter({ hasText: 'The invitation could not be finalized.' });
  await expect(alert).toContainText('The invite link has expired or been cancelled.');

  // demo-cancelled invites her to Acme Sales, which she joined in the test before.
  await page.goto('/invitations/demo-cancelled/accept');
  await expect(page.getByRole('heading', { level: 1, name: 'Mail merges' })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'You are already a member of this space.' }),
  ).toBeVisible();
});

test('olivia transfers Acme Premium to adam, becomes a member; adam hands it back', async ({
  page,
  browser,
}) => {
  await signIn(page, 'olivia@acme.test');
  await openSpace(page, 'Acme Premium');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'General' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'General' })).toBeVisible();

  const section = page.getByRole('region', { name: 'Transfer ownership' });
  const newOwner = section.getByRole('combobox', { name: 'New owner' });
  await expect(newOwner).toHaveValue('Olivia Owens (olivia@acme.test)');
  await expect(section.getByRole('button', { name: 'Save' })).toBeDisabled();
  await newOwner.click();
  await page.getByRole('option', { name: 'Adam Admin (adam@acme.test)' }).click();
  await section.getByRole('button', { name: 'Save' }).click();

  const dialog = page.getByRole('dialog', { name: 'Transfer Acme Premium ownership to Adam Admin?' });
  await expect(dialog.getByText('You cannot undo this action.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'No, cancel' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, proceed' }).click();

  await expect(page).toHaveURL(spacePath('acme-premium', 'mail-merges/sent'));
  await expect(page.getByText('Ownership transferred to adam@acme.test')).toBeVisible();
  // The former owner is a member now: no General settings any more.
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'General' }),
  ).toHaveCount(0);

  // adam has the owner's rights at once, and hands the space back.
  const adam = await newPerson(browser);
  await signIn(adam, 'adam@acme.test');
  await openSpace(adam, 'Acme Premium');
  await adam
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'General' })
    .click();
  const adamSection = adam.getByRole('region', { name: 'Transfer ownership' });
  await adamSection.getByRole('combobox', { name: 'New owner' }).click();
  await adam.getByRole('option', { name: 'Olivia Owens (olivia@acme.test)' }).click();
  await adamSection.getByRole('button', { name: 'Save' }).click();
  await adam
    .getByRole('dialog', { name: 'Transfer Acme Premium ownership to Olivia Owens?' })
    .getByRole('button', { name: 'Yes, proceed' })
    .click();
  await expect(adam.getByText('Ownership transferred to olivia@acme.test')).toBeVisible();
});

test("leo's legacy team: Manage Users with its summary line", async ({ page }) => {
  await signIn(page, 'leo@legacy.test');
  await expect(page).toHaveURL(spacePath('legacy-team', 'mail-merges/sent'));
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Users' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
  await expect(page).toHaveTitle('Manage Users | MergeDesk');
  await expect(
    page.getByText('9 users: 5 paid (0 @gmail.com paid), 1 trial, 2 free, 1 disabled'),
  ).toBeVisible();
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('columnheader')).toHaveText([
    '',
    'User',
    'Email',
    'Role',
    'Type',
    'Quota',
    'Status',
  ]);
  await expect(page.getByRole('button', { name: 'Invite users' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add users' })).toBeVisible();
});
