import { expect, test, type Browser, type Page } from '@playwright/test';
import { buySeats } from './billing-steps';
import { connectGmail, invitationLinkMailedTo } from './gmail';
import { signIn, spacePath } from './sign-in';

/**
 * Issue 21, what a paying team gets, as a new team owner finds it: sam creates a space, a colleague
 * joins it while it is free, sam buys Pro seats on the emulator's hosted page and at once changes
 * the colleague's role, gives them a seat, and hands them the space — who manages it and hands it
 * back.
 */
const SPACE = 'Sam Team Works';

async function newPerson(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true });

async function transferTo(page: Page, label: string, confirmTitle: string): Promise<void> {
  await nav(page, 'General').click();
  const section = page.getByRole('region', { name: 'Transfer ownership' });
  await section.getByRole('combobox', { name: 'New owner' }).click();
  await page.getByRole('option', { name: label }).click();
  await section.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: confirmTitle });
  // Keyboard safety: the irreversible step opens on the safe answer.
  await expect(dialog.getByRole('button', { name: 'No, cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Yes, proceed' }).click();
}

test('a space bought on the emulator gets role change at once; seats reach the member already in it; ownership goes and comes back', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  await signIn(page, 'sam@acme.test');
  await expect(page).toHaveURL(/\/mail-merges\/sent/);
  // Invitations leave from the inviter's own Gmail (the Gmail stand-in here).
  await connectGmail(page, 'sam@acme.test');
  await page.getByRole('combobox', { name: /Switch space/ }).click();
  await page.getByRole('option', { name: /Create a new space/ }).click();
  const create = page.getByRole('dialog', { name: 'Create a new space' });
  await create.getByLabel("Space's name").fill(SPACE);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(spacePath('sam-team-works', 'mail-merges/sent'));
  const prefix = new URL(page.url()).pathname.replace('/mail-merges/sent', '');

  // While the space is free, fred joins it as a free member; the counter names the members.
  await page.goto(`${prefix}/space/users`);
  await expect(page.getByText('1 member', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Manage seats' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage seats' });
  await expect(manage.getByRole('link', { name: 'Upgrade' })).toBeVisible();
  await expect(manage.getByRole('link', { name: 'Add seats' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add members' }).click();
  const add = page.getByRole('dialog', { name: 'Add members' });
  await expect(add.getByRole('combobox', { name: 'Email addresses' })).toBeFocused();
  await page.keyboard.type('fred@acme.test ');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('1 member successfully added.')).toBeVisible();
  await expect(page.getByText('2 members', { exact: true })).toBeVisible();

  const link = await invitationLinkMailedTo(request, 'fred@acme.test', SPACE);
  const fred = await newPerson(browser);
  await signIn(fred, 'fred@acme.test');
  await expect(fred).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await fred.goto(link);
  await expect(fred.getByText(`You have joined ${SPACE}.`)).toBeVisible();

  // sam buys 3 Pro seats: what was paid for is there at once.
  await buySeats(page, SPACE, 3, '4242 4242 4242 4242');
  await expect(
    page.getByText('Well done! You successfully purchased 3 Pro seats for your space.'),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(nav(page, 'Team report')).toBeVisible();
  await page.goto(`${prefix}/space/users`);
  await expect(page.getByText('1 of 3 seats used')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select fred@acme.test' }).click();
  let drawer = page.getByRole('dialog', { name: '1 member selected' });
  await drawer.getByRole('radio', { name: /^Admin/ }).check();
  await drawer.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByText('Role successfully updated.')).toBeVisible();
  const row = page.getByRole('table', { name: 'Members' }).getByRole('row', { name: /fred@acme\.test/ });
  await expect(row).toContainText('Admin');

  // fred joined as a free member: he gets one of the seats bought.
  await page.getByRole('checkbox', { name: 'Select fred@acme.test' }).click();
  drawer = page.getByRole('dialog', { name: '1 member selected' });
  await drawer.getByRole('button', { name: 'Give a seat' }).click();
  await expect(page.getByText('1 member now has a seat.')).toBeVisible();
  await expect(page.getByText('2 of 3 seats used')).toBeVisible();

  // sam hands the space to fred, whose Members page works and who hands it back.
  await transferTo(page, 'Fred Free (fred@acme.test)', `Transfer ${SPACE} ownership to Fred Free?`);
  await expect(page.getByText('Ownership transferred to fred@acme.test')).toBeVisible();

  await fred.goto(`${prefix}/space/users`);
  await expect(fred.getByRole('heading', { level: 1, name: `Members ${SPACE}` })).toBeVisible();
  await expect(fred.getByText('2 of 3 seats used')).toBeVisible();
  await expect(fred.getByRole('button', { name: 'Manage seats' })).toBeVisible();
  await transferTo(fred, 'Sam Stepfour (sam@acme.test)', `Transfer ${SPACE} ownership to Sam Stepfour?`);
  await expect(fred.getByText('Ownership transferred to sam@acme.test')).toBeVisible();
});
