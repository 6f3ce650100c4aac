import { expect, test, type Browser, type Page } from '@playwright/test';
import { buySeats, goToBilling } from './billing-steps';
import { connectGmail, GMAIL_URL, invitationLinkMailedTo } from './gmail';
import { chooseAccount, signIn, spacePath } from './sign-in';

// The tests share the demo data (nina's invitations and the owner of Acme Premium): in order.
test.describe.configure({ mode: 'serial' });

const NINA = 'nina@newcomer.test';
const EMULATOR_PORT = Number(process.env.E2E_PORTS?.split(',')[3] ?? 0);

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
  request,
}) => {
  await signIn(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  // Invitations leave from the inviter's own Gmail (the Gmail stand-in here).
  await connectGmail(page, 'olivia@acme.test');
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

  const link = await invitationLinkMailedTo(request, NINA, 'Acme Sales');
  // The development mailbox link leads to the stand-in's page, where the message is listed.
  await page.goto('/dev/mailbox');
  await expect(page).toHaveURL(`${GMAIL_URL}/`);
  await expect(page.getByRole('heading', { level: 2, name: NINA })).toBeVisible();

  const nina = await newPerson(browser);
  await nina.goto(link);
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

test("leo's Offline Team: billing shows the Custom plan, Manage Users the offline-subscription notice", async ({
  page,
}) => {
  await signIn(page, 'leo@legacy.test');
  await goToBilling(page, 'Offline Team');
  const card = page.getByRole('region', { name: 'Custom' });
  await expect(card.getByText('Your subscription is managed by our support team.')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Contact sales' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Users' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
  await expect(
    page.getByText('You are on an offline managed subscription. Please contact us if you need changes.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact us' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add users' })).toHaveCount(0);
});

/**
 * The last-seat race in the browser (issue 7). Reservations can outnumber seats only after a seat
 * removal took effect, so sam gets there as an owner would: he buys 3 Pro seats, schedules the
 * removal of one for the period end, then adds adam and mia (3 of 3 used until then), and the
 * emulator's clock passes the period end.
 * Then adam and mia open their invitation links at the same moment in two browsers: one joins, the
 * other is told there is no seat left.
 */
test('two invitees accept the last seat at once: one joins, the other sees that no seat is left', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const space = "Sam's space";
  await signIn(page, 'sam@acme.test');
  await expect(page).toHaveURL(/\/mail-merges\/sent/);
  // Invitations leave from the inviter's own Gmail (the Gmail stand-in here).
  await connectGmail(page, 'sam@acme.test');
  await buySeats(page, space, 3, '4242 4242 4242 4242');
  await expect(
    page.getByText('Well done! You successfully purchased 3 Pro seats for your space.'),
  ).toBeVisible({
    timeout: 20_000,
  });

  await page.getByRole('link', { name: 'Remove seats' }).click();
  await page.getByRole('combobox', { name: 'Seats after the removal' }).selectOption('2');
  await page.getByRole('button', { name: 'Remove 1 seat' }).click();
  await expect(
    page.getByText('You successfully scheduled the removal of 1 seat from your space.'),
  ).toBeVisible();

  await page.goto(page.url().replace(/\/space\/billing.*$/, '/space/users'));
  await page.getByRole('button', { name: 'Add members' }).click();
  const add = page.getByRole('dialog', { name: 'Add members' });
  await add.getByRole('combobox', { name: 'Email addresses' }).fill('adam@acme.test mia@acme.test ');
  await add.getByRole('button', { name: 'Add' }).click();
  // Both are paid in Acme Sales: added (sam's MULTIPLE_PAYMENT is not restricted), with the warning.
  await expect(
    page.getByText(
      '2 members successfully added. adam@acme.test and 1 others are already paid users in another space.',
    ),
  ).toBeVisible();
  await expect(page.getByText('3 of 3 seats used', { exact: true })).toBeVisible();

  await goToBilling(page, space);
  // The period ends (and the subscription renews with 2 seats): adam and mia still hold their
  // reservations, sam his seat; one seat is left for the two of them.
  const advanced = await request.post(`http://localhost:${EMULATOR_PORT}/_emulator/clock/advance`, {
    form: { days: '366' },
  });
  expect(advanced.ok()).toBe(true);
  const card = page.getByRole('region', { name: 'Pro' });
  await expect(async () => {
    await page.reload();
    await expect(card.getByText('3 of 2 seats used', { exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });

  const billing = page.url();
  const links = new Map<string, string>();
  for (const email of ['adam@acme.test', 'mia@acme.test']) {
    links.set(email, await invitationLinkMailedTo(request, email, space));
  }

  const [adam, mia] = [await newPerson(browser), await newPerson(browser)];
  await signIn(adam, 'adam@acme.test');
  await signIn(mia, 'mia@acme.test');
  await expect(adam).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await expect(mia).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await Promise.all([adam.goto(links.get('adam@acme.test')!), mia.goto(links.get('mia@acme.test')!)]);

  const outcome = async (person: Page) => {
    const joined = person.getByText(`You have joined ${space}.`);
    const refused = person
      .getByRole('alert')
      .filter({ hasText: 'The invitation could not be finalized.' })
      .filter({
        hasText: 'There is no seat available in this space anymore. Ask the space owner to add seats.',
      });
    await expect(joined.or(refused)).toBeVisible();
    return (await joined.isVisible()) ? 'joined' : 'refused';
  };
  const outcomes = { 'adam@acme.test': await outcome(adam), 'mia@acme.test': await outcome(mia) };
  expect(Object.values(outcomes).sort()).toEqual(['joined', 'refused']);
  const [winner, loser] = outcomes['adam@acme.test'] === 'joined' ? [adam, mia] : [mia, adam];
  await expect(winner).toHaveURL(spacePath('sams-space', 'mail-merges/sent'));
  await expect(loser.getByRole('combobox', { name: /Switch space/ })).not.toContainText(space);

  // The owner's members screen: the one who joined is active, the other still pending.
  await page.goto(billing.replace(/\/space\/billing.*$/, '/space/users'));
  const table = page.getByRole('table', { name: 'Members' });
  for (const [email, result] of Object.entries(outcomes)) {
    await expect(table.getByRole('row', { name: new RegExp(email) })).toContainText(
      result === 'joined' ? 'Active' : 'Pending',
    );
  }
});
